import { useState } from "react";
import { Plus } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { taskEndpoints, taskCreateSchema, taskPriorities, taskRecurrences, taskStatuses, type TaskCreate, type TaskCreateInput } from "@contract/tasks";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { WhenAllowed } from "@/features/auth/when-allowed";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/features/auth/auth-queries";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { LeadPicker, type LeadChoice } from "./lead-picker";
import { taskPriorityLabel, taskRecurrenceLabel, taskStatusLabel } from "./task-labels";
import { useCreateTask, useTaskAssignees } from "./task-queries";

const FIELDS = ["title", "description", "dueDate", "priority", "status", "recurrence", "leadId", "assigneeId"] as const;

function emptyTask(lead: LeadChoice | null, assigneeId: number | null): TaskCreateInput {
  return {
    title: "",
    description: "",
    dueDate: "",
    priority: "medium",
    status: "open",
    recurring: false,
    recurrence: null,
    leadId: lead?.id ?? null,
    assigneeId,
  };
}

/** The New Task button and its dialog; the lead the list is filtered by is the new task's lead to begin with. */
export function TaskCreateDialog({ lead }: { lead: LeadChoice | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <WhenAllowed endpoint={taskEndpoints.create}>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button data-testid="task-new">
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
  const assignees = useTaskAssignees();
  const createTask = useCreateTask();
  const [leadChoice, setLeadChoice] = useState<LeadChoice | null>(lead);
  const form = useForm<TaskCreateInput, unknown, TaskCreate>({
    resolver: zodResolver(taskCreateSchema),
    defaultValues: emptyTask(lead, me?.id ?? null),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createTask.mutate(values, {
      onSuccess: () => {
        form.reset(emptyTask(lead, me?.id ?? null));
        toast({ title: t("common.success"), description: t("tasks.create.success") });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        toast({ variant: "destructive", title: t("tasks.create.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
      },
    }),
  );

  const titleError = message(errors.title?.message);
  const descriptionError = message(errors.description?.message);
  const dueError = message(errors.dueDate?.message);
  const leadError = message(errors.leadId?.message);
  const recurrenceHint = t("tasks.fields.recurrenceHint");

  const assigneeOptions = (assignees.data ?? []).map((person) => ({
    value: String(person.id),
    label: person.id === me?.id ? t("tasks.fields.assigneeMe", { name: person.name }) : person.name,
  }));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("tasks.create.title")}>
      <FormField id="task-title" label={t("tasks.fields.title")} error={titleError}>
        <Input autoFocus placeholder={t("tasks.fields.titlePlaceholder")} {...fieldA11yProps("task-title", titleError)} {...form.register("title")} />
      </FormField>
      <FormField id="task-description" label={t("tasks.fields.description")} error={descriptionError}>
        <Textarea
          rows={3}
          placeholder={t("tasks.fields.descriptionPlaceholder")}
          {...fieldA11yProps("task-description", descriptionError)}
          {...form.register("description")}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="task-due-date" label={t("tasks.fields.dueDate")} error={dueError}>
          <Input type="date" {...fieldA11yProps("task-due-date", dueError)} {...form.register("dueDate")} />
        </FormField>
        <Controller
          control={form.control}
          name="recurrence"
          render={({ field, fieldState }) => (
            <div className="grid gap-1.5">
              <SelectField
                id="task-recurrence"
                label={t("tasks.fields.recurrence")}
                value={field.value ?? ""}
                onChange={(value) => {
                  const recurrence = taskRecurrences.find((r) => r === value) ?? null;
                  field.onChange(recurrence);
                  // The one choice says both whether the task recurs and how often.
                  form.setValue("recurring", recurrence !== null);
                }}
                onBlur={field.onBlur}
                placeholder={t("tasks.recurrence.none")}
                noneLabel={t("tasks.recurrence.none")}
                options={taskRecurrences.map((value) => ({ value, label: taskRecurrenceLabel(t, value) }))}
                error={message(fieldState.error?.message)}
              />
              {fieldState.error ? null : <p className="text-xs text-muted-foreground">{recurrenceHint}</p>}
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="priority"
          render={({ field, fieldState }) => (
            <SelectField
              id="task-priority"
              label={t("tasks.fields.priority")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t("tasks.fields.selectPlaceholder")}
              options={taskPriorities.map((value) => ({ value, label: taskPriorityLabel(t, value) }))}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field, fieldState }) => (
            <SelectField
              id="task-status"
              label={t("tasks.fields.status")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t("tasks.fields.selectPlaceholder")}
              options={taskStatuses.map((value) => ({ value, label: taskStatusLabel(t, value) }))}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <FormField id="task-lead" label={t("tasks.fields.lead")} error={leadError}>
          <LeadPicker
            id="task-lead"
            value={leadChoice}
            noneLabel={t("tasks.fields.noLead")}
            aria-describedby={leadError ? "task-lead-error" : undefined}
            onChange={(choice) => {
              setLeadChoice(choice);
              form.setValue("leadId", choice?.id ?? null, { shouldDirty: true, shouldValidate: true });
            }}
          />
        </FormField>
        <Controller
          control={form.control}
          name="assigneeId"
          render={({ field, fieldState }) => (
            <SelectField
              id="task-assignee"
              label={t("tasks.fields.assignee")}
              value={field.value ? String(field.value) : ""}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              onBlur={field.onBlur}
              placeholder={assignees.isPending ? t("common.loading") : t("tasks.fields.selectPlaceholder")}
              options={assigneeOptions}
              error={message(fieldState.error?.message)}
              disabled={assignees.isPending}
            />
          )}
        />
      </div>
      <DialogFooter className="mt-2">
        <DialogClose asChild>
          <Button variant="outline">{t("common.cancel")}</Button>
        </DialogClose>
        <Button type="submit" disabled={createTask.isPending} data-testid="task-create-submit">
          {createTask.isPending ? t("tasks.create.submitting") : t("tasks.create.submit")}
        </Button>
      </DialogFooter>
    </form>
  );
}
