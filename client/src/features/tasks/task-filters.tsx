import { useTranslation } from "react-i18next";
import { taskDueFilters, taskStatuses } from "@contract/tasks";
import { FormField } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { LeadPicker, type LeadChoice } from "./lead-picker";
import { taskStatusLabel } from "./task-labels";
import { staffLabel, useStaffDirectory } from "@/lib/staff";
import type { TaskFiltersState } from "./use-task-filters";
import { useCurrentUser } from "@/lib/session";

type TaskFiltersProps = { state: TaskFiltersState; lead: LeadChoice | null; onLeadChange: (lead: LeadChoice | null) => void };

/** Lead (spec §2), then status, due date and assignee; each choice narrows the list at once. */
export function TaskFilters({ state, lead, onLeadChange }: TaskFiltersProps) {
  const { t } = useTranslation();
  const me = useCurrentUser().data ?? null;
  const assignees = useStaffDirectory();
  const { filters, setFilters } = state;

  const assigneeOptions = [
    { value: "me", label: t("tasks.filters.me") },
    ...(assignees.data ?? []).filter((person) => person.id !== me?.id).map((person) => ({ value: String(person.id), label: staffLabel(t, person) })),
  ];

  return (
    <div role="search" aria-label={t("tasks.filters.label")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="task-filters">
      <FormField id="task-filter-lead" label={t("tasks.filters.lead")}>
        <LeadPicker id="task-filter-lead" value={lead} noneLabel={t("tasks.filters.allLeads")} onChange={onLeadChange} />
      </FormField>
      <SelectField
        id="task-filter-status"
        label={t("tasks.filters.status")}
        value={filters.status}
        onChange={(value) => setFilters({ status: value })}
        placeholder={t("tasks.filters.allStatuses")}
        noneLabel={t("tasks.filters.allStatuses")}
        options={taskStatuses.map((value) => ({ value, label: taskStatusLabel(t, value) }))}
      />
      <SelectField
        id="task-filter-due"
        label={t("tasks.filters.due")}
        value={filters.due}
        onChange={(value) => setFilters({ due: value })}
        placeholder={t("tasks.filters.anyDue")}
        noneLabel={t("tasks.filters.anyDue")}
        options={taskDueFilters.map((value) => ({ value, label: t(`tasks.dueFilter.${value}`) }))}
      />
      <SelectField
        id="task-filter-assignee"
        label={t("tasks.filters.assignee")}
        value={filters.assignee}
        onChange={(value) => setFilters({ assignee: value })}
        placeholder={t("tasks.filters.anyone")}
        noneLabel={t("tasks.filters.anyone")}
        options={assigneeOptions}
      />
    </div>
  );
}
