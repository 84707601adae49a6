import { useId, useState, type ReactNode } from "react";
import { AlertTriangle, Check, ClipboardCopy, Loader2, RefreshCw, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ISSUE_NOTES_MAX, type AiRepairLog, type Issue } from "@contract/issues";
import { ExternalLink } from "@/components/external-link";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { formatDateTime, formatNumber, formatRelativeTime } from "@/lib/format";
import { useValidationMessage } from "@/lib/validation-message";
import { DiffView } from "./diff-view";
import { issueReviewPath } from "./issue-labels";
import { IssueStatusBadge } from "./issue-status-badge";
import { useApproveIssue, useIssue, useRejectIssue, useRetryIssue } from "./issues-queries";

/**
 * Review & Approve for one issue (spec §2): what was reported, the AI proposal (or its progress, or why it failed),
 * and the decision. Mount it keyed by the issue id so the notes start empty for each issue.
 */
export function IssueReviewCard({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  const issue = useIssue(issueId);

  // A failed poll keeps what was last read on screen; the next poll (or a decision) brings it up to date.
  if (issue.data) return <IssueReview issue={issue.data} />;
  if (issue.isPending) {
    return (
      <Card className="flex justify-center py-12" data-testid="issue-review-loading">
        <Spinner label={t("issues.review.loading")} />
      </Card>
    );
  }
  const notFound = apiErrorStatus(issue.error) === 404;
  return (
    <Alert variant="destructive" className="items-center" data-testid="issue-review-error">
      <span className="flex-1">
        {notFound
          ? t("issues.review.notFound", { id: issueId })
          : t("issues.review.error", { message: apiErrorMessage(issue.error, t("common.networkError")) })}
      </span>
      {notFound ? null : (
        <Button variant="outline" size="sm" onClick={() => void issue.refetch()}>
          {t("common.tryAgain")}
        </Button>
      )}
    </Alert>
  );
}

function IssueReview({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const canRequestNew = issue.status === "awaiting_review" || issue.status === "rejected";

  return (
    <Card className="min-w-0" data-testid="issue-review">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t("issues.review.title", { id: issue.id })}</CardTitle>
          <CardDescription>
            {t("issues.review.reported", { email: issue.email })}{" "}
            <time dateTime={issue.createdAt} title={formatDateTime(issue.createdAt, language)}>
              {formatRelativeTime(issue.createdAt, language)}
            </time>
          </CardDescription>
        </div>
        <IssueStatusBadge status={issue.status} />
      </CardHeader>
      <CardContent className="grid gap-5">
        <Section title={t("issues.review.descriptionHeading")}>
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="issue-review-description">
            {issue.description}
          </p>
          {issue.screenshotUrl ? (
            <ExternalLink href={issue.screenshotUrl} testId="issue-screenshot">
              {t("issues.review.screenshot")}
            </ExternalLink>
          ) : null}
        </Section>

        {issue.status === "open" ? <PreparingProposal /> : null}
        {issue.status === "failed" ? <ProposalFailure issue={issue} /> : null}
        {issue.aiRepairLog ? (
          <RepairLog log={issue.aiRepairLog} action={canRequestNew ? <RequestNewProposal issueId={issue.id} /> : null} />
        ) : null}

        {issue.status === "approved" || issue.status === "rejected" ? <DecisionRecord issue={issue} /> : null}
        {issue.status === "approved" ? null : <DecisionBox issue={issue} />}
      </CardContent>
    </Card>
  );
}

function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2" data-testid={testId}>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold">
          {title}
        </h4>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Status open: the background job is writing the proposal; useIssue reads again every 2 s until it is done. */
function PreparingProposal() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-dashed bg-muted/40 p-4" data-testid="issue-preparing">
      <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-muted-foreground" />
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">{t("issues.review.preparing")}</p>
        <p className="text-sm text-muted-foreground">{t("issues.review.preparingHint")}</p>
      </div>
    </div>
  );
}

function ProposalFailure({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const failure = issue.repairFailure;
  return (
    <div className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-4" data-testid="issue-failure">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-start gap-2">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <div className="grid gap-0.5">
            <p className="text-sm font-medium text-destructive">{t("issues.review.failedTitle")}</p>
            {failure ? (
              <>
                <p className="whitespace-pre-wrap break-words text-sm" data-testid="issue-failure-reason">
                  {failure.reason}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t("issues.review.failedAttempts", { count: failure.attempts, time: formatDateTime(failure.failedAt, language) })}
                </p>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{t("issues.review.failedUnknown")}</p>
            )}
          </div>
        </div>
        <RetryButton issueId={issue.id} label={t("issues.review.retry")} pendingLabel={t("issues.review.retrying")} variant="default" />
      </div>
    </div>
  );
}

