import { useTranslation } from "react-i18next";
import type { KpiRecord } from "@contract/kpi";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
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
    <ConfirmDeleteDialog
      open={record !== null}
      onOpenChange={onOpenChange}
      title={t("kpi.delete.title")}
      description={record ? t("kpi.delete.description", { name: record.businessName }) : null}
      submitLabel={t("kpi.delete.submit")}
      submittingLabel={t("kpi.delete.submitting")}
      pending={deleteKpi.isPending}
      onConfirm={confirm}
      data-testid="kpi-delete-dialog"
    />
  );
}
