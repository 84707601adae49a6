import { useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { automationEndpoints, type AutomationRunOutcome, type AutomationWorkflow } from "@contract/automations";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { DataTableState } from "@/components/data-table-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { eventLabel, triggerLabel } from "@/lib/labels";
import { storedLine } from "@/lib/server-messages";
import { useAutomationRuns, useAutomations, useDeleteAutomation, useUpdateAutomation } from "./automation-queries";
import { WhenAllowed } from "@/components/when-allowed";
import { useMayCall } from "@/lib/authorization";

/** The workflows, each with its enable switch, edit, run log and delete. */
export function AutomationList({ onEdit }: { onEdit: (workflow: AutomationWorkflow) => void }) {
  const { t } = useTranslation();
  const automations = useAutomations();
  const remove = useDeleteAutomation();
  const [deleting, setDeleting] = useState<AutomationWorkflow | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("automation.delete.failed")) }),
    });
  };

  return (
    <Card data-testid="automation-list-card">
      <CardHeader>
        <CardTitle>{t("automation.list.title")}</CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        <DataTableState
          query={automations}
          rowCount={automations.data?.length ?? 0}
          testId="automations"
          loadingText={t("automation.list.loading")}
          errorText={(message) => t("automation.list.error", { message })}
          empty={
            <p className="text-sm text-muted-foreground" data-testid="automations-empty">
              {t("automation.list.empty")}
            </p>
          }
        >
          <ul className="grid gap-3 p-4" aria-label={t("automation.list.title")}>
            {automations.data?.map((workflow) => (
              <AutomationRow key={workflow.id} workflow={workflow} onEdit={onEdit} onDelete={setDeleting} />
            ))}
          </ul>
        </DataTableState>
        <ConfirmDeleteDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t("automation.delete.title")}
          description={deleting ? t("automation.delete.description", { name: deleting.name }) : null}
          submitLabel={t("automation.delete.submit")}
          submittingLabel={t("automation.delete.submitting")}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          data-testid="automation-delete-dialog"
        />
      </CardContent>
    </Card>
  );
}

function AutomationRow({ workflow, onEdit, onDelete }: { workflow: AutomationWorkflow; onEdit: (workflow: AutomationWorkflow) => void; onDelete: (workflow: AutomationWorkflow) => void }) {
  const { t } = useTranslation();
  const setEnabled = useUpdateAutomation();
  const mayUpdate = useMayCall(automationEndpoints.update) === true;
  const [showRuns, setShowRuns] = useState(false);
  const switchId = `automation-enabled-${workflow.id}`;

  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="automation-row" data-name={workflow.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">{workflow.name}</h3>
        <Badge variant="outline" title={workflow.trigger}>
          {triggerLabel(t, workflow.trigger)}
        </Badge>
        <span aria-hidden="true">→</span>
        <Badge variant="secondary">{t(`automation.actions.${workflow.action}`, { defaultValue: workflow.action })}</Badge>
        <div className="flex items-center gap-2">
          <Checkbox
            id={switchId}
            role="switch"
            checked={workflow.enabled}
            disabled={setEnabled.isPending || !mayUpdate}
            // The spec: a failed toggle is only logged; the list shows the stored state again.
            onCheckedChange={(checked) => setEnabled.mutate({ id: workflow.id, body: { enabled: checked === true } }, { onError: (error) => console.error("automation toggle failed", error) })}
            data-testid="automation-enabled"
          />
          <Label htmlFor={switchId}>{t("automation.list.enabled")}</Label>
        </div>
        <WhenAllowed endpoint={automationEndpoints.update}>
          <Button variant="outline" size="sm" onClick={() => onEdit(workflow)} aria-label={t("automation.list.editNamed", { name: workflow.name })}>
            <Pencil aria-hidden="true" />
            {t("automation.list.edit")}
          </Button>
        </WhenAllowed>
        <Button variant="outline" size="sm" aria-expanded={showRuns} onClick={() => setShowRuns((shown) => !shown)} data-testid="automation-show-runs">
          {showRuns ? t("automation.runs.hide") : t("automation.runs.show")}
        </Button>
        <WhenAllowed endpoint={automationEndpoints.remove}>
          <Button variant="ghost" size="icon-sm" className="text-destructive hover:text-destructive" aria-label={t("automation.delete.action", { name: workflow.name })} onClick={() => onDelete(workflow)}>
            <Trash2 aria-hidden="true" />
          </Button>
        </WhenAllowed>
      </div>
      {workflow.action === "call_webhook" ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="automation-webhook">
          <span className="min-w-0 break-all">{t("automation.list.webhookTo", { url: typeof workflow.config.url === "string" ? workflow.config.url : "" })}</span>
          <Badge variant={workflow.hasSigningSecret ? "outline" : "warning"}>{workflow.hasSigningSecret ? t("automation.list.signed") : t("automation.list.unsigned")}</Badge>
        </p>
      ) : null}
      {workflow.conditions.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          {workflow.conditions.map((condition) => `${condition.field} ${t(`automation.operators.${condition.operator}`)} ${condition.value}`).join("; ")}
        </p>
      ) : null}
      {showRuns ? <AutomationRuns workflowId={workflow.id} /> : null}
    </li>
  );
}

const outcomeBadge: Record<AutomationRunOutcome, "success" | "destructive" | "warning"> = {
  success: "success",
  failed: "destructive",
  loop_stopped: "destructive",
  pending: "warning",
};

function AutomationRuns({ workflowId }: { workflowId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const runs = useAutomationRuns(workflowId);
  return (
    <DataTableState
      query={runs}
      rowCount={runs.data?.length ?? 0}
      testId="automation-runs"
      loadingText={t("automation.runs.loading")}
      errorText={(message) => t("automation.runs.error", { message })}
      empty={t("automation.runs.empty")}
      table={{
        label: t("automation.runs.title"),
        className: "min-w-[40rem]",
        columns: 5,
        head: (
          <>
            <TableHead>{t("automation.runs.time")}</TableHead>
            <TableHead>{t("automation.runs.event")}</TableHead>
            <TableHead>{t("automation.runs.outcome")}</TableHead>
            <TableHead>{t("automation.runs.duration")}</TableHead>
            <TableHead>{t("automation.runs.errorColumn")}</TableHead>
          </>
        ),
      }}
    >
      {runs.data?.map((run) => {
        // Why it failed, in the reader's language (a failure without a code, such as a network error, as it was stored).
        const runErrorText = run.error === null ? null : storedLine(t, language, "automationRunErrors", { ...run.errorCode, text: run.error });
        return (
          <TableRow key={run.id} data-testid="automation-run">
            <TableCell>{formatDateTime(run.at, language)}</TableCell>
            <TableCell title={run.eventName}>{eventLabel(t, run.eventName)}</TableCell>
            <TableCell>
              <Badge variant={outcomeBadge[run.outcome]}>{t(`automation.runs.outcomes.${run.outcome}`)}</Badge>
            </TableCell>
            <TableCell>
              {/* A call_webhook run waits for its job: nothing was sent yet, so there is no duration to show. */}
              {run.outcome === "pending" && run.attempts === 0 ? t("automation.runs.notSentYet") : t("automation.runs.durationValue", { ms: run.durationMs, attempts: run.attempts })}
            </TableCell>
            <TableCell className="max-w-64 truncate" title={runErrorText ?? undefined}>
              {runErrorText ?? "—"}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTableState>
  );
}