function RequestNewProposal({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  return <RetryButton issueId={issueId} label={t("issues.review.requestNew")} pendingLabel={t("issues.review.retrying")} variant="outline" />;
}

type RetryButtonProps = { issueId: number; label: string; pendingLabel: string; variant: "default" | "outline" };

/** Sends the issue back to the background job; the review then shows the preparing state until the new proposal lands. */
function RetryButton({ issueId, label, pendingLabel, variant }: RetryButtonProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const retry = useRetryIssue(issueId);
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={retry.isPending}
      onClick={() =>
        // mutateAsync rather than mutate's callbacks (see DecisionBox): success unmounts this button.
        void retry.mutateAsync(undefined).then(
          () => toast({ title: t("common.success"), description: t("issues.review.retrySuccess") }),
          (error: unknown) => {
            // A 409 says why (e.g. a proposal is already being prepared); anything else gets the plain message.
            const reason = apiErrorStatus(error) === 409 ? message(apiErrorMessage(error)) : undefined;
            const description = reason ? `${t("issues.review.retryFailed")} ${reason}` : t("issues.review.retryFailed");
            toast({ variant: "destructive", title: t("common.error"), description });
          },
        )
      }
    >
      <RefreshCw aria-hidden="true" className={retry.isPending ? "animate-spin" : undefined} />
      {retry.isPending ? pendingLabel : label}
    </Button>
  );
}

function RepairLog({ log, action }: { log: AiRepairLog; action: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <Section title={t("issues.review.repairLog")} action={action} testId="issue-repair-log">
      <div className="grid gap-4 rounded-lg border p-4">
        <Field label={t("issues.review.summary")}>
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="repair-summary">
            {log.summary}
          </p>
        </Field>
        <Field label={t("issues.review.codeChanges")} action={log.codeDiff.trim() ? <CopyDiffButton diff={log.codeDiff} /> : null}>
          {log.codeDiff.trim() ? <DiffView diff={log.codeDiff} /> : <p className="text-sm text-muted-foreground">{t("issues.review.noCodeChanges")}</p>}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("issues.review.source")}>
            <ProposalSource log={log} />
          </Field>
          <Field label={t("issues.review.generated")}>
            <time dateTime={log.timestamp} className="text-sm" data-testid="repair-timestamp">
              {formatDateTime(log.timestamp, language)}
            </time>
          </Field>
        </div>
        <Field label={t("issues.review.references")}>
          <References log={log} />
        </Field>
      </div>
    </Section>
  );
}

function Field({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</p>
        {action}
      </div>
      {children}
    </div>
  );
}

/** Says plainly whether a model wrote the proposal or it was assembled from earlier fixes alone. */
function ProposalSource({ log }: { log: AiRepairLog }) {
  const { t } = useTranslation();
  const { source } = log;
  if (source.kind === "retrieval") {
    return (
      <p className="text-sm" data-testid="repair-source">
        {t("issues.review.sourceRetrieval")}
      </p>
    );
  }
  const model = source.model ?? t("issues.review.sourceUnnamedModel");
  return (
    <p className="text-sm" data-testid="repair-source">
      {source.endpoint ? t("issues.review.sourceModelAt", { model, endpoint: source.endpoint }) : t("issues.review.sourceModel", { model })}
    </p>
  );
}

