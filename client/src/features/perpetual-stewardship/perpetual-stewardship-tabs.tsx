import type { ReactNode } from "react";
import { Archive, ClipboardCheck, Infinity as InfinityIcon, Package, ShieldCheck, Star, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS, type Trend } from "@contract/records/business-health";
import {
  communityTransitionFamily,
  livingArchiveFamily,
  livingLegacyPackageFamily,
  perpetualDeclarationFamily,
  stewardshipReviewFamily,
} from "@contract/records/perpetual-stewardship";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { formatDay, formatNumber, valueLabel } from "@/features/records/record-labels";
import { RecordListCard } from "@/features/records/record-list-card";
import { useFamilyList } from "@/features/records/record-queries";
import { type Analytics, AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard, TrendBadge } from "@/features/records/monitoring-parts";
import { statusTone, stewardshipTone } from "@/features/records/score-tones";
import { usePerpetualStewardshipDashboard } from "./perpetual-stewardship-queries";
import { formatBytes, isSystemReady, signedChange } from "./stewardship-format";

/** Spec §4: this page's statuses use the stewardship colours. */
function StatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const value = String(status ?? "");
  return <Badge variant={statusTone("stewardship", value)}>{valueLabel(t, value)}</Badge>;
}

/** Small yes-flags of a record, shown only when set. */
function Flags({ flags }: { flags: [boolean, string][] }) {
  const shown = flags.filter(([on]) => on);
  if (shown.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map(([, label]) => (
        <Badge key={label} variant="outline">
          {label}
        </Badge>
      ))}
    </span>
  );
}

function TypeAndStatus({ type, status }: { type: string; status: string }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1.5">
      {valueLabel(t, type)}
      <StatusBadge status={status} />
    </span>
  );
}

const percentText = (value: number) => `${value}%`;

