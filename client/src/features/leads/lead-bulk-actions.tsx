import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { leadBulkActions, leadBulkEndpoints, type LeadBulkAction, type LeadBulkJob } from "@contract/lead-bulk";
import { RefusedButton } from "@/components/refused-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { apiErrorMessage, asApiError } from "@/lib/api";
import { useCan, useMayCall } from "@/lib/authorization";
import { useAssignableStaff, useStaffDirectory } from "@/lib/staff";
import { leadOptions } from "./lead-labels";
import {
  isRunning,
  leadBulkFileUrl,
  selectionBody,
  useBulkStageNames,
  useCancelLeadBulk,
  useLeadBulkJobs,
  useStartLeadBulk,
} from "./lead-bulk-queries";
import type { LeadBulkActionsProps, LeadSelection } from "./lead-selection";

const selectedCount = (selection: LeadSelection) => (selection.kind === "ids" ? selection.ids.length : selection.total);
/** A count the list estimated (a large list's total): the server counts it before an action starts. */
const isEstimate = (selection: LeadSelection) => selection.kind === "filter" && !selection.exact;

/** The count the filter selects now, when the server refused a start because it no longer matched the one confirmed. */
function changedCount(error: unknown): number | null {
  const answer = asApiError(error);
  if (answer?.status !== 409) return null;
  const params = answer.code === "lead_bulk.count_changed" ? answer.params : answer.fields.expectedTotal?.params;
  const current = params?.current;
  return typeof current === "number" ? current : typeof current === "string" && /^\d+$/.test(current) ? Number(current) : null;
}

/** Which actions need a value, and how it is chosen. */
const valueKind: Record<LeadBulkAction, "none" | "text" | "staff" | "status" | "priority" | "stage"> = {
  assign: "staff",
  status: "status",
  priority: "priority",
  stage: "stage",
  addTag: "text",
  removeTag: "text",
  delete: "none",
  export: "none",
};

/** Why the signed-in person may not use an action, or null when they may (undefined while the session loads). */
function useRefusals(): Record<LeadBulkAction, string | null> {
  const { t } = useTranslation();
  const mayWrite = useMayCall(leadBulkEndpoints.start) !== false;
  const mayDelete = useCan("leads.delete") !== false;
  const mayExport = useCan("data.export") !== false;
  const write = mayWrite ? null : t("leads.bulk.refused.write");
  return {
    assign: write,
    status: write,
    priority: write,
    stage: write,
    addTag: write,
    removeTag: write,
    delete: write ?? (mayDelete ? null : t("leads.bulk.refused.delete")),
    export: write ?? (mayExport ? null : t("leads.bulk.refused.export")),
  };
}

/** The assign action's choice that unassigns (a Select item needs a non-empty value; the API takes it as it is). */
const UNASSIGN = "none";

/**
 * The bar of bulk actions for the leads selected (ticked, or all matching the view): each action asks for its value
 * and confirms the count. Once one starts the selection is cleared, which closes this bar; its progress shows in
 * LeadBulkJobs under the table (which survives a reload).
 */
export function LeadBulkActions({ selection, onStarted }: LeadBulkActionsProps) {
  const { t, i18n } = useTranslation();
  const refusals = useRefusals();
  const [action, setAction] = useState<LeadBulkAction | null>(null);
  const count = selectedCount(selection);
  const formatted = new Intl.NumberFormat(i18n.language).format(count);

  return (
    <div className="flex flex-col gap-2" data-testid="lead-bulk-actions">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t("leads.bulk.toolbar", { count, formatted })}>
        <span className="text-sm font-medium" data-testid="lead-bulk-count">
          {t(isEstimate(selection) ? "leads.bulk.selectedAbout" : "leads.bulk.selected", { count, formatted })}
        </span>
        {leadBulkActions.map((each) => {
          const reason = refusals[each];
          const label = t(`leads.bulk.actions.${each}`);
          return reason ? (
            <RefusedButton key={each} reason={reason} data-testid={`lead-bulk-${each}`}>
              {label}
            </RefusedButton>
          ) : (
            <Button
              key={each}
              size="sm"
              variant={each === "delete" ? "destructive" : "outline"}
              disabled={count === 0}
              onClick={() => setAction(each)}
              data-testid={`lead-bulk-${each}`}
            >
              {label}
            </Button>
          );
        })}
      </div>
      {action && (
        <LeadBulkConfirm
          action={action}
          selection={selection}
          formatted={formatted}
          count={count}
          onClose={() => setAction(null)}
          onStarted={() => {
            setAction(null);
            onStarted();
          }}
        />
      )}
    </div>
  );
}