function References({ log }: { log: AiRepairLog }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  if (log.references.length === 0) return <p className="text-sm text-muted-foreground">{t("issues.review.noReferences")}</p>;
  return (
    <ul className="grid gap-1" data-testid="repair-references">
      {log.references.map((reference) => (
        <li key={`${reference.kind}-${reference.id}`} className="flex min-w-0 items-center gap-2 text-sm">
          {reference.kind === "issue" ? (
            <Link href={issueReviewPath(reference.id)} className="min-w-0 truncate text-primary underline-offset-4 hover:underline">
              {t("issues.number", { id: reference.id })} {reference.title}
            </Link>
          ) : (
            <>
              <Badge variant="secondary">{t("issues.review.knowledge")}</Badge>
              <span className="min-w-0 truncate">{reference.title}</span>
            </>
          )}
          <span className="ml-auto shrink-0 text-xs text-muted-foreground" title={t("issues.review.scoreHint")}>
            {t("issues.review.score", { score: formatNumber(reference.score, language, { maximumFractionDigits: 2 }) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Staff apply the patch by hand, so the raw diff is one click away. */
function CopyDiffButton({ diff }: { diff: string }) {
  const { t } = useTranslation();
  // The Clipboard API exists only on secure origins (https, localhost).
  if (typeof navigator === "undefined" || !navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(diff).then(
      () => toast({ title: t("issues.review.copied") }),
      () => toast({ variant: "destructive", title: t("common.error"), description: t("issues.review.copyFailed") }),
    );
  return (
    <Button variant="ghost" size="sm" onClick={() => void copy()}>
      <ClipboardCopy aria-hidden="true" />
      {t("issues.review.copyDiff")}
    </Button>
  );
}

/** Who decided, when, and what they noted (approved or rejected). */
function DecisionRecord({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const approved = issue.status === "approved";
  const at = issue.reviewedAt ?? issue.approvalTimestamp;
  const who = issue.reviewedBy ?? t("issues.review.someone");
  const when = at ? formatDateTime(at, language) : "";
  return (
    <Section title={approved ? t("issues.review.approvedHeading") : t("issues.review.rejectedHeading")} testId="issue-decision">
      <div className={approved ? "grid gap-2 rounded-lg border border-success/30 bg-success/5 p-4" : "grid gap-2 rounded-lg border p-4"}>
        <p className="text-sm" data-testid="issue-decision-by">
          {approved
            ? when
              ? t("issues.review.approvedBy", { who, when })
              : t("issues.review.approvedByUndated", { who })
            : when
              ? t("issues.review.rejectedBy", { who, when })
              : t("issues.review.rejectedByUndated", { who })}
        </p>
        {issue.manualNotes ? (
          <div className="grid gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("issues.review.notesHeading")}</p>
            <p className="whitespace-pre-wrap break-words text-sm" data-testid="issue-decision-notes">
              {issue.manualNotes}
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("issues.review.noNotes")}</p>
        )}
      </div>
    </Section>
  );
}

/**
 * Manual Review Notes with Approve AI Fix, and Reject with the same notes. Both need a proposal; a rejected one can
 * still be approved but not rejected twice. A refused decision (someone else decided first) reads the issue again and says why here.
 */
function DecisionBox({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const [notes, setNotes] = useState("");
  const approve = useApproveIssue(issue.id);
  const reject = useRejectIssue(issue.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notesId = `issue-${issue.id}-notes`;
  const busy = approve.isPending || reject.isPending;
  // The server also allows deciding on an earlier proposal while a new one is prepared; the screen waits for the new one.
  const hasProposal = issue.aiRepairLog !== null && issue.status !== "open";
  const canApprove = hasProposal;
  const canReject = hasProposal && issue.status !== "rejected";
  const hint =
    issue.status === "open"
      ? t("issues.review.approveWhenReady")
      : !hasProposal
        ? t("issues.review.nothingToApprove")
        : issue.status === "rejected"
          ? t("issues.review.approveAfterReject")
          : null;

  const onRefused = (error: unknown) => {
    setRefusal(apiErrorStatus(error) === 409 ? (message(apiErrorMessage(error)) ?? null) : null);
  };

  const onApprove = () => {
    setRefusal(null);
    // mutateAsync rather than mutate's callbacks: an approval hides this box at once (the cached issue becomes
    // approved), and mutate's callbacks are skipped for a caller that has unmounted, so the toast would never show.
    void approve.mutateAsync({ manualNotes: notes }).then(
      () => {
        setNotes("");
        toast({ title: t("common.success"), description: t("issues.review.approveSuccess") });
      },
      (error: unknown) => {
        onRefused(error);
        toast({ variant: "destructive", title: t("common.error"), description: t("issues.review.approveFailed") });
      },
    );
  };

  const onReject = () => {
    setRefusal(null);
    void reject.mutateAsync({ notes }).then(
      () => {
        setNotes("");
        toast({ title: t("common.success"), description: t("issues.review.rejectSuccess") });
      },
      (error: unknown) => {
        onRefused(error);
        toast({ variant: "destructive", title: t("common.error"), description: t("issues.review.rejectFailed") });
      },
    );
  };

  return (
    <section className="grid gap-2 rounded-lg border bg-muted/30 p-4" aria-label={t("issues.review.decisionLabel")} data-testid="issue-approve-box">
      <Label htmlFor={notesId}>{t("issues.review.notesLabel")}</Label>
      <Textarea
        id={notesId}
        rows={3}
        value={notes}
        maxLength={ISSUE_NOTES_MAX}
        onChange={(event) => setNotes(event.target.value)}
        placeholder={t("issues.review.notesPlaceholder")}
        aria-describedby={hint ? `${notesId}-hint` : undefined}
      />
      {hint ? (
        <p id={`${notesId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {refusal ? (
        <Alert variant="destructive" data-testid="issue-decision-refused">
          {refusal}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onReject} disabled={!canReject || busy}>
          <X aria-hidden="true" />
          {reject.isPending ? t("issues.review.rejecting") : t("issues.review.reject")}
        </Button>
        <Button onClick={onApprove} disabled={!canApprove || busy}>
          <Check aria-hidden="true" />
          {approve.isPending ? t("issues.review.approving") : t("issues.review.approve")}
        </Button>
      </div>
    </section>
  );
}
