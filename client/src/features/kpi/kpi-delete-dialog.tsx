import { useTranslation } from "react-i18next";
import type { KpiRecord } from "@contract/kpi";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useDeleteKpi } from "./kpi-queries";

type KpiDeleteDialogProps = { record: KpiRecord | null; onOpenChange: (open: boolean) => void; onDeleted: () => void };

/** Asks before deleting a lead's KPI record (the lead itself stays). */
export function KpiDeleteDialog({ record, onOpenChange, onDeleted }: KpiDeleteDialogProps) {
  const { t } = useTranslation();
  const deleteKpi = useDeleteKpi();

  const confirm = () => {
    if (!record) return;
    deleteKpi.mutate(record.id, {
      onSuccess: () => {
        toast({ title: t("kpi.delete.successTitle"), description: t("kpi.delete.success") });
        onDeleted();
        onOpenChange(false);
      },
      onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("kpi.delete.failed")) }),
    });
  };

  return (
    <AlertDialog open={record !== null} onOpenChange={(open) => !deleteKpi.isPending && onOpenChange(open)}>
      <AlertDialogContent data-testid="kpi-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t("kpi.delete.title")}</AlertDialogTitle>
          <AlertDialogDescription>{record ? t("kpi.delete.description", { name: record.businessName }) : null}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteKpi.isPending}>{t("common.cancel")}</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={deleteKpi.isPending}>
            {deleteKpi.isPending ? t("kpi.delete.submitting") : t("kpi.delete.submit")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
