import { useState } from "react";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { LeadChoice } from "./lead-picker";
import { TaskCreateDialog } from "./task-create-dialog";
import { TaskFilters } from "./task-filters";
import { LinkedTask } from "./linked-task";
import { TaskList } from "./task-list";
import { useLeadName } from "./task-queries";
import { useTaskFilters } from "./use-task-filters";

/**
 * Task Management (spec §2): the New Task dialog, the filters (lead first) and the task cards. /tasks?leadId=12 opens
 * the list of one lead's tasks (the Tasks link on a lead's row leads here); /tasks?id=7 (a notification's link) shows
 * that task above the list.
 */
export default function TasksPage() {
  const { t } = useTranslation();
  const filterState = useTaskFilters();
  const { filters } = filterState;
  // The name of a lead picked here is known already; a lead from a link is read once.
  const [picked, setPicked] = useState<LeadChoice | null>(null);
  const known = picked && picked.id === filters.leadId ? picked : null;
  const fetched = useFilteredLead(known ? null : filters.leadId);
  const lead = known ?? fetched;
  const showLead = (choice: LeadChoice | null) => {
    setPicked(choice);
    filterState.setFilters({ leadId: choice?.id ?? null });
  };

  return (
    <Card className="min-w-0" data-testid="tasks-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{lead ? t("tasks.forLead.showing", { name: lead.name }) : t("tasks.list.title")}</CardTitle>
          <CardDescription>{t("tasks.list.description")}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {filterState.activeCount > 0 ? (
            <Button variant="ghost" onClick={filterState.clear} data-testid="tasks-clear-filters">
              <X aria-hidden="true" />
              {t("tasks.list.clearFilters")}
            </Button>
          ) : null}
          <TaskCreateDialog lead={lead} />
        </div>
      </CardHeader>
      <div className="px-4 pb-4">
        <TaskFilters state={filterState} lead={lead} onLeadChange={showLead} />
      </div>
      {filterState.linkedTaskId !== null ? (
        <LinkedTask key={filterState.linkedTaskId} id={filterState.linkedTaskId} onClose={filterState.clearLinkedTask} onShowLead={showLead} />
      ) : null}
      <TaskList
        key={JSON.stringify(filters)}
        filters={filters}
        filtered={filterState.activeCount > 0}
        onClearFilters={filterState.clear}
        onShowLead={showLead}
      />
    </Card>
  );
}

/** The lead the list is narrowed to, with its name: known when it was picked here, read from the API for a link. */
function useFilteredLead(leadId: number | null): LeadChoice | null {
  const { t } = useTranslation();
  const name = useLeadName(leadId);
  if (leadId === null) return null;
  return { id: leadId, name: name.data ?? (name.isPending ? t("common.loading") : t("tasks.forLead.unknown", { id: leadId })) };
}
