import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { BookOpenCheck, Globe2, Scale, ShieldCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { historicalRecordFamily, perpetuityDeclarationFamily } from "@contract/records/future-stewardship";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import type { FamilyRecord } from "@contract/records/schemas";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { Figure, Flags, StatCard, TitledCard } from "@/features/records";
import { formatDay, formatNumber, valueLabel } from "@/features/records";
import { RecordListCard } from "@/features/records";
import { useFamilyList } from "@/features/records";
import { futureTone, statusTone } from "@/features/records";
import { allRecordsVerified, isPublishedDeclaration, listLength, missionPreview, recordVerified } from "./future-stewardship-format";
import { useFutureStewardshipDashboard } from "./future-stewardship-queries";

/*
 * What only Future Stewardship has (spec §2): its dashboard (five percentage cards, the global impact metrics, the
 * upcoming reviews and the immutable verification status), the current charter, and the published declarations.
 */

/** A percentage in the page's colours (spec §5: 95/85/75/65). */
function Percent({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <span className={futureTone(value)}>{formatNumber(value, i18n.language)}%</span>;
}

/** A status badge in the future-stewardship colours (spec §4). */
function StatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  return <Badge variant={statusTone("future", String(status))}>{valueLabel(t, String(status))}</Badge>;
}

/** A declaration's flags: ratified, digitally preserved. */
export const declarationFlags = (d: FamilyRecord, t: TFunction) => (
  <Flags
    flags={[
      { on: d.status === "ratified", label: t("futureStewardship.declarations.ratified"), variant: "success" },
      { on: d.digitalPreservation === true, label: t("futureStewardship.declarations.preserved"), variant: "info" },
    ]}
  />
);

export function FutureDashboard() {
  const { t, i18n } = useTranslation();
  const dashboard = useFutureStewardshipDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) {
    return (
      <TitledCard title={t("futureStewardship.dashboard.globalImpact")}>
        <p className="text-sm text-muted-foreground">{t("futureStewardship.loading.impact")}</p>
      </TitledCard>
    );
  }
  const d = dashboard.data;
  const cards = [
    ["perpetuity", d.legacy_perpetuity_readiness],
    ["preservation", d.historical_preservation],
    ["ethics", d.ethical_compliance],
    ["succession", d.succession_preparedness],
    ["sustainability", d.future_sustainability],
  ] as const;
  const icons = { perpetuity: Globe2, preservation: BookOpenCheck, ethics: Scale, succession: Users, sustainability: ShieldCheck };
  const impact = d.global_impact_metrics;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(([key, value]) => (
          <StatCard
            key={key}
            testId={`fs-card-${key}`}
            title={t(`futureStewardship.dashboard.${key}`)}
            icon={icons[key]}
            value={<Percent value={value} />}
            extra={<Progress value={value} max={100} aria-label={t(`futureStewardship.dashboard.${key}`)} />}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TitledCard title={t("futureStewardship.dashboard.globalImpact")} className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Figure label={t("futureStewardship.dashboard.historicalRecords")} value={impact.total_records} testId="fs-total-records" />
          <Figure label={t("futureStewardship.dashboard.ethicalReviews")} value={impact.ethical_reviews} />
          <Figure label={t("futureStewardship.dashboard.successionPlans")} value={impact.succession_plans} />
          <Figure label={t("futureStewardship.dashboard.perpetuityDeclarations")} value={impact.perpetuity_declarations} />
          <Figure label={t("futureStewardship.dashboard.globalReach")} value={formatNumber(impact.global_reach, i18n.language)} testId="fs-global-reach" />
          <Figure label={t("futureStewardship.dashboard.historicalCompleteness")} value={<Percent value={impact.historical_completeness} />} />
        </TitledCard>
        <TitledCard title={t("futureStewardship.dashboard.upcomingReviews")}>
          {d.upcoming_reviews.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("futureStewardship.dashboard.noUpcomingReviews")}</p>
          ) : (
            <ul className="grid gap-2" data-testid="fs-upcoming-reviews">
              {d.upcoming_reviews.map((review) => (
                <li key={`${review.type}-${review.title}-${review.date}`} className="flex items-start justify-between gap-2 text-sm">
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <Badge variant="outline">{valueLabel(t, review.type)}</Badge>
                    {review.title}
                  </span>
                  <span className="shrink-0 whitespace-nowrap text-muted-foreground">{formatDay(review.date, i18n.language)}</span>
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
      </div>
      {d.immutable_verification !== null ? (
        <TitledCard title={t("futureStewardship.dashboard.verificationStatus")} testId="fs-verification" className="grid gap-2">
          <Figure label={t("futureStewardship.dashboard.verificationCoverage")} value={<Percent value={d.immutable_verification} />} testId="fs-verification-coverage" />
          <Progress value={d.immutable_verification} max={100} aria-label={t("futureStewardship.dashboard.verificationCoverage")} />
          {allRecordsVerified(d.immutable_verification) ? (
            <p className="flex items-center gap-2 text-sm text-success-strong">
              <ShieldCheck aria-hidden="true" className="size-4" />
              {t("futureStewardship.dashboard.allVerified")}
            </p>
          ) : null}
        </TitledCard>
      ) : null}
    </>
  );
}

/** The active charter from the dashboard reply: title, version, status, dates, the mission's preview and its lists. */
export function CurrentCharter() {
  const { t, i18n } = useTranslation();
  const dashboard = useFutureStewardshipDashboard();
  const current = dashboard.data?.current_charter ?? null;
  const row = (label: string, value: ReactNode) => (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <TitledCard title={t("futureStewardship.charter.current")} testId="fs-current-charter" className="grid gap-2">
      {dashboard.isError ? (
        <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />
      ) : dashboard.isPending ? (
        <p className="text-sm text-muted-foreground">{t("futureStewardship.loading.charter")}</p>
      ) : current === null ? (
        <p className="text-sm text-muted-foreground">{t("futureStewardship.charter.noActive")}</p>
      ) : (
        <>
          <p className="font-medium">{String(current.title)}</p>
          {row(t("records.fields.charterVersion"), String(current.charterVersion))}
          {row(t("records.fields.status"), <StatusBadge status={current.status} />)}
          {row(t("futureStewardship.charter.created"), formatDay(String(current.charterDate), i18n.language))}
          <p className="text-sm" data-testid="fs-mission">
            {missionPreview(String(current.missionStatement))}
          </p>
          {row(t("futureStewardship.charter.coreValues"), listLength(current.coreValues))}
          {row(t("futureStewardship.charter.trustedParties"), listLength(current.trustedParties))}
        </>
      )}
    </TitledCard>
  );
}

/**
 * The published declarations (published or ratified), from the same query as the tab's figures and full list: the
 * list endpoint filters one status at a time, so these are picked from its rows.
 */
export function PublishedDeclarations() {
  const { t } = useTranslation();
  const declarations = useFamilyList(perpetuityDeclarationFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const published = {
    ...declarations,
    data: declarations.data && { ...declarations.data, rows: declarations.data.rows.filter((d) => isPublishedDeclaration(d.status)) },
  };
  return (
    <RecordListCard
      family={perpetuityDeclarationFamily}
      title={t("futureStewardship.declarations.published")}
      list={published}
      columns={[
        { field: "declarationType" },
        { field: "status", render: (d) => <StatusBadge status={d.status} /> },
        { field: "declarationVersion" },
        { field: "publishedDate" },
        { field: "globalReach" },
        { field: "languageVersions", label: t("futureStewardship.declarations.languageCount"), render: (d) => listLength(d.languageVersions) },
        { field: "digitalPreservation", label: t("futureStewardship.flags"), render: (d) => declarationFlags(d, t) },
      ]}
      loadingText={t("futureStewardship.loading.declarations")}
      emptyText={t("futureStewardship.declarations.empty")}
    />
  );
}


/** The query the Historical Records tab reads (its figures, its list and the chain check's unverified ids). */
export const HISTORICAL_QUERY = { limit: 200 } as const;

/** A historical record's flags: Verified (hashed and not flagged by the chain check) or Unverified, and Public. */
export function RecordFlags({ record }: { record: FamilyRecord }) {
  const { t } = useTranslation();
  const records = useFamilyList(historicalRecordFamily, HISTORICAL_QUERY, RECORD_LIST_REFRESH_MS);
  const unverified = (records.data?.analytics.unverified_record_ids ?? []) as number[];
  const verified = recordVerified(record, unverified);
  return (
    <Flags
      flags={[
        { on: verified, label: t("futureStewardship.records.verifiedFlag"), variant: "success" },
        { on: !verified, label: t("futureStewardship.records.unverifiedFlag"), variant: "destructive" },
        { on: record.publicAccess === true, label: t("futureStewardship.records.publicFlag"), variant: "info" },
      ]}
    />
  );
}
