import type { TFunction } from "i18next";
import { ClipboardCheck, FileCheck2, HardDrive, ShieldCheck, Star, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  archivalSystemFamily,
  legacyAuditFamily,
  stewardshipPlanFamily,
  stewardshipStatementFamily,
  stewardshipValidationFamily,
  type FinalStewardshipDashboard,
} from "@contract/records/final-stewardship";
import type { Trend } from "@contract/records/business-health";
import type { FamilyRecord } from "@contract/records/schemas";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import {
  DoneMark,
  explainOver,
  ExplanationLine,
  Figure,
  FigureRows,
  formatDay,
  formatNumber,
  recordsOf,
  statusTone,
  TitledCard,
  todayUtc,
  TrendBadge,
  valueLabel,
  type Explanation,
  type RecordsRef,
} from "@/features/records";
import { entries, formatGb, isReadyForPerpetualStewardship, scoreTone, showsReadinessStar, signedChange } from "./stewardship-figures";

/*
 * What only Final Stewardship has (spec §2): the dashboard's Completion Metrics, its upcoming reviews with per-type
 * icons and the Current System Validation; and the analytics cells that are more than one figure (the compliance
 * status, the audit trend, the archives' size and verification notice, the plans' coverage with its areas, the
 * statements' totals and counts). Each says what it is computed over, opening those records.
 */

/** A score out of 100 in its threshold colour (spec §5: 90/80/70/60); "—" when none was recorded. */
export function Score({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== "number") return <>—</>;
  return <span className={scoreTone(value)}>{t("finalStewardship.outOf100", { value: Math.round(value) })}</span>;
}

/** A status badge in the certification colours (spec §4). */
function CertificationBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  if (typeof status !== "string") return <>—</>;
  return <Badge variant={statusTone("certification", status)}>{valueLabel(t, status)}</Badge>;
}

/** A day, or "TBD" when none is set. */
export const dayOrTbd = (value: unknown, t: TFunction, language: string) =>
  typeof value === "string" ? formatDay(value, language) : t("finalStewardship.tbd");

// What the figures are computed over: the records each reads, counted from the stored records.

/** Whether a record holds a score (an audit without a score does not count in the averages). */
const scored = (value: unknown) => typeof value === "number";

export const explainValidations = (text: Explanation["text"]): Explanation => ({ family: stewardshipValidationFamily, text, noneText: "finalStewardship.explain.noValidation" });

export const explainScoredAudits: Explanation = explainOver(legacyAuditFamily, {
  text: "finalStewardship.explain.scoredAudits",
  count: (rows) => rows.filter((audit) => scored(audit.auditScore)).length,
});

/** Audits whose actions are not resolved and were due before today (UTC): the ones whose action items are overdue. */
const overdue = (audit: FamilyRecord<typeof legacyAuditFamily>, today: string) =>
  audit.actionsResolved !== true && typeof audit.actionsDueDate === "string" && audit.actionsDueDate < today && entries(audit.actionItems) > 0;

export const explainOverdue: Explanation = explainOver(legacyAuditFamily, {
  text: "finalStewardship.explain.overdue",
  count: (rows) => rows.filter((audit) => overdue(audit, todayUtc())).length,
});

export const explainArchivesNotRetired: Explanation = explainOver(archivalSystemFamily, {
  text: "finalStewardship.explain.archival",
  count: (rows) => rows.filter((archive) => archive.status !== "archived").length,
});

/** Opens every plan, not only the active ones the tab lists. */
export const explainActivePlans: Explanation = { family: stewardshipPlanFamily, text: "finalStewardship.explain.activePlans" };

export const explainPublished = (text: Explanation["text"]): Explanation => ({
  family: stewardshipStatementFamily,
  filters: { publicationStatus: "published" },
  text,
});

/** The five phases of final stewardship, each with the records that complete it (or would). */
const phases: readonly (readonly [keyof FinalStewardshipDashboard["completion_metrics"]["phases"], RecordsRef])[] = [
  ["validation", recordsOf(stewardshipValidationFamily)],
  ["audit", recordsOf(legacyAuditFamily)],
  ["archival", recordsOf(archivalSystemFamily)],
  ["plans", recordsOf(stewardshipPlanFamily, { filters: { status: "active" } })],
  ["statement", recordsOf(stewardshipStatementFamily, { filters: { statementType: "final" } })],
];

const reviewIcons: Record<FinalStewardshipDashboard["upcoming_reviews"][number]["type"], LucideIcon> = {
  validation: ShieldCheck,
  audit: ClipboardCheck,
  verification: HardDrive,
  stewardship: Users,
};

