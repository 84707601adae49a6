import { FormProvider } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { LeadSummary } from "@contract/leads";
import { DirtyFieldsFormFooter, useDirtyFieldsForm } from "@/components/dirty-fields-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { LEAD_EDIT_FIELDS, leadEditFormSchema, type LeadEditFormInput } from "./lead-form";
import { LeadInputs, LeadStatusInputs } from "./lead-inputs";
import { useUpdateLead } from "./lead-queries";

function formValues(lead: LeadSummary): LeadEditFormInput {
  return {
    businessOwnerName: lead.businessOwnerName,
    businessOwnerLastName: lead.businessOwnerLastName,
    businessName: lead.businessName,
    email: lead.email,
    phoneNumber: lead.phoneNumber ?? "",
    yearsInBusiness: lead.yearsInBusiness ?? "",
    industry: lead.industry ?? "",
    status: lead.status,
    priority: lead.priority,
  };
}

type LeadEditProps = { lead: LeadSummary | null; onOpenChange: (open: boolean) => void };

/** Edit Lead dialog: the Add Lead rules plus status and priority; only the changed fields are sent. */
export function LeadEdit({ lead, onOpenChange }: LeadEditProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={lead !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="lead-edit-dialog">
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
    defaultValues: formValues(lead),
    fields: LEAD_EDIT_FIELDS,
    save: (changes) => updateLead.mutateAsync({ id: lead.id, changes }),
    messages: { successTitle: t("leads.edit.successTitle"), success: t("leads.edit.success"), failed: t("leads.edit.failed") },
    onDone,
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <LeadInputs idPrefix="lead-edit" />
        <LeadStatusInputs idPrefix="lead-edit" />
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
