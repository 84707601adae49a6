import { useState } from "react";
import { Plus } from "lucide-react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { taskEndpoints } from "@contract/tasks";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import type { LeadChoice } from "./lead-picker";
import { emptyTaskForm, TASK_FORM_FIELDS, TaskForm, taskFormSchema, type TaskFormInput, type TaskFormValues } from "./task-form";
import { useCreateTask } from "./task-queries";
import { WhenAllowed } from "@/components/when-allowed";
import { useCurrentUser } from "@/lib/session";

/**
 * The New Task button and its dialog; `lead` is the new task's lead to begin with (the lead the task list is filtered
 * by, or the lead whose page it is on). `compact`: an outline button beside a record's other actions.
 */
export function TaskCreateDialog({ lead, compact = false }: { lead: LeadChoice | null; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <WhenAllowed endpoint={taskEndpoints.create}>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button data-testid="task-new" {...(compact ? { variant: "outline", size: "sm" } : {})}>
            <Plus aria-hidden="true" />
            {t("tasks.newTask")}
          </Button>
        </DialogTrigger>
        <DialogContent className="sm:max-w-xl" data-testid="task-create-dialog">
          <DialogHeader>
            <DialogTitle>{t("tasks.create.title")}</DialogTitle>
            <DialogDescription>{t("tasks.create.description")}</DialogDescription>
          </DialogHeader>
          {/* Mounted only while open: each opening starts from an empty form with the current lead. */}
          {open ? <TaskCreateForm lead={lead} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </WhenAllowed>
  );
}

function TaskCreateForm({ lead, onDone }: { lead: LeadChoice | null; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const me = useCurrentUser().data ?? null;
  const createTask = useCreateTask();
  const form = useForm<TaskFormInput, unknown, TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: emptyTaskForm(lead, me?.id ?? null),
  });

  const onSubmit = form.handleSubmit((values) =>
    createTask.mutate(values, {
      onSuccess: () => {
        form.reset(emptyTaskForm(lead, me?.id ?? null));
        toast({ title: t("common.success"), description: t("tasks.create.success") });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, TASK_FORM_FIELDS);
        toast({ variant: "destructive", title: t("tasks.create.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
      },
    }),
  );

  return (
    <TaskForm
      form={form}
      onSubmit={onSubmit}
      label={t("tasks.create.title")}
      initialLead={lead}
      recurrenceHint={t("tasks.fields.recurrenceHint")}
      submitLabel={t("tasks.create.submit")}
      submittingLabel={t("tasks.create.submitting")}
      submitting={createTask.isPending}
      submitTestId="task-create-submit"
    />
  );
}
