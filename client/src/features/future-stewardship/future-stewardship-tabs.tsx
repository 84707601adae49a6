import type { ReactNode } from "react";
import { BookOpenCheck, Globe2, Scale, ShieldCheck, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  ethicalReviewFamily,
  historicalRecordFamily,
  legacyCharterFamily,
  perpetuityDeclarationFamily,
  successionPlaybookFamily,
} from "@contract/records/future-stewardship";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import type { FamilyRecord } from "@contract/records/schemas";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { type Analytics, AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard } from "@/features/records/monitoring-parts";
import { formatDay, formatNumber, valueLabel } from "@/features/records/record-labels";
import { RecordListCard } from "@/features/records/record-list-card";
import { useFamilyList } from "@/features/records/record-queries";
import { futureTone, statusTone } from "@/features/records/score-tones";
import { allRecordsVerified, isPublishedDeclaration, listLength, missionPreview, recordVerified } from "./future-stewardship-format";
import { useFutureStewardshipDashboard } from "./future-stewardship-queries";

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

function Flags({ flags }: { flags: [boolean, string, "success" | "info" | "destructive" | "secondary"][] }) {
  const shown = flags.filter(([on]) => on);
  if (shown.length === 0) return <>—</>;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map(([, label, variant]) => (
        <Badge key={label} variant={variant}>
          {label}
        </Badge>
      ))}
    </span>
  );
}

