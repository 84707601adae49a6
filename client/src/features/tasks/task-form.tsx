import { useId, useState, type FormEventHandler } from "react";
import { LockKeyhole } from "lucide-react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { taskCreateSchema, taskPriorities, taskRecurrences, taskStatuses, type Task, type TaskCreate, type TaskCreateInput } from "@contract/tasks";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useValidationMessage } from "@/lib/validation-message";
import { LeadPicker, type LeadChoice } from "./lead-picker";
import { taskPriorityLabel, taskRecurrenceLabel, taskStatusLabel } from "./task-labels";
import { staffLabel, useStaffDirectory } from "@/lib/staff";
import { useCurrentUser } from "@/lib/session";

/**
 * The one schema the task form checks, whether it creates a task or edits one: the rules the API creates a task by.
 * Editing checks the whole task as it would be after the change, then sends only what changed.
 */
export const taskFormSchema = taskCreateSchema;
export type TaskFormInput = TaskCreateInput;
export type TaskFormValues = TaskCreate;
export type TaskFormState = UseFormReturn<TaskFormInput, unknown, TaskFormValues>;

/** The fields the form edits; a server message about one of them is shown beside it. */
export const TASK_FORM_FIELDS = ["title", "description", "dueDate", "priority", "status", "recurrence", "leadId", "assigneeId"] as const;

/** A new task's form: nothing filled in but the lead the list shows and the person creating it. */
export function emptyTaskForm(lead: LeadChoice | null, assigneeId: number | null): TaskFormInput {
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

/** An existing task's form, filled in with what it holds now (empty text where it has none). */
export function taskFormValues(task: Task): TaskFormInput {
  return {
    title: task.title,
    description: task.description ?? "",
    dueDate: task.dueDate ?? "",
    priority: task.priority,
    status: task.status,
    recurring: task.recurrence !== null,
    recurrence: task.recurrence,
    leadId: task.leadId,
    assigneeId: task.assignee?.id ?? null,
  };
}

type TaskFormProps = {
  form: TaskFormState;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name (the dialog's title). */
  label: string;
  /** The lead the form starts with, with its name for the picker. */
  initialLead: LeadChoice | null;
  /** Said under Repeats: what choosing a repetition does here. */
  recurrenceHint: string;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  submitTestId: string;
  /** Why this person may not save: the fields are shown read-only, Save is disabled, and this says why beside it. */
  readOnlyReason?: string | null;
};

/** The task's fields, Cancel and Save: the New Task dialog and the edit dialog both show this one form. */
export function TaskForm({ form, onSubmit, label, initialLead, recurrenceHint, submitLabel, submittingLabel, submitting, submitTestId, readOnlyReason }: TaskFormProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const me = useCurrentUser().data ?? null;
  const assignees = useStaffDirectory();
  const [leadChoice, setLeadChoice] = useState<LeadChoice | null>(initialLead);
  const reasonId = useId();
  const readOnly = Boolean(readOnlyReason);
  const { errors } = form.formState;

  const titleError = message(errors.title?.message);
  const descriptionError = message(errors.description?.message);
  const dueError = message(errors.dueDate?.message);
  const leadError = message(errors.leadId?.message);

  // Active staff can be given the task; a deactivated holder stays on offer (marked) so opening the form changes nothing.
  const holder = form.formState.defaultValues?.assigneeId ?? null;
  const assigneeOptions = (assignees.data ?? [])
    .filter((person) => person.active || person.id === holder)
    .map((person) => ({
      value: String(person.id),
      label: person.id === me?.id ? t("tasks.fields.assigneeMe", { name: person.name }) : staffLabel(t, person),
    }));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={label}>
      {/* A disabled fieldset disables every control in it: what a role may not change is shown, not offered. */}
      <fieldset disabled={readOnly} className="grid min-w-0 gap-3">
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
        <div className="grid items-start gap-3 sm:grid-cols-2">
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
                  disabled={readOnly}
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
                disabled={readOnly}
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
                disabled={readOnly}
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
                disabled={readOnly || assignees.isPending}
              />
            )}
          />
        </div>
      </fieldset>
      {readOnlyReason ? (
        <p id={reasonId} className="flex items-start gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground" data-testid="task-form-read-only">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{readOnlyReason}</span>
        </p>
      ) : null}
      <DialogFormFooter
        pending={submitting}
        disabled={readOnly}
        submitLabel={submitLabel}
        pendingLabel={submittingLabel}
        submitDescribedBy={readOnlyReason ? reasonId : undefined}
        submitTestId={submitTestId}
      />
    </form>
  );
}
