import { useState } from "react";
import { ListTodo, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TASK_PAGE_DEFAULT, type Task, type TaskListQueryInput } from "@contract/tasks";
import { DataTableState, useCursorPaging } from "@/components/data-table-state";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { LeadChoice } from "./lead-picker";
import { TaskCard } from "./task-card";
import { TaskDeleteDialog } from "./task-delete-dialog";
import { TaskEditDialog, type OpenedTask } from "./task-edit-dialog";
import { useTaskList } from "./task-queries";
import type { TaskFilters } from "./use-task-filters";

type TaskListProps = {
  filters: TaskFilters;
  filtered: boolean;
  onClearFilters: () => void;
  onShowLead: (lead: LeadChoice) => void;
};

function listQuery(filters: TaskFilters, cursor: string | undefined): TaskListQueryInput {
  return {
    leadId: filters.leadId ?? undefined,
    status: filters.status || undefined,
    due: filters.due || undefined,
    assignee: filters.assignee || undefined,
    limit: TASK_PAGE_DEFAULT,
    cursor,
  };
}

/** The task cards, a page at a time; the parent keys it by the filters, so a new filter starts at the first page. */
export function TaskList({ filters, filtered, onClearFilters, onShowLead }: TaskListProps) {
  const { t } = useTranslation();
  const { cursor, paging } = useCursorPaging();
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [opened, setOpened] = useState<OpenedTask | null>(null);
  const tasks = useTaskList(listQuery(filters, cursor));
  const page = tasks.data;
  const rows = page?.rows ?? [];

  return (
    <>
      <DataTableState
        query={tasks}
        rowCount={rows.length}
        testId="tasks"
        loadingText={t("tasks.list.loading")}
        errorText={(message) => t("tasks.list.error", { message })}
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title={t("tasks.list.emptyFiltered")}
              action={
                <Button variant="outline" size="sm" onClick={onClearFilters}>
                  {t("tasks.list.clearFilters")}
                </Button>
              }
              data-testid="tasks-empty"
            />
          ) : (
            <EmptyState icon={ListTodo} title={t("tasks.list.empty")} data-testid="tasks-empty" />
          )
        }
        paging={
          page
            ? {
                label: t("tasks.list.pagination"),
                testId: "tasks-pagination-summary",
                ...paging(page, TASK_PAGE_DEFAULT),
              }
            : undefined
        }
      >
        <ul className="grid gap-3 p-4 lg:grid-cols-2" aria-label={t("tasks.list.title")} data-testid="task-list">
          {rows.map((task) => (
            <TaskCard key={task.id} task={task} onOpen={(chosen, opener) => setOpened({ task: chosen, opener })} onDelete={setDeleting} onShowLead={onShowLead} />
          ))}
        </ul>
      </DataTableState>
      <TaskEditDialog opened={opened} onOpenChange={(open) => !open && setOpened(null)} />
      <TaskDeleteDialog task={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
