import { useTranslation } from "react-i18next";
import { issueEndpoints, type Issue } from "@contract/issues";
import { ExternalLink } from "@/components/external-link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { IssueStatusBadge } from "./issue-status-badge";
import { useIssue } from "./issues-queries";
import { DecisionBox, DecisionRecord } from "./issue-decision";
import { PreparingProposal, ProposalFailure, RequestNewProposal } from "./proposal-progress";
import { RepairLog } from "./repair-log";
import { Section } from "./review-section";
import { RoleNote, WhenAllowed } from "@/components/when-allowed";

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
        {issue.status === "approved" ? null : (
          <WhenAllowed endpoint={issueEndpoints.approve} fallback={<RoleNote />}>
            <DecisionBox issue={issue} />
          </WhenAllowed>
        )}
      </CardContent>
    </Card>
  );
}
