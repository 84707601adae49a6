import { BookOpen, Handshake, Leaf, Lightbulb, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { Figure, StatCard, TitledCard } from "@/features/records";
import { formatDay } from "@/features/records";
import { UpcomingCard } from "@/features/records";
import { usePerpetualInnovationDashboard } from "./perpetual-innovation-queries";
import { formatMoney, scoreTone, showsOverdue } from "./perpetual-innovation-figures";

/*
 * The part of Perpetual Innovation no other page has, mounted by its declaration (perpetual-innovation-page.tsx): the
 * dashboard's five score cards in one row, the upcoming reviews, and the legacy impact with the innovation timeline.
 */

/** The Dashboard tab: five scores, then the upcoming reviews and the legacy impact. */
export function DashboardPanel() {
  const { t, i18n } = useTranslation();
  const dashboard = usePerpetualInnovationDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) return <p className="text-sm text-muted-foreground">{t("perpetualInnovation.loadingDashboard")}</p>;
  const d = dashboard.data;
  const cards: { key: string; title: string; icon: LucideIcon; score: number }[] = [
    { key: "innovation", title: t("perpetualInnovation.dashboard.innovationHealth"), icon: Lightbulb, score: d.innovation_health },
    { key: "succession", title: t("perpetualInnovation.dashboard.successionReady"), icon: Handshake, score: d.succession_readiness },
    { key: "legacy", title: t("perpetualInnovation.dashboard.legacyStatus"), icon: Users, score: d.community_legacy_status },
    { key: "sustainability", title: t("perpetualInnovation.dashboard.sustainability"), icon: Leaf, score: d.sustainability_score },
    { key: "maturity", title: t("perpetualInnovation.dashboard.projectMaturity"), icon: BookOpen, score: d.project_maturity },
  ];
  const timeline = d.innovation_timeline;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(({ key, title, icon, score }) => (
          <StatCard
            key={key}
            testId={`pi-card-${key}`}
            title={title}
            icon={icon}
            value={<span className={scoreTone(score)}>{score}%</span>}
            extra={<Progress value={score} aria-label={title} />}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <UpcomingCard
          title={t("perpetualInnovation.dashboard.upcomingReviews")}
          emptyText={t("perpetualInnovation.dashboard.noUpcomingReviews")}
          items={d.upcoming_reviews.map((review) => ({ ...review, note: t("perpetualInnovation.daysRemaining", { count: review.days_remaining }) }))}
        />
        <TitledCard title={t("perpetualInnovation.dashboard.legacyImpact")} className="grid gap-4">
          <div className="grid grid-cols-2 gap-4">
            <Figure label={t("perpetualInnovation.dashboard.impactValue")} value={formatMoney(d.legacy_impact.quantified_impact, i18n.language)} testId="pi-impact-value" />
            <Figure
              label={t("perpetualInnovation.dashboard.preservation")}
              value={`${d.legacy_impact.preservation_score}%`}
              className={scoreTone(d.legacy_impact.preservation_score)}
            />
          </div>
          <div className="grid gap-1 text-sm">
            <p className="font-medium">{t("perpetualInnovation.dashboard.innovationTimeline")}</p>
            <p data-testid="pi-next-refresh">
              {t("perpetualInnovation.dashboard.nextRefresh")}:{" "}
              {timeline.next_refresh ? formatDay(timeline.next_refresh, i18n.language) : t("perpetualInnovation.dashboard.notScheduled")}
            </p>
            <p>{t("perpetualInnovation.dashboard.scheduled", { count: timeline.scheduled_refreshes })}</p>
            {showsOverdue(timeline.overdue_refreshes) ? (
              <p className="text-destructive-strong" data-testid="pi-overdue">
                {t("perpetualInnovation.dashboard.overdue", { count: timeline.overdue_refreshes })}
              </p>
            ) : null}
          </div>
        </TitledCard>
      </div>
    </>
  );
}
