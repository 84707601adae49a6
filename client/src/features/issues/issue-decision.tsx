import { useState } from "react";
import { Check, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ISSUE_NOTES_MAX, proposesFix, type Issue } from "@contract/issues";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useValidationMessage } from "@/lib/validation-message";
import { SaveFixAsArticleButton } from "./save-fix-as-article";
import { useApproveIssue, useRejectIssue } from "./issues-queries";
import { Section } from "./review-section";

/** Who decided, when, and what they noted (approved or rejected). */
export function DecisionRecord({ issue }: { issue: Issue }) {
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
        {approved ? <SaveFixAsArticleButton issue={issue} /> : null}
      </div>
    </Section>
  );
}

/**
 * Manual Review Notes with Approve AI Fix, and Reject with the same notes. Approval is offered only for a fix a model
 * proposed (a rejected one can still be approved); a list of related fixes made without a model can only be rejected,
 * and says why nothing can be approved. With neither to offer (a proposal being prepared, or none after a failure)
 * the box is not shown. A refused decision (someone else decided first) reads the issue again and says why here.
 */
export function DecisionBox({ issue }: { issue: Issue }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const [notes, setNotes] = useState("");
  const approve = useApproveIssue(issue.id);
  const reject = useRejectIssue(issue.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notesId = `issue-${issue.id}-notes`;
  const busy = approve.isPending || reject.isPending;
  // The server also allows deciding on an earlier proposal while a new one is prepared; the screen waits for the new one.
  const log = issue.status === "open" ? null : issue.aiRepairLog;
  const canApprove = log !== null && proposesFix(log);
  const canReject = log !== null && issue.status !== "rejected";
  const hint = log !== null && !canApprove ? t("issues.review.noFixToApprove") : issue.status === "rejected" ? t("issues.review.approveAfterReject") : null;

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

  if (!canApprove && !canReject) return null;
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
        {canReject ? (
          <Button variant="outline" onClick={onReject} disabled={busy}>
            <X aria-hidden="true" />
            {reject.isPending ? t("issues.review.rejecting") : t("issues.review.reject")}
          </Button>
        ) : null}
        {canApprove ? (
          <Button onClick={onApprove} disabled={busy}>
            <Check aria-hidden="true" />
            {approve.isPending ? t("issues.review.approving") : t("issues.review.approve")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
