import { useCallback, useMemo } from "react";
import { useSearchParams } from "wouter";
import { taskDueFilters, taskStatuses, type TaskDueFilter, type TaskStatus } from "@contract/tasks";

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T => value !== null && (list as readonly string[]).includes(value);

/** "me" or a staff member's id; "" for anyone. */
export type AssigneeFilter = "me" | `${number}` | "";

export type TaskFilters = {
  leadId: number | null;
  status: TaskStatus | "";
  due: TaskDueFilter | "";
  assignee: AssigneeFilter;
};

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

function assigneeFilter(value: string | null): AssigneeFilter {
  if (value === "me") return "me";
  const id = positiveId(value);
  return id === null ? "" : `${id}`;
}

/**
 * The task list's filters live in the query string (/tasks?leadId=12&status=open), so a lead's "Tasks" link, a
 * reload and Back all show the same list. Unknown values count as no filter.
 */
export function useTaskFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<TaskFilters>(() => {
    const status = params.get("status");
    const due = params.get("due");
    return {
      leadId: positiveId(params.get("leadId")),
      status: isOneOf(taskStatuses, status) ? status : "",
      due: isOneOf(taskDueFilters, due) ? due : "",
      assignee: assigneeFilter(params.get("assignee")),
    };
  }, [params]);

  const setFilters = useCallback(
    /** Values as the query string holds them; what is not a valid filter is read back as no filter. */
    (changes: { [K in keyof TaskFilters]?: string | number | null }) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) continue;
            if (value === null || value === "") next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** A task a link points at (a notification's /tasks?id=12): shown above the list whatever the filters. */
  const linkedTaskId = positiveId(params.get("id"));

  const activeCount = [filters.leadId !== null, filters.status, filters.due, filters.assignee].filter(Boolean).length;

  return {
    filters,
    setFilters,
    linkedTaskId,
    clearLinkedTask: useCallback(
      () =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.delete("id");
            return next;
          },
          { replace: true },
        ),
      [setParams],
    ),
    activeCount,
    clear: useCallback(() => setFilters({ leadId: null, status: "", due: "", assignee: "" }), [setFilters]),
  };
}

export type TaskFiltersState = ReturnType<typeof useTaskFilters>;
