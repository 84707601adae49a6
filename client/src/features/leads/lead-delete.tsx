import { useTranslation } from "react-i18next";
import type { Lead } from "@contract/leads";
import { Button } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useDeleteLead } from "./lead-queries";

type LeadDeleteProps = { lead: Lead | null; onOpenChange: (open: boolean) => void };

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
    <AlertDialog open={lead !== null} onOpenChange={(open) => !deleteLead.isPending && onOpenChange(open)}>
      <AlertDialogContent data-testid="lead-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("leads.delete.title")}</AlertDialogTitle>
          <AlertDialogDescription>{lead ? t("leads.delete.description", { name: lead.businessName }) : null}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteLead.isPending}>{t("common.cancel")}</AlertDialogCancel>
          {/* Not AlertDialogAction: that closes the dialog at once, before the answer says whether it worked. */}
          <Button variant="destructive" onClick={confirm} disabled={deleteLead.isPending}>
            {deleteLead.isPending ? t("leads.delete.submitting") : t("leads.delete.submit")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
