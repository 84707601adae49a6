import { useState } from "react";
import { useTranslation } from "react-i18next";
import { taskEndpoints, type Task } from "@contract/tasks";
import { useDirtyFieldsForm } from "@/components/dirty-fields-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TASK_FORM_FIELDS, TaskForm, taskFormSchema, taskFormValues } from "./task-form";
import { useUpdateTask } from "./task-queries";
import { useMayCall } from "@/lib/authorization";
import { useCurrentUser } from "@/lib/session";

/** A task being looked at, and the control that opened it (the focus goes back there when the dialog closes). */
export type OpenedTask = { task: Task; opener: HTMLElement | null };

type TaskEditDialogProps = { opened: OpenedTask | null; onOpenChange: (open: boolean) => void };

/** An opened task: the New Task form filled in with it, saving only what changed. Open while `opened` is set. */
export function TaskEditDialog({ opened, onOpenChange }: TaskEditDialogProps) {
  const { t } = useTranslation();
  // The last task opened stays shown while the dialog closes (and says where the focus goes back to).
  const [shown, setShown] = useState(opened);
  if (opened && opened !== shown) setShown(opened);
  const opener = shown?.opener ?? null;
  return (
    <Dialog open={opened !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        data-testid="task-edit-dialog"
        // Opened without a DialogTrigger, Radix has nowhere to put the focus back: the card's title button takes it.
        onCloseAutoFocus={(event) => {
          if (!opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("tasks.edit.title")}</DialogTitle>
          <DialogDescription>{t("tasks.edit.description")}</DialogDescription>
        </DialogHeader>
        {/* The content is mounted afresh at each opening: the form starts from what the task holds then. */}
        {shown ? <TaskEditForm key={shown.task.id} task={shown.task} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TaskEditForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const { t } = useTranslation();
  const updateTask = useUpdateTask();
  const mayUpdate = useMayCall(taskEndpoints.update);
  const role = useCurrentUser().data?.role;
  const { form, onSubmit, isSubmitting } = useDirtyFieldsForm({
    schema: taskFormSchema,
    defaultValues: taskFormValues(task),
    fields: TASK_FORM_FIELDS,
    save: ({ assigneeId, ...changes }) =>
      // The form offers no "nobody": a task without an assignee keeps none until someone is chosen.
      updateTask.mutateAsync({ id: task.id, changes: assigneeId == null ? changes : { ...changes, assigneeId } }),
    messages: { successTitle: t("common.success"), success: t("tasks.update.success"), failed: t("tasks.update.failed") },
    onDone,
  });

  return (
    <TaskForm
      form={form}
      onSubmit={onSubmit}
      label={t("tasks.edit.title")}
      initialLead={task.leadId === null ? null : { id: task.leadId, name: task.leadName ?? t("tasks.forLead.unknown", { id: task.leadId }) }}
      recurrenceHint={t("tasks.edit.recurrenceHint")}
      submitLabel={t("tasks.edit.submit")}
      submittingLabel={t("tasks.edit.submitting")}
      submitting={isSubmitting}
      submitTestId="task-edit-submit"
      readOnlyReason={mayUpdate === false ? t("tasks.edit.notAllowed", { role: role ? t(`roleNames.${role}`) : "" }) : null}
    />
  );
}
