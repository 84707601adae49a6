import { useTranslation } from "react-i18next";
import type { LeadSummary } from "@contract/leads";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useDeleteLead } from "./lead-queries";

type LeadDeleteProps = { lead: LeadSummary | null; onOpenChange: (open: boolean) => void };

/** Asks before deleting: the lead's KPI data is deleted with it. */
export function LeadDelete({ lead, onOpenChange }: LeadDeleteProps) {
  const { t } = useTranslation();
  const deleteLead = useDeleteLead();

  const confirm = () => {
    if (!lead) return;
    deleteLead.mutate(lead.id, {
      onSuccess: () => {
        toast({ title: t("leads.delete.successTitle"), description: t("leads.delete.success") });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("leads.delete.failed")) }),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={lead !== null}
      onOpenChange={onOpenChange}
      title={t("leads.delete.title")}
      description={lead ? t("leads.delete.description", { name: lead.businessName }) : null}
      submitLabel={t("leads.delete.submit")}
      submittingLabel={t("leads.delete.submitting")}
      pending={deleteLead.isPending}
      onConfirm={confirm}
      data-testid="lead-delete-dialog"
    />
  );
}
