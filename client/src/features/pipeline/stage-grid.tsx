import { useId, useState } from "react";
import { Columns3, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { pipelineEndpoints, type PipelineStage } from "@contract/pipeline";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { toast } from "@/components/ui/use-toast";
import { LeadLink } from "@/features/leads";
import { apiErrorMessage } from "@/lib/api";
import { stageLabel } from "@/lib/labels";
import { useFormatters } from "@/lib/use-formatters";
import { useDeleteStage, useStages } from "./pipeline-queries";
import { StageCreateDialog } from "./stage-create-dialog";
import { StageEditDialog } from "./stage-edit-dialog";
import { StageOutcomeBadge } from "./stage-outcome";
import { WhenAllowed } from "@/components/when-allowed";

/** Stored stages a deletion can target: the implicit New stage has no id. */
type StoredStage = PipelineStage & { id: number };

/**
 * Pipeline Stages: the New Stage dialog and a card per stage with its lead count, position, newest lead names and a
 * delete that is refused on screen while the stage holds leads (spec §4), saying why.
 */
export function StageGrid() {
  const { t } = useTranslation();
  const stages = useStages();
  const [deleting, setDeleting] = useState<StoredStage | null>(null);
  const [editing, setEditing] = useState<StoredStage | null>(null);
  const list = stages.data ?? [];
  const nextPosition = Math.max(0, ...list.filter((stage) => !stage.implicit).map((stage) => stage.position)) + 1;

  return (
    <Card className="min-w-0" data-testid="stage-grid">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t("productivity.stages.title")}</CardTitle>
          <CardDescription>{t("productivity.stages.description")}</CardDescription>
        </div>
        <WhenAllowed endpoint={pipelineEndpoints.createStage}>
          <StageCreateDialog nextPosition={nextPosition} />
        </WhenAllowed>
      </CardHeader>
      <CardContent aria-busy={stages.isFetching}>
        {stages.isPending ? (
          <div className="flex justify-center py-8" data-testid="stages-loading">
            <Spinner label={t("productivity.stages.loading")} />
          </div>
        ) : stages.isError ? (
          <RetryAlert
            message={t("productivity.stages.error", { message: apiErrorMessage(stages.error, t("common.networkError")) })}
            onRetry={() => void stages.refetch()}
            data-testid="stages-error"
          />
        ) : list.length === 0 ? (
          <EmptyState icon={Columns3} title={t("productivity.stages.empty")} data-testid="stages-empty" />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-label={t("productivity.stages.title")}>
            {list.map((stage) => (
              <StageCard key={stage.id ?? `implicit-${stage.name}`} stage={stage} onEdit={setEditing} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </CardContent>
      <StageEditDialog stage={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <StageDeleteDialog stage={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </Card>
  );
}

function StageCard({ stage, onEdit, onDelete }: { stage: PipelineStage; onEdit: (stage: StoredStage) => void; onDelete: (stage: StoredStage) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reasonId = useId();
  const stored = stage.id === null ? null : { ...stage, id: stage.id };
  const blockedReason = stored === null ? t("productivity.stages.builtInReason") : stage.leadCount > 0 ? t("productivity.stages.deleteBlocked", { count: stage.leadCount, total: format.number(stage.leadCount) }) : null;

  return (
    <li className="flex flex-col gap-2 rounded-lg border p-3" data-testid="stage-card" data-stage={stage.name}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-medium" title={stageLabel(t, stage.name)}>
            {stageLabel(t, stage.name)}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            {stage.implicit ? t("productivity.stages.builtIn") : t("productivity.stages.position", { position: format.number(stage.position) })}
            <StageOutcomeBadge outcome={stage.outcome} />
          </p>
        </div>
        <Badge variant="secondary" className="tabular-nums" data-testid="stage-lead-count" data-count={stage.leadCount}>
          {t("productivity.stages.leadCount", { count: stage.leadCount, total: format.number(stage.leadCount) })}
        </Badge>
        {stored ? (
          <WhenAllowed endpoint={pipelineEndpoints.updateStage}>
            <Button
              variant="ghost"
              size="icon-sm"
              className="-mr-1 -mt-1"
              aria-label={t("productivity.stages.edit", { name: stage.name })}
              onClick={() => onEdit(stored)}
              data-testid="stage-edit"
            >
              <Pencil aria-hidden="true" />
            </Button>
          </WhenAllowed>
        ) : null}
        <WhenAllowed endpoint={pipelineEndpoints.deleteStage}>
          {blockedReason ? (
            // Disabled but still focusable, so keyboard and screen-reader users can reach the reason.
            <Tooltip>
              <TooltipTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="-mr-1 -mt-1"
                  aria-label={t("productivity.stages.delete", { name: stage.name })}
                  aria-disabled="true"
                  aria-describedby={reasonId}
                  onClick={(event) => event.preventDefault()}
                  data-testid="stage-delete"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </TooltipTrigger>
              <TooltipContent>{blockedReason}</TooltipContent>
            </Tooltip>
          ) : (
            <Button
              variant="ghost"
              size="icon-sm"
              className="-mr-1 -mt-1 text-destructive-strong hover:text-destructive-strong"
              aria-label={t("productivity.stages.delete", { name: stage.name })}
              onClick={() => stored && onDelete(stored)}
              data-testid="stage-delete"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </WhenAllowed>
      </div>
      {blockedReason ? (
        <p id={reasonId} className="sr-only" data-testid="stage-delete-reason">
          {blockedReason}
        </p>
      ) : null}
      {stage.recentLeads.length > 0 ? (
        <ul className="grid gap-0.5 text-xs" aria-label={t("productivity.stages.recentLeads", { name: stageLabel(t, stage.name) })} data-testid="stage-recent-leads">
          {stage.recentLeads.map((lead) => (
            <li key={lead.id} className="truncate text-muted-foreground">
              <LeadLink id={lead.id} name={lead.businessName} className="hover:text-foreground" data-testid="stage-recent-lead" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t("productivity.stages.noLeads")}</p>
      )}
    </li>
  );
}

function StageDeleteDialog({ stage, onOpenChange }: { stage: StoredStage | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const deleteStage = useDeleteStage();

  const confirm = () => {
    if (!stage) return;
    deleteStage.mutate(stage.id, {
      onSuccess: () => {
        toast({ title: t("common.success"), description: t("productivity.deleteStage.success") });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({ variant: "destructive", title: t("productivity.deleteStage.failed"), description: apiErrorMessage(error, t("common.networkError")) });
        onOpenChange(false);
      },
    });
  };

  return (
    <ConfirmDeleteDialog
      open={stage !== null}
      onOpenChange={onOpenChange}
      title={t("productivity.deleteStage.title")}
      description={stage ? t("productivity.deleteStage.description", { name: stage.name }) : null}
      submitLabel={t("productivity.deleteStage.submit")}
      submittingLabel={t("productivity.deleteStage.submitting")}
      pending={deleteStage.isPending}
      onConfirm={confirm}
      data-testid="stage-delete-dialog"
    />
  );
}
