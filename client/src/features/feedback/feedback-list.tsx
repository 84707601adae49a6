import { MessageSquareText } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Feedback } from "@contract/feedback";
import { ExternalLink } from "@/components/external-link";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { feedbackTypeLabel } from "./feedback-labels";
import { useFeedbackList } from "./feedback-queries";

const TYPE_VARIANTS = { Bug: "destructive", "Feature Request": "success", General: "secondary" } as const satisfies Record<Feedback["type"], string>;

/** Recent Feedback, newest first, read again every 30 s. */
export function FeedbackList() {
  const { t } = useTranslation();
  const list = useFeedbackList();

  return (
    <Card className="min-w-0" data-testid="feedback-recent">
      <CardHeader>
        <CardTitle>{t("feedback.list.title")}</CardTitle>
        <CardDescription>{t("feedback.list.description")}</CardDescription>
      </CardHeader>
      <CardContent aria-busy={list.isFetching}>
        {list.isPending ? (
          <div className="flex justify-center py-8" data-testid="feedback-loading">
            <Spinner label={t("feedback.list.loading")} />
          </div>
        ) : list.isError ? (
          <RetryAlert
            message={t("feedback.list.error", { message: apiErrorMessage(list.error, t("common.networkError")) })}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={MessageSquareText}
            title={t("feedback.list.emptyTitle")}
            description={t("feedback.list.emptyDescription")}
            data-testid="feedback-empty"
          />
        ) : (
          <ul className="grid gap-3" aria-label={t("feedback.list.title")}>
            {list.data.map((item) => (
              <FeedbackItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function FeedbackItem({ item }: { item: Feedback }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-testid="feedback-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant={TYPE_VARIANTS[item.type]} data-testid="feedback-type">
          {feedbackTypeLabel(t, item.type)}
        </Badge>
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {format.dateTime(item.createdAt)}
        </time>
      </div>
      <p className="whitespace-pre-wrap break-words">{item.description}</p>
      {item.screenshotUrl ? (
        <ExternalLink href={item.screenshotUrl} testId="feedback-screenshot">
          {t("feedback.list.screenshot")}
        </ExternalLink>
      ) : null}
      <p className="text-xs text-muted-foreground">{t("feedback.list.by", { email: item.userEmail })}</p>
    </li>
  );
}
