import { useState } from "react";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Task } from "@contract/tasks";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import type { LeadChoice } from "./lead-picker";
import { TaskCard } from "./task-card";
import { TaskDeleteDialog } from "./task-delete-dialog";
import { TaskEditDialog, type OpenedTask } from "./task-edit-dialog";
import { useTask } from "./task-queries";

type LinkedTaskProps = { id: number; onClose: () => void; onShowLead: (lead: LeadChoice) => void };

/** The task a notification links to (/tasks?id=12), above the list, whatever the filters show. */
export function LinkedTask({ id, onClose, onShowLead }: LinkedTaskProps) {
  const { t } = useTranslation();
  const task = useTask(id);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [opened, setOpened] = useState<OpenedTask | null>(null);

  return (
    <section aria-labelledby="linked-task-title" className="mx-4 mb-4 grid gap-2 rounded-lg border border-dashed border-ring/60 p-3" data-testid="linked-task">
      <div className="flex items-center justify-between gap-2">
        <h3 id="linked-task-title" className="text-sm font-semibold">
          {t("tasks.linked.title")}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X aria-hidden="true" />
          {t("tasks.linked.close")}
        </Button>
      </div>
      {task.isPending ? (
        <Spinner label={t("tasks.list.loading")} />
      ) : task.isError ? (
        apiErrorStatus(task.error) === 404 ? (
          <p className="text-muted-foreground">{t("tasks.linked.gone")}</p>
        ) : (
          <RetryAlert
            message={t("tasks.list.error", { message: apiErrorMessage(task.error, t("common.networkError")) })}
            onRetry={() => void task.refetch()}
          />
        )
      ) : (
        <ul>
          <TaskCard task={task.data} onOpen={(chosen, opener) => setOpened({ task: chosen, opener })} onDelete={setDeleting} onShowLead={onShowLead} />
        </ul>
      )}
      <TaskEditDialog opened={opened} onOpenChange={(open) => !open && setOpened(null)} />
      <TaskDeleteDialog
        task={deleting}
        onOpenChange={(open) => {
          if (open) return;
          setDeleting(null);
        }}
      />
    </section>
  );
}