/** A cell of an analytics card that keeps its contents at the top beside a taller neighbour. */
function Stack({ children }: { children: ReactNode }) {
  return <div className="grid content-start gap-4">{children}</div>;
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function DashboardTab() {
  const { t, i18n } = useTranslation();
  const dashboard = usePerpetualStewardshipDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) return <Muted>{t("perpetualStewardship.loadingDashboard")}</Muted>;
  const d = dashboard.data;
  const cards = [
    { key: "readiness", title: t("perpetualStewardship.dashboard.perpetualReadiness"), icon: InfinityIcon, value: d.perpetual_readiness },
    { key: "preservation", title: t("perpetualStewardship.dashboard.legacyPreservation"), icon: Package, value: d.legacy_preservation },
    { key: "continuity", title: t("perpetualStewardship.dashboard.stewardshipContinuity"), icon: ClipboardCheck, value: d.stewardship_continuity },
    { key: "integrity", title: t("perpetualStewardship.dashboard.archiveIntegrity"), icon: Archive, value: d.archive_integrity },
    { key: "transition", title: t("perpetualStewardship.dashboard.communityTransition"), icon: Users, value: d.community_transition_status },
  ];
  const metrics = d.perpetual_metrics;
  const current = d.current_stewardship;
  const progress = d.transition_progress;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(({ key, title, icon, value }) => (
          <StatCard
            key={key}
            testId={`ps-card-${key}`}
            title={title}
            icon={icon}
            value={<span className={stewardshipTone(value)}>{percentText(value)}</span>}
            extra={<Progress value={value} aria-label={title} />}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>{t("perpetualStewardship.dashboard.perpetualMetrics")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Figure
              label={t("perpetualStewardship.dashboard.systemMaturity")}
              value={percentText(metrics.system_maturity)}
              className={stewardshipTone(metrics.system_maturity)}
              testId="ps-system-maturity"
            />
            <dl className="grid gap-1 text-sm">
              <Row label={t("perpetualStewardship.dashboard.totalPackages")}>{metrics.total_packages}</Row>
              <Row label={t("perpetualStewardship.dashboard.verifiedArchives")}>{metrics.verified_archives}</Row>
              <Row label={t("perpetualStewardship.dashboard.completedReviews")}>{metrics.completed_reviews}</Row>
              <Row label={t("perpetualStewardship.dashboard.activeDeclarations")}>{metrics.active_declarations}</Row>
            </dl>
            {isSystemReady(metrics.system_maturity) ? (
              <p className="flex items-center gap-2 text-sm font-medium text-emerald-700" data-testid="ps-ready">
                <ShieldCheck aria-hidden="true" className="size-4" />
                {t("perpetualStewardship.dashboard.ready")}
              </p>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("perpetualStewardship.dashboard.currentStewardship")}</CardTitle>
          </CardHeader>
          <CardContent>
            {current === null ? (
              <Muted>{t("perpetualStewardship.dashboard.noActiveStewardship")}</Muted>
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
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("perpetualStewardship.dashboard.transitionProgress")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid gap-1">
              <Figure label={t("perpetualStewardship.dashboard.progress")} value={percentText(progress.progress)} className={stewardshipTone(progress.progress)} testId="ps-transition-progress" />
              <Progress value={progress.progress} aria-label={t("perpetualStewardship.dashboard.transitionProgress")} />
            </div>
            <div className="grid grid-cols-2 gap-4">
              <Figure label={t("perpetualStewardship.dashboard.activeTransitions")} value={progress.active} />
              <Figure label={t("perpetualStewardship.dashboard.completedTransitions")} value={progress.completed} />
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function PackagesTab() {
  const { t, i18n } = useTranslation();
  const packages = useFamilyList<Analytics>(livingLegacyPackageFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
  const a = packages.data?.analytics;
  const loading = t("perpetualStewardship.packages.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualStewardship.packages.overview")} query={packages} loadingText={loading}>
        <Stack>
          <Figure label={t("perpetualStewardship.packages.completeness")} value={percentText(num(a?.package_completeness))} className={stewardshipTone(num(a?.package_completeness))} testId="ps-package-completeness" />
          <Figure label={t("perpetualStewardship.packages.handoffSuccess")} value={percentText(num(a?.handoff_success_rate))} className={stewardshipTone(num(a?.handoff_success_rate))} />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byStatus")} entries={counts(a?.by_status)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
      </AnalyticsCard>
      <RecordListCard
        family={livingLegacyPackageFamily}
        title={t("perpetualStewardship.packages.latest")}
        list={packages}
        limit={5}
        columns={[
          { field: "title" },
          { field: "packageType" },
          { field: "status", render: (p) => <StatusBadge status={p.status} /> },
          { field: "packageDate", label: t("perpetualStewardship.columns.date") },
          { field: "stewardName", render: (p) => (p.stewardName ? String(p.stewardName) : t("perpetualStewardship.unknown")) },
          { field: "totalSize", label: t("perpetualStewardship.size"), render: (p) => (p.totalSize === null ? t("perpetualStewardship.unknown") : formatBytes(Number(p.totalSize), i18n.language)) },
          {
            field: "packageIntegrity",
            label: t("perpetualStewardship.flags"),
            render: (p) => (
              <Flags
                flags={[
                  [p.packageIntegrity === true, t("perpetualStewardship.packages.integrityVerified")],
                  [p.stewardConfirmation === true, t("perpetualStewardship.packages.stewardConfirmed")],
                ]}
              />
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualStewardship.packages.empty")}
      />
    </>
  );
}

export function ArchivesTab() {
  const { t, i18n } = useTranslation();
  const archives = useFamilyList<Analytics>(livingArchiveFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = archives.data?.analytics;
  const loading = t("perpetualStewardship.archives.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualStewardship.archives.overview")} query={archives} loadingText={loading}>
        <Stack>
          <Figure label={t("perpetualStewardship.archives.total")} value={num(a?.total_archives)} testId="ps-total-archives" />
          <Figure label={t("perpetualStewardship.archives.totalSize")} value={typeof a?.total_size === "string" ? a.total_size : "0 B"} testId="ps-total-size" />
          <Figure
            label={t("perpetualStewardship.archives.encrypted")}
            value={t("perpetualStewardship.archives.encryptedValue", { count: num(a?.encrypted_archives), coverage: num(a?.encryption_coverage) })}
          />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.archives.integrityStatus")} entries={counts(a?.integrity_status)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
      </AnalyticsCard>
      <RecordListCard
        family={livingArchiveFamily}
        title={t("perpetualStewardship.archives.list")}
        list={archives}
        columns={[
          { field: "title" },
          { field: "archiveType" },
          { field: "status", render: (r) => <StatusBadge status={r.status} /> },
          { field: "archiveDate", label: t("perpetualStewardship.columns.date") },
          { field: "archiveSize", label: t("perpetualStewardship.size"), render: (r) => formatBytes(r.archiveSize === null ? 0 : Number(r.archiveSize), i18n.language) },
          { field: "archiveScope" },
          {
            field: "encrypted",
            label: t("perpetualStewardship.flags"),
            render: (r) => (
              <Flags
                flags={[
                  [r.encrypted === true, t("perpetualStewardship.archives.encryptedFlag")],
                  [r.status === "verified" || r.integrityVerification === "verified", t("perpetualStewardship.archives.verifiedFlag")],
                ]}
              />
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualStewardship.archives.empty")}
      />
    </>
  );
}

const outOf100 = (value: unknown) => (value === null || value === undefined ? "—" : `${String(value)}/100`);

export function ReviewsTab() {
  const { t, i18n } = useTranslation();
  const reviews = useFamilyList<Analytics>(stewardshipReviewFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
  const a = reviews.data?.analytics;
  const trends = (a?.review_trends ?? {}) as { trend?: Trend; change?: number };
  const steward = (a?.steward_performance ?? {}) as { average?: number };
  const loading = t("perpetualStewardship.reviews.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualStewardship.reviews.overview")} query={reviews} loadingText={loading}>
        <Stack>
          <Figure label={t("perpetualStewardship.reviews.averageScore")} value={percentText(num(a?.average_score))} className={stewardshipTone(num(a?.average_score))} testId="ps-average-score" />
          <Figure label={t("perpetualStewardship.reviews.stewardPerformance")} value={percentText(num(steward.average))} className={stewardshipTone(num(steward.average))} />
        </Stack>
        <div className="grid content-start gap-2">
          <TrendBadge label={t("perpetualStewardship.reviews.trend")} trend={trends.trend} />
          <p className="text-sm">
            {t("perpetualStewardship.reviews.change")}: <span className="font-medium tabular-nums">{signedChange(num(trends.change), i18n.language)}</span>
          </p>
        </div>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.reviews.byYear")} entries={counts(a?.by_year)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
      </AnalyticsCard>
      <RecordListCard
        family={stewardshipReviewFamily}
        title={t("perpetualStewardship.reviews.latest")}
        list={reviews}
        limit={5}
        columns={[
          { field: "reviewYear", render: (r) => String(r.reviewYear) },
          { field: "reviewType" },
          { field: "status", render: (r) => <StatusBadge status={r.status} /> },
          { field: "reviewDate", label: t("perpetualStewardship.columns.date") },
          { field: "reviewedBy" },
          { field: "reviewScore", label: t("perpetualStewardship.reviews.score"), render: (r) => outOf100(r.reviewScore) },
          { field: "stewardPerformance", label: t("perpetualStewardship.reviews.stewardScore"), render: (r) => outOf100(r.stewardPerformance) },
          { field: "actionItems", label: t("perpetualStewardship.reviews.actionItems"), render: (r) => String(Array.isArray(r.actionItems) ? r.actionItems.length : 0) },
        ]}
        loadingText={loading}
        emptyText={t("perpetualStewardship.reviews.empty")}
      />
    </>
  );
}

const money = (value: unknown, language: string) => new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(Number(value ?? 0));

export function TransitionsTab() {
  const { t, i18n } = useTranslation();
  const transitions = useFamilyList<Analytics>(communityTransitionFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = transitions.data?.analytics;
  const loading = t("perpetualStewardship.transitions.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualStewardship.transitions.overview")} query={transitions} loadingText={loading}>
        <Stack>
          <div className="grid gap-1">
            <Figure label={t("perpetualStewardship.transitions.readiness")} value={percentText(num(a?.community_readiness))} className={stewardshipTone(num(a?.community_readiness))} testId="ps-community-readiness" />
            <Progress value={num(a?.community_readiness)} aria-label={t("perpetualStewardship.transitions.readiness")} />
          </div>
          <Figure label={t("perpetualStewardship.transitions.completed")} value={num(a?.completed_transitions)} />
          <Figure label={t("perpetualStewardship.transitions.budget")} value={money(a?.budget_allocation, i18n.language)} testId="ps-transition-budget" />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byStatus")} entries={counts(a?.by_status)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
      </AnalyticsCard>
      <RecordListCard
        family={communityTransitionFamily}
        title={t("perpetualStewardship.transitions.list")}
        list={transitions}
        columns={[
          { field: "title" },
          { field: "transitionType" },
          { field: "status", render: (r) => <StatusBadge status={r.status} /> },
          { field: "transitionDate", label: t("perpetualStewardship.columns.start") },
          { field: "transitionScope" },
          { field: "transitionBudget", label: t("perpetualStewardship.columns.budget") },
          {
            field: "governanceStructure",
            label: t("perpetualStewardship.transitions.preparations"),
            render: (r) => (
              <Flags
                flags={[
                  [r.governanceStructure === true, t("perpetualStewardship.transitions.governance")],
                  [r.assetTransfer === true, t("perpetualStewardship.transitions.assets")],
                  [r.trainingPrograms === true, t("perpetualStewardship.transitions.training")],
                ]}
              />
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualStewardship.transitions.empty")}
      />
    </>
  );
}

export function DeclarationsTab() {
  const { t, i18n } = useTranslation();
  const declarations = useFamilyList<Analytics>(perpetualDeclarationFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = declarations.data?.analytics;
  const perpetual = num(a?.perpetual_commitments);
  const loading = t("perpetualStewardship.declarations.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualStewardship.declarations.overview")} query={declarations} loadingText={loading}>
        <Stack>
          <Figure label={t("perpetualStewardship.declarations.activeCommitments")} value={num(a?.active_commitments)} testId="ps-active-commitments" />
          <Figure label={t("perpetualStewardship.declarations.reach")} value={formatNumber(num(a?.distribution_reach), i18n.language)} />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
        <Stack>
          <CountsByBadges label={t("perpetualStewardship.byStatus")} entries={counts(a?.by_status)} emptyText={t("perpetualStewardship.none")} />
        </Stack>
        <p className="flex items-center gap-2 text-sm sm:col-span-3" data-testid="ps-perpetual-notice">
          <Star aria-hidden="true" className="size-4 text-muted-foreground" />
          {perpetual > 0 ? t("perpetualStewardship.declarations.perpetualNotice", { count: perpetual }) : t("perpetualStewardship.declarations.noPerpetual")}
        </p>
      </AnalyticsCard>
      <RecordListCard
        family={perpetualDeclarationFamily}
        title={t("perpetualStewardship.declarations.list")}
        list={declarations}
        columns={[
          { field: "title" },
          { field: "declarationType" },
          { field: "status", render: (r) => <StatusBadge status={r.status} /> },
          { field: "version" },
          { field: "publishedDate" },
          { field: "declarationScope" },
          { field: "distributionReach", label: t("perpetualStewardship.columns.reach") },
          {
            field: "approvedBy",
            label: t("perpetualStewardship.flags"),
            render: (r) => (
              <Flags
                flags={[
                  [r.declarationType === "perpetual", t("perpetualStewardship.declarations.perpetualLabel")],
                  [r.status === "active", t("perpetualStewardship.declarations.activeFlag")],
                  [r.approvedBy !== null && r.approvedBy !== "", t("perpetualStewardship.declarations.approvedFlag")],
                ]}
              />
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualStewardship.declarations.empty")}
      />
    </>
  );
}
