import { AlertTriangle, Loader2, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { issueEndpoints, type Issue } from "@contract/issues";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { storedLine } from "@/lib/server-messages";
import { useValidationMessage } from "@/lib/validation-message";
import { useRetryIssue } from "./issues-queries";
import { WhenAllowed } from "@/components/when-allowed";

/** Status open: the background job is writing the proposal; useIssue reads again every 2 s until it is done. */
export function PreparingProposal() {
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

export function ProposalFailure({ issue }: { issue: Issue }) {
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
                  {storedLine(t, language, "repairFailures", { code: failure.code, params: failure.params, text: failure.reason })}
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

export function RequestNewProposal({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  return <RetryButton issueId={issueId} label={t("issues.review.requestNew")} pendingLabel={t("issues.review.retrying")} variant="outline" />;
}

type RetryButtonProps = { issueId: number; label: string; pendingLabel: string; variant: "default" | "outline" };

/** Sends the issue back to the background job; the review then shows the preparing state until the new proposal lands. */
function RetryButton(props: RetryButtonProps) {
  return (
    <WhenAllowed endpoint={issueEndpoints.retry}>
      <RetryButtonFor {...props} />
    </WhenAllowed>
  );
}

function RetryButtonFor({ issueId, label, pendingLabel, variant }: RetryButtonProps) {
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
