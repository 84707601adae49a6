import { useTranslation } from "react-i18next";
import type { Task } from "@contract/tasks";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useDeleteTask } from "./task-queries";

type TaskDeleteDialogProps = { task: Task | null; onOpenChange: (open: boolean) => void };

/** Asks before deleting a task (spec §8 toasts on either outcome). */
export function TaskDeleteDialog({ task, onOpenChange }: TaskDeleteDialogProps) {
  const { t } = useTranslation();
  const deleteTask = useDeleteTask();

  const confirm = () => {
    if (!task) return;
    deleteTask.mutate(task.id, {
      onSuccess: () => {
        toast({ title: t("common.success"), description: t("tasks.delete.success") });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({ variant: "destructive", title: t("tasks.delete.failed"), description: apiErrorMessage(error, t("common.networkError")) }),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={task !== null}
      onOpenChange={onOpenChange}
      title={t("tasks.delete.title")}
      description={task ? t("tasks.delete.description", { title: task.title }) : null}
      submitLabel={t("tasks.delete.submit")}
      submittingLabel={t("tasks.delete.submitting")}
      pending={deleteTask.isPending}
      onConfirm={confirm}
      data-testid="task-delete-dialog"
    />
  );
}