export function DashboardTab() {
  const { t, i18n } = useTranslation();
  const dashboard = useFutureStewardshipDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t("futureStewardship.dashboard.globalImpact")}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">{t("futureStewardship.loading.impact")}</p>
        </CardContent>
      </Card>
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
        <Card>
          <CardHeader>
            <CardTitle>{t("futureStewardship.dashboard.globalImpact")}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Figure label={t("futureStewardship.dashboard.historicalRecords")} value={impact.total_records} testId="fs-total-records" />
            <Figure label={t("futureStewardship.dashboard.ethicalReviews")} value={impact.ethical_reviews} />
            <Figure label={t("futureStewardship.dashboard.successionPlans")} value={impact.succession_plans} />
            <Figure label={t("futureStewardship.dashboard.perpetuityDeclarations")} value={impact.perpetuity_declarations} />
            <Figure label={t("futureStewardship.dashboard.globalReach")} value={formatNumber(impact.global_reach, i18n.language)} testId="fs-global-reach" />
            <Figure label={t("futureStewardship.dashboard.historicalCompleteness")} value={<Percent value={impact.historical_completeness} />} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("futureStewardship.dashboard.upcomingReviews")}</CardTitle>
          </CardHeader>
          <CardContent>
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
          </CardContent>
        </Card>
      </div>
      {d.immutable_verification !== null ? (
        <Card data-testid="fs-verification">
          <CardHeader>
            <CardTitle>{t("futureStewardship.dashboard.verificationStatus")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Figure label={t("futureStewardship.dashboard.verificationCoverage")} value={<Percent value={d.immutable_verification} />} testId="fs-verification-coverage" />
            <Progress value={d.immutable_verification} max={100} aria-label={t("futureStewardship.dashboard.verificationCoverage")} />
            {allRecordsVerified(d.immutable_verification) ? (
              <p className="flex items-center gap-2 text-sm text-success-strong">
                <ShieldCheck aria-hidden="true" className="size-4" />
                {t("futureStewardship.dashboard.allVerified")}
              </p>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

export function CharterTab() {
  const { t, i18n } = useTranslation();
  const charters = useFamilyList<Analytics>(legacyCharterFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const dashboard = useFutureStewardshipDashboard();
  const a = charters.data?.analytics;
  const loading = t("futureStewardship.loading.charter");
  const current = dashboard.data?.current_charter ?? null;
  const row = (label: string, value: ReactNode) => (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <>
      <AnalyticsCard title={t("futureStewardship.charter.overview")} query={charters} loadingText={loading}>
        <Figure label={t("futureStewardship.charter.completeness")} value={<Percent value={num(a?.charter_completeness)} />} testId="fs-charter-completeness" />
        <Figure label={t("futureStewardship.charter.coverage")} value={<Percent value={num(a?.stewardship_coverage)} />} />
        <Figure label={t("futureStewardship.charter.ethicalIntegration")} value={<Percent value={num(a?.ethical_integration)} />} />
        <div className="sm:col-span-3">
          <CountsByBadges label={t("futureStewardship.charter.byStatus")} entries={counts(a?.by_status)} emptyText={t("futureStewardship.none")} />
        </div>
      </AnalyticsCard>
      <Card data-testid="fs-current-charter">
        <CardHeader>
          <CardTitle>{t("futureStewardship.charter.current")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          {dashboard.isError ? (
            <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />
          ) : dashboard.isPending ? (
            <p className="text-sm text-muted-foreground">{loading}</p>
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
        </CardContent>
      </Card>
      <RecordListCard
        family={legacyCharterFamily}
        title={t("futureStewardship.charter.all")}
        list={charters}
        columns={[
          { field: "title" },
          { field: "charterVersion" },
          { field: "status", render: (c) => <StatusBadge status={c.status} /> },
          { field: "charterDate" },
          { field: "nextReviewDate" },
        ]}
        loadingText={loading}
        emptyText={t("futureStewardship.charter.noCharters")}
      />
    </>
  );
}

export function RecordsTab() {
  const { t } = useTranslation();
  const records = useFamilyList<Analytics>(historicalRecordFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = records.data?.analytics;
  const unverified = (a?.unverified_record_ids ?? []) as number[];
  const loading = t("futureStewardship.loading.records");
  return (
    <>
      <AnalyticsCard title={t("futureStewardship.records.overview")} query={records} loadingText={loading}>
        <Figure label={t("futureStewardship.records.total")} value={num(a?.total_records)} testId="fs-records-total" />
        <Figure label={t("futureStewardship.records.verified")} value={num(a?.verified_records)} testId="fs-records-verified" />
        <Figure label={t("futureStewardship.records.integrity")} value={<Percent value={num(a?.integrity_score)} />} />
        <div className="sm:col-span-3">
          <CountsByBadges label={t("futureStewardship.records.byType")} entries={counts(a?.by_event_type)} emptyText={t("futureStewardship.none")} />
        </div>
      </AnalyticsCard>
      <div className="max-h-80 overflow-y-auto rounded-xl">
        <RecordListCard
          family={historicalRecordFamily}
          title={t("futureStewardship.records.recent")}
          list={records}
          columns={[
            { field: "eventTitle" },
            { field: "eventType" },
            { field: "recordDate" },
            { field: "eventDescription" },
            {
              field: "immutableHash",
              label: t("futureStewardship.flags"),
              render: (r: FamilyRecord) => (
                <Flags
                  flags={[
                    [recordVerified(r, unverified), t("futureStewardship.records.verifiedFlag"), "success"],
                    [!recordVerified(r, unverified), t("futureStewardship.records.unverifiedFlag"), "destructive"],
                    [r.publicAccess === true, t("futureStewardship.records.publicFlag"), "info"],
                  ]}
                />
              ),
            },
          ]}
          loadingText={loading}
          emptyText={t("futureStewardship.records.empty")}
        />
      </div>
    </>
  );
}

export function SuccessionTab() {
  const { t } = useTranslation();
  const playbooks = useFamilyList<Analytics>(successionPlaybookFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = playbooks.data?.analytics;
  const loading = t("futureStewardship.loading.playbooks");
  const active = { ...playbooks, data: playbooks.data && { ...playbooks.data, rows: playbooks.data.rows.filter((p) => p.status === "active") } };
  const columns = [
    { field: "title" },
    { field: "playbookType" },
    { field: "status", render: (p: FamilyRecord) => <StatusBadge status={p.status} /> },
    { field: "playbookVersion" },
    { field: "playbookDate" },
    { field: "emergencyContacts", label: t("futureStewardship.succession.contacts"), render: (p: FamilyRecord) => listLength(p.emergencyContacts) },
    { field: "knowledgeTransferSteps", label: t("futureStewardship.succession.steps"), render: (p: FamilyRecord) => listLength(p.knowledgeTransferSteps) },
    { field: "onboardingCheckpoints", label: t("futureStewardship.succession.checkpoints"), render: (p: FamilyRecord) => listLength(p.onboardingCheckpoints) },
  ];
  return (
    <>
      <AnalyticsCard title={t("futureStewardship.succession.overview")} query={playbooks} loadingText={loading}>
        <Figure label={t("futureStewardship.succession.preparedness")} value={<Percent value={num(a?.succession_preparedness)} />} testId="fs-preparedness" />
        <Figure label={t("futureStewardship.succession.emergency")} value={<Percent value={num(a?.emergency_readiness)} />} />
        <Figure label={t("futureStewardship.succession.knowledge")} value={<Percent value={num(a?.knowledge_transfer_completeness)} />} />
        <div className="sm:col-span-3">
          <CountsByBadges label={t("futureStewardship.succession.byType")} entries={counts(a?.by_type)} emptyText={t("futureStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={successionPlaybookFamily}
        title={t("futureStewardship.succession.active")}
        list={active}
        columns={columns}
        loadingText={loading}
        emptyText={t("futureStewardship.succession.empty")}
      />
      <RecordListCard
        family={successionPlaybookFamily}
        title={t("futureStewardship.succession.all")}
        list={playbooks}
        columns={columns.slice(0, 5)}
        loadingText={loading}
        emptyText={t("futureStewardship.succession.noPlaybooks")}
      />
    </>
  );
}

export function EthicsTab() {
  const { t, i18n } = useTranslation();
  const reviews = useFamilyList<Analytics>(ethicalReviewFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
  const a = reviews.data?.analytics;
  const loading = t("futureStewardship.loading.reviews");
  return (
    <>
      <AnalyticsCard title={t("futureStewardship.ethics.overview")} query={reviews} loadingText={loading}>
        <Figure label={t("futureStewardship.ethics.averageScore")} value={<Percent value={num(a?.average_ethical_score)} />} testId="fs-ethics-average" />
        <Figure label={t("futureStewardship.ethics.engagement")} value={<Percent value={num(a?.stakeholder_engagement)} />} />
        <Figure label={t("futureStewardship.ethics.certifications")} value={num(a?.certification_status)} />
        <div className="sm:col-span-3">
          <CountsByBadges label={t("futureStewardship.ethics.byYear")} entries={counts(a?.by_year)} emptyText={t("futureStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={ethicalReviewFamily}
        title={t("futureStewardship.ethics.recent")}
        list={reviews}
        limit={5}
        columns={[
          {
            field: "reviewYear",
            label: t("futureStewardship.ethics.yearType"),
            render: (r) => (
              <span className="grid">
                <span className="tabular-nums">{String(r.reviewYear)}</span>
                <span className="text-muted-foreground">{valueLabel(t, String(r.reviewType))}</span>
              </span>
            ),
          },
          {
            field: "status",
            label: t("futureStewardship.ethics.statusDate"),
            render: (r) => (
              <span className="grid justify-items-start gap-1">
                <StatusBadge status={r.status} />
                <span className="whitespace-nowrap">{formatDay(String(r.reviewDate), i18n.language)}</span>
              </span>
            ),
          },
          { field: "reviewScope" },
          { field: "ethicalScore", render: (r) => (r.ethicalScore === null ? "—" : `${String(r.ethicalScore)}/100`) },
          { field: "reviewedBy" },
          {
            field: "publicReport",
            label: t("futureStewardship.flags"),
            render: (r) => <Flags flags={[[r.publicReport === true, t("futureStewardship.ethics.publicReport"), "info"]]} />,
          },
        ]}
        loadingText={loading}
        emptyText={t("futureStewardship.ethics.empty")}
      />
    </>
  );
}

export function DeclarationsTab() {
  const { t, i18n } = useTranslation();
  const declarations = useFamilyList<Analytics>(perpetuityDeclarationFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = declarations.data?.analytics;
  const loading = t("futureStewardship.loading.declarations");
  const published = {
    ...declarations,
    data: declarations.data && { ...declarations.data, rows: declarations.data.rows.filter((d) => isPublishedDeclaration(d.status)) },
  };
  return (
    <>
      <AnalyticsCard title={t("futureStewardship.declarations.overview")} query={declarations} loadingText={loading}>
        <Figure label={t("futureStewardship.declarations.total")} value={num(a?.total_declarations)} testId="fs-declarations-total" />
        <Figure label={t("futureStewardship.declarations.reach")} value={formatNumber(num(a?.global_reach), i18n.language)} />
        <Figure label={t("futureStewardship.declarations.languages")} value={num(a?.language_coverage)} />
        <div className="sm:col-span-3">
          <CountsByBadges label={t("futureStewardship.declarations.byStatus")} entries={counts(a?.by_status)} emptyText={t("futureStewardship.none")} />
        </div>
      </AnalyticsCard>
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
          {
            field: "digitalPreservation",
            label: t("futureStewardship.flags"),
            render: (d) => (
              <Flags
                flags={[
                  [d.status === "ratified", t("futureStewardship.declarations.ratified"), "success"],
                  [d.digitalPreservation === true, t("futureStewardship.declarations.preserved"), "info"],
                ]}
              />
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("futureStewardship.declarations.empty")}
      />
      <RecordListCard
        family={perpetuityDeclarationFamily}
        title={t("futureStewardship.declarations.all")}
        list={declarations}
        columns={[{ field: "title" }, { field: "declarationType" }, { field: "status", render: (d) => <StatusBadge status={d.status} /> }, { field: "publishedDate" }]}
        loadingText={loading}
        emptyText={t("futureStewardship.declarations.noDeclarations")}
      />
    </>
  );
}