type ConfirmProps = {
  action: LeadBulkAction;
  selection: LeadSelection;
  count: number;
  formatted: string;
  onClose: () => void;
  onStarted: (job: LeadBulkJob) => void;
};

/** Asks for the action's value and states how many leads it changes before it starts. */
function LeadBulkConfirm({ action, selection: asked, count: askedCount, formatted: askedFormatted, onClose, onStarted }: ConfirmProps) {
  const { t, i18n } = useTranslation();
  const start = useStartLeadBulk();
  const stages = useBulkStageNames();
  const staff = useAssignableStaff();
  const [value, setValue] = useState("");
  // The count the server found when the list's was an estimate or has changed since: confirmed again before it starts.
  const [recounted, setRecounted] = useState<number | null>(null);
  const selection: LeadSelection = asked.kind === "filter" && recounted !== null ? { ...asked, total: recounted, exact: true } : asked;
  const count = recounted ?? askedCount;
  const formatted = recounted === null ? askedFormatted : new Intl.NumberFormat(i18n.language).format(recounted);
  const current = asked.kind === "filter" ? changedCount(start.error) : null;
  const kind = valueKind[action];
  const needsValue = kind !== "none";
  const sent = kind === "none" ? undefined : kind === "staff" ? (value === UNASSIGN ? null : Number(value)) : value.trim();
  const submit = () => start.mutate({ ...selectionBody(selection), action, value: sent }, { onSuccess: onStarted });
  const recount = () => {
    setRecounted(current);
    start.reset();
  };
  const options =
    kind === "status" || kind === "priority"
      ? leadOptions(t, kind)
      : kind === "stage"
        ? (stages.data ?? []).map((name) => ({ value: name, label: name }))
        : kind === "staff"
          ? [{ value: UNASSIGN, label: t("leads.fields.unassigned") }, ...(staff.data ?? []).map((person) => ({ value: String(person.id), label: person.name }))]
          : [];
  const loading = (kind === "stage" && stages.isPending) || (kind === "staff" && staff.isPending);
  const failed = (kind === "stage" && stages.isError) || (kind === "staff" && staff.isError);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="lead-bulk-confirm">
        <DialogHeader>
          <DialogTitle>{t(`leads.bulk.confirm.${action}`, { count, formatted })}</DialogTitle>
          <DialogDescription>{t("leads.bulk.confirm.description")}</DialogDescription>
        </DialogHeader>
        {kind === "text" && (
          <div className="grid gap-2">
            <Label htmlFor="lead-bulk-value">{t("leads.bulk.value.tag")}</Label>
            <Input id="lead-bulk-value" value={value} maxLength={50} onChange={(event) => setValue(event.target.value)} />
          </div>
        )}
        {(kind === "status" || kind === "priority" || kind === "stage" || kind === "staff") && (
          <div className="grid gap-2">
            <Label id="lead-bulk-value-label">{t(`leads.bulk.value.${kind === "staff" ? "assignee" : kind}`)}</Label>
            <Select value={value} onValueChange={setValue} disabled={loading}>
              <SelectTrigger aria-labelledby="lead-bulk-value-label" data-testid="lead-bulk-value">
                <SelectValue placeholder={loading ? t("common.loading") : t("leads.bulk.value.choose")} />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {failed && (
              <p role="alert" className="text-sm text-destructive">
                {t("leads.bulk.value.optionsFailed")}
              </p>
            )}
          </div>
        )}
        {start.isError && current === null && (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(start.error, t("leads.bulk.startFailed"))}
          </p>
        )}
        {start.isError && current !== null && (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm" data-testid="lead-bulk-recount">
            <span>{t("leads.bulk.recount.message", { count: current, formatted: new Intl.NumberFormat(i18n.language).format(current) })}</span>
            <Button size="sm" variant="outline" disabled={current === 0} onClick={recount}>
              {t("leads.bulk.recount.use", { count: current, formatted: new Intl.NumberFormat(i18n.language).format(current) })}
            </Button>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            variant={action === "delete" ? "destructive" : "default"}
            disabled={start.isPending || (needsValue && !value.trim())}
            onClick={submit}
            data-testid="lead-bulk-submit"
          >
            {t("leads.bulk.confirm.submit", { count, formatted })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A job's status and result in the reader's language: done/total, then changed, skipped and failed with reasons. */
function resultLine(t: TFunction, job: LeadBulkJob): string {
  const reasons = [...new Set(job.failures.map((failure) => t(`errors.${failure.code}`, { defaultValue: failure.code })))].join("; ");
  return [
    t(`leads.bulk.status.${job.status}`),
    t("leads.bulk.result", { changed: job.changed, skipped: job.skipped, failed: job.failed }),
    reasons && t("leads.bulk.reasons", { reasons }),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** One job's progress: a bar with done/total, Cancel while it runs, the result line, and an export's download link. */
function JobProgress({ job }: { job: LeadBulkJob }) {
  const { t } = useTranslation();
  const cancel = useCancelLeadBulk();
  const value = useJobValue(job);
  const running = isRunning(job);
  return (
    <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid={`lead-bulk-job-${job.id}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">
          {t(`leads.bulk.actions.${job.action}`)}
          {value ? `: ${value}` : ""}
        </span>
        <span>{t("leads.bulk.progress", { done: job.done, total: job.total })}</span>
      </div>
      <Progress value={job.done} max={Math.max(job.total, 1)} aria-label={t("leads.bulk.progressLabel")} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span data-testid="lead-bulk-result">{resultLine(t, job)}</span>
        {running && job.status !== "cancelling" && (
          <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
            {t("leads.bulk.cancel")}
          </Button>
        )}
        {job.hasFile && (
          <a className="text-primary underline" href={leadBulkFileUrl(job.id)} download>
            {t("leads.bulk.download")}
          </a>
        )}
      </div>
    </div>
  );
}

/** A job's value as a person reads it: an assignment's staff id as the person's name ("Unassigned" for none). */
function useJobValue(job: LeadBulkJob): string | null {
  const { t } = useTranslation();
  const staff = useStaffDirectory();
  if (job.action !== "assign") return job.value;
  if (job.value === null) return t("leads.fields.unassigned");
  return staff.data?.find((person) => String(person.id) === job.value)?.name ?? job.value;
}

/**
 * The signed-in person's running and recent bulk actions, with their progress (asked for every second while one
 * runs): mounted beside the leads table, so a bulk action's progress survives a reload.
 */
export function LeadBulkJobs() {
  const { t } = useTranslation();
  const jobs = useLeadBulkJobs();
  return (
    <section className="grid gap-2" aria-label={t("leads.bulk.jobsTitle")} data-testid="lead-bulk-jobs">
      <h2 className="text-sm font-semibold">{t("leads.bulk.jobsTitle")}</h2>
      {jobs.isPending ? (
        <p role="status">{t("leads.bulk.loading")}</p>
      ) : jobs.isError ? (
        <div role="alert" className="flex items-center gap-2">
          {apiErrorMessage(jobs.error, t("leads.bulk.loadFailed"))}
          <Button size="sm" variant="outline" onClick={() => void jobs.refetch()}>
            {t("leads.bulk.retry")}
          </Button>
        </div>
      ) : jobs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("leads.bulk.empty")}</p>
      ) : (
        jobs.data.slice(0, 5).map((job) => <JobProgress key={job.id} job={job} />)
      )}
    </section>
  );
}
