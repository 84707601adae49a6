import type { ReactNode } from "react";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  communityTransitionFamily,
  livingArchiveFamily,
  livingLegacyPackageFamily,
  type PerpetualStewardshipDashboard,
  perpetualDeclarationFamily,
  stewardshipReviewFamily,
} from "@contract/records/perpetual-stewardship";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { DoneMark, ExplanationLine, Figure, FigureRows, formatDay, formatNumber, recordsOf, statusTone, stewardshipTone, valueLabel, TitledCard, type RecordsRef } from "@/features/records";
import { isSystemReady } from "./stewardship-format";

/*
 * What only Perpetual Stewardship has (spec §2), mounted by its declaration (perpetual-stewardship-page.tsx): the
 * dashboard's panels under its five score cards (Perpetual Metrics, its pillars and counts each opening their records;
 * Current Stewardship; Transition Progress), and
 * the small cells its lists share (a record's flags, a type with its status).
 */

function TypeAndStatus({ type, status }: { type: string; status: string }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1.5">
      {valueLabel(t, type)}
      <Badge variant={statusTone("stewardship", status)}>{valueLabel(t, status)}</Badge>
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The transitions a progress is over: those not failed. */
export const notFailed = (rows: readonly Record<string, unknown>[]) => rows.filter((row) => row.status !== "failed").length;

/**
 * The records each perpetual metric counts. Completed reviews are those completed or approved, which no single list
 * filter selects: they open every review, the latest first.
 */
const metricRecords = {
  packages: recordsOf(livingLegacyPackageFamily),
  archives: recordsOf(livingArchiveFamily, { filters: { integrityVerification: "verified" } }),
  reviews: recordsOf(stewardshipReviewFamily, { sort: { field: "reviewDate", direction: "desc" } }),
  declarations: recordsOf(perpetualDeclarationFamily, { filters: { status: "active" } }),
};

/** System maturity's five pillars, each with the records that put it in place (or would). */
const pillars: readonly (readonly [keyof PerpetualStewardshipDashboard["perpetual_metrics"]["pillars"], RecordsRef])[] = [
  ["package", recordsOf(livingLegacyPackageFamily, { filters: { status: "confirmed" } })],
  ["archive", metricRecords.archives],
  ["review", metricRecords.reviews],
  ["transition", recordsOf(communityTransitionFamily, { filters: { status: "completed" } })],
  ["declaration", recordsOf(perpetualDeclarationFamily, { filters: { declarationType: "perpetual", status: "active" } })],
];

/** Under the dashboard's score cards: the perpetual metrics with the ready message, the current stewardship, the transition progress. */
export function DashboardPanels({ d }: { d: PerpetualStewardshipDashboard }) {
  const { t, i18n } = useTranslation();
  const metrics = d.perpetual_metrics;
  const current = d.current_stewardship;
  const progress = d.transition_progress;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <TitledCard title={t("perpetualStewardship.dashboard.perpetualMetrics")} className="grid gap-3">
        <div className="grid gap-1">
          <Figure
            label={t("perpetualStewardship.dashboard.systemMaturity")}
            value={`${metrics.system_maturity}%`}
            className={stewardshipTone(metrics.system_maturity)}
            testId="ps-system-maturity"
          />
          <p className="text-xs text-muted-foreground" data-testid="explain-ps-system-maturity">
            {t("perpetualStewardship.explain.pillars", { count: Math.round(metrics.system_maturity / 20) })}
          </p>
        </div>
        <FigureRows rows={pillars.map(([pillar, records]) => [t(`perpetualStewardship.dashboard.pillars.${pillar}`), <DoneMark done={metrics.pillars[pillar]} />, { ...records, testId: `ps-pillar-${pillar}` }] as const)} />
        <FigureRows
          rows={[
            [t("perpetualStewardship.dashboard.totalPackages"), formatNumber(metrics.total_packages, i18n.language), { ...metricRecords.packages, testId: "ps-metric-packages" }],
            [t("perpetualStewardship.dashboard.verifiedArchives"), formatNumber(metrics.verified_archives, i18n.language), { ...metricRecords.archives, testId: "ps-metric-archives" }],
            [t("perpetualStewardship.dashboard.completedReviews"), formatNumber(metrics.completed_reviews, i18n.language), { ...metricRecords.reviews, testId: "ps-metric-reviews" }],
            [t("perpetualStewardship.dashboard.activeDeclarations"), formatNumber(metrics.active_declarations, i18n.language), { ...metricRecords.declarations, testId: "ps-metric-declarations" }],
          ]}
        />
        {isSystemReady(metrics.system_maturity) ? (
          <p className="flex items-center gap-2 text-sm font-medium text-emerald-700" data-testid="ps-ready">
            <ShieldCheck aria-hidden="true" className="size-4" />
            {t("perpetualStewardship.dashboard.ready")}
          </p>
        ) : null}
      </TitledCard>
      <TitledCard title={t("perpetualStewardship.dashboard.currentStewardship")}>
        {current === null ? (
          <p className="text-sm text-muted-foreground">{t("perpetualStewardship.dashboard.noActiveStewardship")}</p>
        ) : (
          <dl className="grid gap-2 text-sm" data-testid="ps-current-stewardship">
            <Row label={t("perpetualStewardship.dashboard.primarySteward")}>{current.steward ?? t("perpetualStewardship.unknown")}</Row>
            <Row label={t("perpetualStewardship.dashboard.commitmentType")}>
              {current.commitment_type ? valueLabel(t, current.commitment_type) : t("perpetualStewardship.unknown")}
            </Row>
            <Row label={t("perpetualStewardship.dashboard.package")}>
              {current.package ? <TypeAndStatus type={current.package.type} status={current.package.status} /> : t("perpetualStewardship.none")}
            </Row>
            {current.package ? <Row label={t("perpetualStewardship.dashboard.packageDate")}>{formatDay(current.package.date, i18n.language)}</Row> : null}
            <Row label={t("perpetualStewardship.dashboard.declaration")}>
              {current.declaration ? <TypeAndStatus type={current.declaration.type} status={current.declaration.status} /> : t("perpetualStewardship.none")}
            </Row>
            {current.declaration ? <Row label={t("perpetualStewardship.dashboard.declarationVersion")}>{current.declaration.version}</Row> : null}
          </dl>
        )}
      </TitledCard>
      <TitledCard title={t("perpetualStewardship.dashboard.transitionProgress")} className="grid gap-3">
        <div className="grid gap-1">
          <Figure
            label={t("perpetualStewardship.dashboard.progress")}
            value={`${progress.progress}%`}
            className={stewardshipTone(progress.progress)}
            testId="ps-transition-progress"
          />
          <Progress value={progress.progress} aria-label={t("perpetualStewardship.dashboard.transitionProgress")} />
          <ExplanationLine
            explain={{ family: communityTransitionFamily, text: "perpetualStewardship.explain.transitionProgress", count: notFailed }}
            testId="ps-transition-progress"
          />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <Figure label={t("perpetualStewardship.dashboard.activeTransitions")} value={progress.active} />
          <Figure label={t("perpetualStewardship.dashboard.completedTransitions")} value={progress.completed} />
        </div>
      </TitledCard>
    </div>
  );
}
