import { BookOpen, ExternalLink, Gauge, MessageSquareText, MessagesSquare, Users } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { feedbackTypes, type Feedback } from "@contract/feedback";
import type { CommunityAnalytics } from "@contract/integrations";
import { RetryAlert } from "@/components/retry-alert";
import { StatCardGrid } from "@/components/stat-card-grid";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { feedbackTypeLabel } from "@/features/feedback";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { useCommunityAnalytics } from "./integration-queries";

/** Spec §4: 50 or more Excellent, 0 or more Good, below 0 Needs Improvement. */
export function npsBand(score: number): "excellent" | "good" | "needsImprovement" {
  return score >= 50 ? "excellent" : score >= 0 ? "good" : "needsImprovement";
}

const BAND_VARIANT = { excellent: "success", good: "secondary", needsImprovement: "destructive" } as const;

const isFeedbackType = (type: string): type is Feedback["type"] => (feedbackTypes as readonly string[]).includes(type);
const typeLabel = (t: TFunction, type: string) => (isFeedbackType(type) ? feedbackTypeLabel(t, type) : type);

/** Community: feedback and NPS figures (read again every 5 minutes) and the ways to reach the team. */
export function CommunityTab() {
  const { t } = useTranslation();
  const analytics = useCommunityAnalytics();

  return (
    <div className="grid gap-4">
      {analytics.isError ? (
        <RetryAlert
          message={t("integrations.community.error", { message: apiErrorMessage(analytics.error, t("common.networkError")) })}
          onRetry={() => void analytics.refetch()}
          data-testid="community-error"
        />
      ) : (
        <CommunityFigures analytics={analytics.data} busy={analytics.isFetching && !analytics.isPending} />
      )}
      <SupportChannels />
    </div>
  );
}

function CommunityFigures({ analytics, busy }: { analytics: CommunityAnalytics | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const loading = analytics === undefined;
  const score = analytics?.npsScore ?? null;

  return (
    <>
      <StatCardGrid
        loading={loading}
        busy={busy}
        data-testid="community-figures"
        cards={[
          {
            title: t("integrations.community.feedbackTotal"),
            value: format.number(analytics?.feedbackTotal ?? 0),
            caption: t("integrations.community.feedbackThisMonth", { count: analytics?.feedbackThisMonth ?? 0 }),
            icon: MessageSquareText,
            "data-testid": "community-feedback-total",
          },
          {
            title: t("integrations.community.contributors"),
            value: format.number(analytics?.feedbackContributors ?? 0),
            caption: t("integrations.community.contributorsCaption"),
            icon: Users,
            "data-testid": "community-contributors",
          },
          {
            title: t("integrations.community.npsScore"),
            value: score === null ? "—" : format.number(score),
            caption:
              score === null ? (
                t("integrations.community.noNps")
              ) : (
                <Badge variant={BAND_VARIANT[npsBand(score)]} data-testid="community-nps-label">
                  {t(`integrations.community.npsBands.${npsBand(score)}`)}
                </Badge>
              ),
            icon: Gauge,
            "data-testid": "community-nps-score",
          },
          {
            title: t("integrations.community.npsResponses"),
            value: format.number(analytics?.npsResponses ?? 0),
            caption: t("integrations.community.npsResponsesCaption"),
            icon: MessagesSquare,
            "data-testid": "community-nps-responses",
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <FeedbackByType analytics={analytics} />
        <NpsBreakdown analytics={analytics} />
      </div>
    </>
  );
}

function FeedbackByType({ analytics }: { analytics: CommunityAnalytics | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows = analytics?.feedbackByType ?? [];
  return (
    <Card data-testid="community-feedback-by-type">
      <CardHeader>
        <CardTitle>{t("integrations.community.byTypeTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {analytics === undefined ? (
          <Placeholder />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="community-feedback-empty">
            {t("integrations.community.noFeedback")}
          </p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {rows.map((row) => (
              <li key={row.type} className="flex items-center justify-between gap-2" data-testid="community-feedback-type">
                <span>{typeLabel(t, row.type)}</span>
                <span className="font-semibold tabular-nums">{format.number(row.count)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Promoters (9–10), passives (7–8) and detractors (0–6), each with its share of the responses. */
function NpsBreakdown({ analytics }: { analytics: CommunityAnalytics | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const total = analytics?.npsResponses ?? 0;
  const groups = [
    { key: "promoters", label: t("integrations.community.promoters"), count: analytics?.promoters ?? 0 },
    { key: "passives", label: t("integrations.community.passives"), count: analytics?.passives ?? 0 },
    { key: "detractors", label: t("integrations.community.detractors"), count: analytics?.detractors ?? 0 },
  ];
  return (
    <Card data-testid="community-nps-breakdown">
      <CardHeader>
        <CardTitle>{t("integrations.community.npsTitle")}</CardTitle>
        <CardDescription>{t("integrations.community.npsDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        {analytics === undefined ? (
          <Placeholder />
        ) : total === 0 ? (
          <p className="text-sm text-muted-foreground">{t("integrations.community.noNps")}</p>
        ) : (
          <ul className="grid gap-3 text-sm">
            {groups.map((group) => (
              <li key={group.key} className="grid gap-1" data-testid={`community-${group.key}`}>
                <div className="flex items-center justify-between gap-2">
                  <span>{group.label}</span>
                  <span className="font-semibold tabular-nums">{format.number(group.count)}</span>
                </div>
                <Progress value={group.count} max={total} aria-label={group.label} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Placeholder() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <span className="sr-only">{t("common.loading")}</span>
      <Skeleton className="h-5" />
      <Skeleton className="h-5" />
    </div>
  );
}

/**
 * Ways to reach the team that work here: the Feedback screen and the API documentation. No support address is
 * configured anywhere the client can read, so there is no Email support button.
 */
function SupportChannels() {
  const { t } = useTranslation();
  return (
    <Card data-testid="community-support">
      <CardHeader>
        <CardTitle>{t("integrations.community.supportTitle")}</CardTitle>
        <CardDescription>{t("integrations.community.supportDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild>
          <Link href="/feedback">
            <MessageSquareText aria-hidden="true" />
            {t("integrations.community.sendFeedback")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href="/api/docs" target="_blank" rel="noopener noreferrer">
            <BookOpen aria-hidden="true" />
            {t("integrations.community.apiDocs")}
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
