import { FormProvider } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { LeadSummary } from "@contract/leads";
import { DirtyFieldsFormFooter, useDirtyFieldsForm } from "@/components/dirty-fields-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { LEAD_EDIT_FIELDS, LEAD_EDIT_HELD, leadEditFormSchema, leadEditFormValues } from "./lead-form";
import { LeadDuplicateHints } from "./lead-duplicate-hints";
import { LeadInputs } from "./lead-inputs";
import { useUpdateLead } from "./lead-queries";

type LeadEditProps = { lead: LeadSummary | null; onOpenChange: (open: boolean) => void };

/** Edit Lead dialog: the Add Lead rules plus status, priority, assignee, source and tags; only the changed fields are sent. */
export function LeadEdit({ lead, onOpenChange }: LeadEditProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={lead !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="lead-edit-dialog">
        <DialogHeader>
          <DialogTitle>{t("leads.edit.title")}</DialogTitle>
          <DialogDescription>{lead ? t("leads.edit.description", { name: lead.businessName }) : null}</DialogDescription>
        </DialogHeader>
        {lead ? <LeadEditForm key={lead.id} lead={lead} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LeadEditForm({ lead, onDone }: { lead: LeadSummary; onDone: () => void }) {
  const { t } = useTranslation();
  const updateLead = useUpdateLead();
  const { form, onSubmit, isDirty, isSubmitting } = useDirtyFieldsForm({
    schema: leadEditFormSchema,
    defaultValues: leadEditFormValues(lead),
    fields: LEAD_EDIT_HELD,
    save: (changes) => updateLead.mutateAsync({ id: lead.id, changes }),
    messages: { successTitle: t("leads.edit.successTitle"), success: t("leads.edit.success"), failed: t("leads.edit.failed") },
    onDone,
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <LeadInputs idPrefix="lead-edit" fields={LEAD_EDIT_FIELDS} />
        <LeadDuplicateHints idPrefix="lead-edit" excludeId={lead.id} />
        <DirtyFieldsFormFooter
          isDirty={isDirty}
          isSubmitting={isSubmitting}
          submitLabel={t("leads.edit.submit")}
          submittingLabel={t("leads.edit.submitting")}
        />
      </form>
    </FormProvider>
  );
}
