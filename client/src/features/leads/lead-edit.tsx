import { FormProvider, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { Lead, LeadInputRaw } from "@contract/leads";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { LEAD_FORM_FIELDS, leadEditFormSchema, type LeadEditFormInput, type LeadEditFormOutput } from "./lead-form";
import { LeadInputs, LeadStatusInputs } from "./lead-inputs";
import { useUpdateLead } from "./lead-queries";

function formValues(lead: Lead): LeadEditFormInput {
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

type LeadEditProps = { lead: Lead | null; onOpenChange: (open: boolean) => void };

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

function LeadEditForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const updateLead = useUpdateLead();
  const form = useForm<LeadEditFormInput, unknown, LeadEditFormOutput>({
    resolver: zodResolver(leadEditFormSchema),
    defaultValues: formValues(lead),
  });
  const { isDirty, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const changed = (Object.keys(values) as (keyof LeadEditFormOutput)[]).filter((key) => dirtyFields[key]);
    if (changed.length === 0) return onDone();
    const changes = Object.fromEntries(changed.map((key) => [key, values[key]])) as Partial<LeadInputRaw>;
    updateLead.mutate(
      { id: lead.id, changes },
      {
        onSuccess: () => {
          toast({ title: t("leads.edit.successTitle"), description: t("leads.edit.success") });
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, [...LEAD_FORM_FIELDS, "status", "priority"]);
          toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("leads.edit.failed"))) });
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <LeadInputs idPrefix="lead-edit" />
        <LeadStatusInputs idPrefix="lead-edit" />
        <DialogFooter className="mt-2">
          <DialogClose asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={!isDirty || updateLead.isPending}>
            {updateLead.isPending ? t("leads.edit.submitting") : t("leads.edit.submit")}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
