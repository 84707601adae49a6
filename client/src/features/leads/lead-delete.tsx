import { useState } from "react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { leadEndpoints, type LeadSummary } from "@contract/leads";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { RefusedButton } from "@/components/refused-button";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { useDeleteLead } from "./lead-queries";

type DeletedLead = Pick<LeadSummary, "id" | "businessName">;
type LeadDeleteProps = { lead: DeletedLead | null; onOpenChange: (open: boolean) => void; onDeleted?: () => void };

/** Asks before deleting: the lead's KPI data is deleted with it. */
export function LeadDelete({ lead, onOpenChange, onDeleted }: LeadDeleteProps) {
  const { t } = useTranslation();
  const deleteLead = useDeleteLead(onDeleted);

  // Awaited rather than given to mutate: the page of a deleted lead has left by the time it answers (onDeleted), and a
  // component's mutate callbacks do not run once it is gone.
  const confirm = async () => {
    if (!lead) return;
    try {
      await deleteLead.mutateAsync(lead.id);
      toast({ title: t("leads.delete.successTitle"), description: t("leads.delete.success") });
      onOpenChange(false);
    } catch (error) {
      toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("leads.delete.failed")) });
    }
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
      onConfirm={() => void confirm()}
      data-testid="lead-delete-dialog"
    />
  );
}

/**
 * The lead page's Delete: asks as the list's does, then opens the leads list in the deleted lead's place in the history
 * (back does not return to a page that is gone). A role that may not delete sees it disabled, with the reason.
 */
export function LeadPageDelete({ lead }: { lead: DeletedLead }) {
  const { t } = useTranslation();
  const mayDelete = useMayCall(leadEndpoints.remove);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const label = t("leads.actions.delete", { name: lead.businessName });
  if (mayDelete === undefined) return null;
  if (!mayDelete) {
    return (
      <RefusedButton reason={t("leadPage.deleteRefused")} aria-label={label} data-testid="lead-page-delete">
        <Trash2 aria-hidden="true" />
        {t("leads.actions.deleteShort")}
      </RefusedButton>
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" aria-label={label} onClick={() => setOpen(true)} data-testid="lead-page-delete">
        <Trash2 aria-hidden="true" />
        {t("leads.actions.deleteShort")}
      </Button>
      <LeadDelete lead={open ? lead : null} onOpenChange={setOpen} onDeleted={() => navigate("/leads", { replace: true })} />
    </>
  );
}