/** Under the five cards: Completion Metrics, the upcoming reviews (with their type's icon) and the current validation. */
export function DashboardPanels({ d }: { d: FinalStewardshipDashboard }) {
  const { t, i18n } = useTranslation();
  const metrics = d.completion_metrics;
  const current = d.current_validation;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <TitledCard title={t("finalStewardship.dashboard.completionMetrics")} className="grid gap-3">
        <div className="grid gap-1">
          <Figure label={t("finalStewardship.dashboard.completion")} value={`${metrics.completion_percentage}%`} testId="fs-completion" />
          <Progress value={metrics.completion_percentage} aria-label={t("finalStewardship.dashboard.completion")} />
          <p className="text-xs text-muted-foreground">{t("finalStewardship.explain.completion", { count: metrics.total_phases })}</p>
        </div>
        <Figure
          label={t("finalStewardship.dashboard.phases")}
          value={t("finalStewardship.dashboard.phasesValue", { completed: metrics.completed_phases, total: metrics.total_phases })}
          testId="fs-phases"
        />
        <FigureRows rows={phases.map(([phase, records]) => [t(`finalStewardship.dashboard.phaseNames.${phase}`), <DoneMark done={metrics.phases[phase]} />, { ...records, testId: `fs-phase-${phase}` }] as const)} />
        <div className="grid gap-0.5">
          <p className="text-sm text-muted-foreground">{t("finalStewardship.dashboard.finalReadiness")}</p>
          <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums">
            <span className={scoreTone(metrics.final_readiness)} data-testid="fs-final-readiness">
              {metrics.final_readiness}
            </span>
            {showsReadinessStar(metrics.final_readiness) ? (
              <Star role="img" aria-label={t("finalStewardship.dashboard.starLabel")} className="size-5 fill-amber-400 text-amber-700" data-testid="fs-readiness-star" />
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="explain-fs-final-readiness">
            {t("finalStewardship.explain.finalReadiness", { health: d.stewardship_health, completion: metrics.completion_percentage })}
          </p>
        </div>
        {isReadyForPerpetualStewardship(metrics.final_readiness) ? (
          <p className="text-sm font-medium text-emerald-700" data-testid="fs-ready">
            {t("finalStewardship.dashboard.ready")}
          </p>
        ) : null}
      </TitledCard>
      <TitledCard title={t("finalStewardship.dashboard.upcomingReviews")}>
        {d.upcoming_reviews.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("finalStewardship.dashboard.noUpcomingReviews")}</p>
        ) : (
          <ul className="grid gap-2">
            {d.upcoming_reviews.map((review) => {
              const Icon = reviewIcons[review.type];
              return (
                <li key={`${review.type}-${review.title}-${review.date}`} className="grid gap-0.5 text-sm">
                  <span className="flex items-center gap-2">
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <Badge variant="outline">{valueLabel(t, review.type)}</Badge>
                    <span className="break-words">{review.title}</span>
                  </span>
                  <span className="pl-6 text-muted-foreground">
                    {formatDay(review.date, i18n.language)} · {t("finalStewardship.daysRemaining", { count: review.days_remaining })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </TitledCard>
      <TitledCard title={t("finalStewardship.dashboard.currentValidation")} testId="fs-current-validation">
        {current === null ? (
          <p className="text-sm text-muted-foreground">{t("finalStewardship.validation.empty")}</p>
        ) : (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-2xl font-semibold tabular-nums">
                <Score value={current.overall_score} />
              </span>
              <CertificationBadge status={current.certification_status} />
            </div>
            <p className="text-sm">{current.title}</p>
            <FigureRows
              gap="gap-1.5"
              rows={[
                [t("finalStewardship.dashboard.validated"), formatDay(current.validation_date, i18n.language)],
                [t("finalStewardship.dashboard.systems"), <Score value={current.systems_health_score} />],
                [t("finalStewardship.dashboard.dataIntegrity"), <Score value={current.data_integrity_score} />],
                [t("finalStewardship.dashboard.security"), <Score value={current.security_score} />],
                [t("finalStewardship.dashboard.actionItems"), formatNumber(current.action_items, i18n.language)],
                [t("finalStewardship.dashboard.nextReview"), dayOrTbd(current.next_validation_date, t, i18n.language)],
              ]}
            />
            <ExplanationLine explain={explainValidations("finalStewardship.explain.latestValidation")} testId="fs-current-validation" />
          </div>
        )}
      </TitledCard>
    </div>
  );
}

/** The latest validation's certification status and the action items it left open. */
export function ComplianceStatus({ status, issues }: { status: string | null; issues: number }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground">{t("finalStewardship.validation.complianceStatus")}</p>
      {status ? <CertificationBadge status={status} /> : <p className="text-sm">{t("finalStewardship.validation.noStatus")}</p>}
      <p className="text-sm">{t("finalStewardship.validation.issues", { count: issues })}</p>
      <ExplanationLine explain={explainValidations("finalStewardship.explain.latestValidation")} testId="fs-compliance" />
    </div>
  );
}

/** The trend of the latest two scored audits, and the signed change between them. */
export function AuditTrend({ trend, change }: { trend: Trend; change: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-1">
      <TrendBadge label={t("finalStewardship.audits.trend")} trend={trend} />
      <p className="text-sm text-muted-foreground" data-testid="fs-audit-change">
        {t("finalStewardship.audits.change", { change: signedChange(change, i18n.language) })}
      </p>
      <ExplanationLine explain={{ ...explainScoredAudits, text: "finalStewardship.explain.trend" }} testId="fs-audit-trend" />
    </div>
  );
}

/** The archives' total size in GB (10^9 bytes), over every archive. */
export function TotalSize({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-1">
      <Figure label={t("finalStewardship.archives.totalSize")} value={formatGb(bytes, i18n.language)} testId="fs-total-size" />
      <ExplanationLine explain={{ family: archivalSystemFamily, text: "finalStewardship.explain.totalSize" }} testId="fs-total-size" />
    </div>
  );
}

/** The notice of archives due for verification within 30 days (or overdue). */
export function VerificationsDue({ due }: { due: number }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm sm:self-center" data-testid="fs-verifications-due">
      {due > 0 ? t("finalStewardship.archives.verificationsDue", { count: due }) : t("finalStewardship.archives.noVerificationsDue")}
    </p>
  );
}

/** The plans' coverage: the share of the six plan types with an active plan, and which areas are covered or missing. */
export function PlanCoverage({ coverage }: { coverage: { coverage_percentage: number; covered_areas: string[]; missing_areas: string[] } }) {
  const { t } = useTranslation();
  const areaList = (areas: string[]) => (areas.length > 0 ? areas.map((area) => valueLabel(t, area)).join(", ") : t("finalStewardship.none"));
  return (
    <div className="grid gap-1">
      <Figure
        label={t("finalStewardship.plans.coverage")}
        value={`${coverage.coverage_percentage}%`}
        className={scoreTone(coverage.coverage_percentage)}
        testId="fs-coverage"
      />
      <p className="text-xs text-muted-foreground">
        {t("finalStewardship.plans.covered")}: {areaList(coverage.covered_areas)}
      </p>
      <p className="text-xs text-muted-foreground">
        {t("finalStewardship.plans.missing")}: {areaList(coverage.missing_areas)}
      </p>
      <ExplanationLine
        explain={{ family: stewardshipPlanFamily, filters: { status: "active" }, text: "finalStewardship.explain.coverage" }}
        testId="fs-coverage"
      />
    </div>
  );
}

/** The knowledge documented over every statement: achievements, lessons and best practices. */
export function StatementTotals({ achievements, lessons, bestPractices }: { achievements: number; lessons: number; bestPractices: number }) {
  const { t } = useTranslation();
  const rows: [string, number][] = [
    [t("finalStewardship.statements.achievements"), achievements],
    [t("finalStewardship.statements.lessons"), lessons],
    [t("finalStewardship.statements.bestPractices"), bestPractices],
  ];
  return (
    <div className="grid gap-1">
      <FigureRows rows={rows} />
      <ExplanationLine explain={{ family: stewardshipStatementFamily, text: "finalStewardship.explain.statements" }} testId="fs-statement-totals" />
    </div>
  );
}

/** An archive's labels: Encrypted, and Verified when its status is verified. */
export function ArchiveLabels({ archive }: { archive: FamilyRecord }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {archive.encrypted === true ? <Badge variant="secondary">{t("finalStewardship.archives.encryptedLabel")}</Badge> : null}
      {archive.status === "verified" ? (
        <Badge variant="success">
          <FileCheck2 aria-hidden="true" />
          {t("finalStewardship.archives.verifiedLabel")}
        </Badge>
      ) : null}
    </span>
  );
}

/** A plan's provisions: a maintenance plan, budget considerations. */
export function PlanProvisions({ plan }: { plan: FamilyRecord }) {
  const { t } = useTranslation();
  const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";
  return (
    <span className="flex flex-wrap gap-1">
      {hasText(plan.maintenancePlan) ? <Badge variant="info">{t("finalStewardship.plans.maintenanceBadge")}</Badge> : null}
      {hasText(plan.budgetConsiderations) ? <Badge variant="info">{t("finalStewardship.plans.budgetBadge")}</Badge> : null}
    </span>
  );
}

/** A statement's type, with a star when it is the final statement. */
export function StatementType({ statement }: { statement: FamilyRecord }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1">
      {valueLabel(t, String(statement.statementType))}
      {statement.statementType === "final" ? (
        <Star role="img" aria-label={t("finalStewardship.statements.finalLabel")} className="size-4 fill-amber-400 text-amber-700" />
      ) : null}
    </span>
  );
}
