import { Archive, ClipboardCheck, Infinity as InfinityIcon, LayoutDashboard, Package, ScrollText, Star, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  communityTransitionFamily,
  livingArchiveFamily,
  livingLegacyPackageFamily,
  type PerpetualStewardshipDashboard,
  perpetualDeclarationFamily,
  stewardshipReviewFamily,
} from "@contract/records/perpetual-stewardship";
import type { FamilyRecord } from "@contract/records/schemas";
import { AddRecordButton, countRecorded, counts, CountsByBadges, dashboardSection, DeclaredPage, definePage, explainOver, ExplanationLine, familySection, Figure, valueLabel, type AnalyticsItem } from "@/features/records";
import { DashboardPanels, notFailed } from "./perpetual-stewardship-panels";
import { usePerpetualStewardshipDashboard } from "./perpetual-stewardship-queries";
import { formatBytes, signedChange } from "./stewardship-format";

/*
 * Perpetual Stewardship & Living Archive (spec §2), declared: six tabs, starting on the dashboard; the open tab lives
 * in the URL. Scores follow the spec's 90/80/70/60 colours (§5), statuses its stewardship badges (§4). The latest
 * packages and reviews are capped at 5 with "View all (N)"; each score and total says what it is computed over and
 * opens those records. The header's Create Declaration opens the perpetual declaration family's create form.
 */

const ALL = { limit: 200 } as const;
const LATEST_5 = { limit: 5 } as const;
const TONE = "90/80/70/60" as const;
const stewardshipBadge = { scheme: "stewardship" } as const;

/** How many of the rows `keep` selects. */
type PackageRow = FamilyRecord<typeof livingLegacyPackageFamily>;
const notArchived = (rows: readonly PackageRow[]) => rows.filter((p) => p.status !== "archived").length;
const handedOff = (rows: readonly PackageRow[]) => rows.filter((p) => p.status === "delivered" || p.status === "confirmed").length;
const notDeprecated = (rows: readonly FamilyRecord<typeof livingArchiveFamily>[]) => rows.filter((r) => r.status !== "deprecated").length;
const publishedOrActive = (rows: readonly FamilyRecord<typeof perpetualDeclarationFamily>[]) => rows.filter((d) => d.status === "published" || d.status === "active").length;
const scoredReviews = (field: "stewardPerformance" | "reviewScore") => countRecorded(stewardshipReviewFamily, field);
/** A card's records counted by type and by status, one above the other. */
const BY_TYPE_AND_STATUS: AnalyticsItem<{ by_type: Record<string, number>; by_status: Record<string, number> }> = {
  kind: "countsGroup",
  layout: "column",
  items: [
    { label: "perpetualStewardship.byType", value: (a) => a.by_type, emptyText: "perpetualStewardship.none" },
    { label: "perpetualStewardship.byStatus", value: (a) => a.by_status, emptyText: "perpetualStewardship.none" },
  ],
};
const outOf100 = (value: unknown) => (value === null || value === undefined ? "—" : `${String(value)}/100`);

const dashboard = dashboardSection<PerpetualStewardshipDashboard>({
  useDashboard: usePerpetualStewardshipDashboard,
  loadingText: "perpetualStewardship.loadingDashboard",
  testIdPrefix: "ps-card-",
  columns: 5,
  cards: [
    {
      key: "readiness",
      title: "perpetualStewardship.dashboard.perpetualReadiness",
      icon: InfinityIcon,
      value: (d) => d.perpetual_readiness,
      format: "percent",
      tone: TONE,
      progress: true,
      caption: { text: "perpetualStewardship.explain.readiness", count: () => 4 },
    },
    {
      key: "preservation",
      title: "perpetualStewardship.dashboard.legacyPreservation",
      icon: Package,
      value: (d) => d.legacy_preservation,
      format: "percent",
      tone: TONE,
      progress: true,
      explain: explainOver(livingLegacyPackageFamily, { text: "perpetualStewardship.explain.completeness", count: notArchived }),
    },
    {
      key: "continuity",
      title: "perpetualStewardship.dashboard.stewardshipContinuity",
      icon: ClipboardCheck,
      value: (d) => d.stewardship_continuity,
      format: "percent",
      tone: TONE,
      progress: true,
      explain: explainOver(stewardshipReviewFamily, { text: "perpetualStewardship.explain.stewardPerformance", count: scoredReviews("stewardPerformance") }),
    },
    {
      key: "integrity",
      title: "perpetualStewardship.dashboard.archiveIntegrity",
      icon: Archive,
      value: (d) => d.archive_integrity,
      format: "percent",
      tone: TONE,
      progress: true,
      explain: explainOver(livingArchiveFamily, { text: "perpetualStewardship.explain.integrity", count: notDeprecated }),
    },
    {
      key: "transition",
      title: "perpetualStewardship.dashboard.communityTransition",
      icon: Users,
      value: (d) => d.community_transition_status,
      format: "percent",
      tone: TONE,
      progress: true,
      explain: explainOver(communityTransitionFamily, { text: "perpetualStewardship.explain.readinessOfTransitions", count: notFailed }),
    },
  ],
  panels: (d) => <DashboardPanels d={d} />,
});

const packages = familySection(livingLegacyPackageFamily, {
  query: LATEST_5,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualStewardship.packages.loading",
  analytics: {
    title: "perpetualStewardship.packages.overview",
    items: [
      {
        kind: "figure",
        label: "perpetualStewardship.packages.completeness",
        value: (a) => a.package_completeness,
        format: "percent",
        tone: TONE,
        testId: "ps-package-completeness",
        explain: explainOver(livingLegacyPackageFamily, { text: "perpetualStewardship.explain.completeness", count: notArchived }),
      },
      {
        kind: "figure",
        label: "perpetualStewardship.packages.handoffSuccess",
        value: (a) => a.handoff_success_rate,
        format: "percent",
        tone: TONE,
        testId: "ps-handoff-success",
        explain: explainOver(livingLegacyPackageFamily, { text: "perpetualStewardship.explain.handoff", count: handedOff }),
      },
      BY_TYPE_AND_STATUS,
    ],
  },
  list: {
    title: "perpetualStewardship.packages.latest",
    cap: 5,
    columns: [
      { field: "title" },
      { field: "packageType" },
      { field: "status", badge: stewardshipBadge },
      { field: "packageDate", label: "perpetualStewardship.columns.date" },
      { field: "stewardName", render: (p, t) => (p.stewardName ? String(p.stewardName) : t("perpetualStewardship.unknown")) },
      {
        field: "totalSize",
        label: "perpetualStewardship.size",
        render: (p, t, language) => (p.totalSize === null || p.totalSize === undefined ? t("perpetualStewardship.unknown") : formatBytes(Number(p.totalSize), language)),
      },
      {
        field: "packageIntegrity",
        label: "perpetualStewardship.flags",
        flagsMutedDash: true,
        flags: [
          { field: "packageIntegrity", label: "perpetualStewardship.packages.integrityVerified" },
          { field: "stewardConfirmation", label: "perpetualStewardship.packages.stewardConfirmed" },
        ],
      },
    ],
    emptyText: "perpetualStewardship.packages.empty",
  },
});

const archives = familySection(livingArchiveFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualStewardship.archives.loading",
  analytics: {
    title: "perpetualStewardship.archives.overview",
    items: [
      {
        kind: "figure",
        label: "perpetualStewardship.archives.total",
        value: (a) => a.total_archives,
        format: "number",
        testId: "ps-total-archives",
        explain: { family: livingArchiveFamily, text: "perpetualStewardship.explain.archives" },
      },
      {
        // The total size comes written by the server ("71.2 GB"), so it is drawn as text rather than a number format.
        kind: "line",
        render: (a, t) => (
          <div className="grid content-start gap-1">
            <Figure label={t("perpetualStewardship.archives.totalSize")} value={a.total_size || "0 B"} testId="ps-total-size" />
            <ExplanationLine explain={{ family: livingArchiveFamily, text: "perpetualStewardship.explain.size" }} testId="ps-total-size" />
          </div>
        ),
      },
      {
        kind: "line",
        render: (a, t) => (
          <div className="grid content-start gap-1">
            <Figure
              label={t("perpetualStewardship.archives.encrypted")}
              value={t("perpetualStewardship.archives.encryptedValue", { count: a.encrypted_archives, coverage: a.encryption_coverage })}
              testId="ps-encrypted"
            />
            <ExplanationLine explain={{ family: livingArchiveFamily, text: "perpetualStewardship.explain.encrypted" }} testId="ps-encrypted" />
          </div>
        ),
      },
      { kind: "counts", label: "perpetualStewardship.byType", value: (a) => a.by_type, emptyText: "perpetualStewardship.none" },
      { kind: "counts", label: "perpetualStewardship.archives.integrityStatus", value: (a) => a.integrity_status, emptyText: "perpetualStewardship.none" },
    ],
  },
  list: {
    title: "perpetualStewardship.archives.list",
    columns: [
      { field: "title" },
      { field: "archiveType" },
      { field: "status", badge: stewardshipBadge },
      { field: "archiveDate", label: "perpetualStewardship.columns.date" },
      {
        field: "archiveSize",
        label: "perpetualStewardship.size",
        render: (r, _t, language) => formatBytes(r.archiveSize === null || r.archiveSize === undefined ? 0 : Number(r.archiveSize), language),
      },
      { field: "archiveScope" },
      {
        field: "encrypted",
        label: "perpetualStewardship.flags",
        flagsMutedDash: true,
        flags: [
          { field: "encrypted", label: "perpetualStewardship.archives.encryptedFlag" },
          { field: "integrityVerification", label: "perpetualStewardship.archives.verifiedFlag", when: (r) => r.status === "verified" || r.integrityVerification === "verified" },
        ],
      },
    ],
    emptyText: "perpetualStewardship.archives.empty",
  },
});

const reviews = familySection(stewardshipReviewFamily, {
  query: LATEST_5,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualStewardship.reviews.loading",
  analytics: {
    title: "perpetualStewardship.reviews.overview",
    items: [
      {
        kind: "figure",
        label: "perpetualStewardship.reviews.averageScore",
        value: (a) => a.average_score,
        format: "percent",
        tone: TONE,
        testId: "ps-average-score",
        trend: { label: "perpetualStewardship.reviews.trend", value: (a) => a.review_trends.trend },
        explain: explainOver(stewardshipReviewFamily, { text: "perpetualStewardship.explain.reviewScore", count: scoredReviews("reviewScore") }),
      },
      {
        kind: "figure",
        label: "perpetualStewardship.reviews.stewardPerformance",
        value: (a) => a.steward_performance.average,
        format: "percent",
        tone: TONE,
        testId: "ps-steward-performance",
        explain: explainOver(stewardshipReviewFamily, { text: "perpetualStewardship.explain.stewardPerformance", count: scoredReviews("stewardPerformance") }),
      },
      {
        kind: "line",
        render: (a, t, language) => (
          <div className="grid content-start gap-4">
            <p className="text-sm">
              {t("perpetualStewardship.reviews.change")}: <span className="font-medium tabular-nums">{signedChange(a.review_trends.change, language)}</span>
            </p>
            <CountsByBadges label={t("perpetualStewardship.reviews.byYear")} entries={counts(a.by_year)} emptyText={t("perpetualStewardship.none")} />
          </div>
        ),
      },
    ],
  },
  list: {
    title: "perpetualStewardship.reviews.latest",
    cap: 5,
    columns: [
      { field: "title" },
      {
        field: "reviewYear",
        label: "perpetualStewardship.reviews.yearType",
        render: (r, t) => (
          <span className="grid">
            <span className="tabular-nums">{String(r.reviewYear)}</span>
            <span className="text-muted-foreground">{valueLabel(t, String(r.reviewType))}</span>
          </span>
        ),
      },
      { field: "status", badge: stewardshipBadge },
      { field: "reviewDate", label: "perpetualStewardship.columns.date" },
      { field: "reviewedBy" },
      { field: "reviewScore", label: "perpetualStewardship.reviews.score", render: (r) => outOf100(r.reviewScore) },
      { field: "stewardPerformance", label: "perpetualStewardship.reviews.stewardScore", render: (r) => outOf100(r.stewardPerformance) },
      {
        field: "actionItems",
        label: "perpetualStewardship.reviews.actionItems",
        render: (r) => String(Array.isArray(r.actionItems) ? r.actionItems.length : 0),
      },
    ],
    emptyText: "perpetualStewardship.reviews.empty",
  },
});

const transitions = familySection(communityTransitionFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualStewardship.transitions.loading",
  analytics: {
    title: "perpetualStewardship.transitions.overview",
    items: [
      {
        kind: "figure",
        label: "perpetualStewardship.transitions.readiness",
        value: (a) => a.community_readiness,
        format: "percent",
        tone: TONE,
        progress: true,
        testId: "ps-community-readiness",
        explain: explainOver(communityTransitionFamily, { text: "perpetualStewardship.explain.readinessOfTransitions", count: notFailed }),
      },
      {
        kind: "figure",
        label: "perpetualStewardship.transitions.completed",
        value: (a) => a.completed_transitions,
        format: "number",
        testId: "ps-completed-transitions",
        explain: { family: communityTransitionFamily, filters: { status: "completed" }, text: "perpetualStewardship.explain.completedTransitions" },
      },
      {
        kind: "figure",
        label: "perpetualStewardship.transitions.budget",
        value: (a) => a.budget_allocation,
        format: "money",
        testId: "ps-transition-budget",
        explain: explainOver(communityTransitionFamily, { text: "perpetualStewardship.explain.budget", count: notFailed }),
      },
      { kind: "counts", label: "perpetualStewardship.byType", value: (a) => a.by_type, emptyText: "perpetualStewardship.none" },
      { kind: "counts", label: "perpetualStewardship.byStatus", value: (a) => a.by_status, emptyText: "perpetualStewardship.none" },
    ],
  },
  list: {
    title: "perpetualStewardship.transitions.list",
    columns: [
      { field: "title" },
      { field: "transitionType" },
      { field: "status", badge: stewardshipBadge },
      { field: "transitionDate", label: "perpetualStewardship.columns.start" },
      { field: "transitionScope" },
      { field: "transitionBudget", label: "perpetualStewardship.columns.budget" },
      {
        field: "governanceStructure",
        label: "perpetualStewardship.transitions.preparations",
        flagsMutedDash: true,
        flags: [
          { field: "governanceStructure", label: "perpetualStewardship.transitions.governance" },
          { field: "assetTransfer", label: "perpetualStewardship.transitions.assets" },
          { field: "trainingPrograms", label: "perpetualStewardship.transitions.training" },
        ],
      },
    ],
    emptyText: "perpetualStewardship.transitions.empty",
  },
});

const declarations = familySection(perpetualDeclarationFamily, {
  query: ALL,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualStewardship.declarations.loading",
  analytics: {
    title: "perpetualStewardship.declarations.overview",
    items: [
      {
        kind: "figure",
        label: "perpetualStewardship.declarations.activeCommitments",
        value: (a) => a.active_commitments,
        format: "number",
        testId: "ps-active-commitments",
        explain: { family: perpetualDeclarationFamily, filters: { status: "active" }, text: "perpetualStewardship.explain.activeDeclarations" },
      },
      {
        kind: "figure",
        label: "perpetualStewardship.declarations.reach",
        value: (a) => a.distribution_reach,
        format: "number",
        testId: "ps-distribution-reach",
        explain: explainOver(perpetualDeclarationFamily, { text: "perpetualStewardship.explain.reach", count: publishedOrActive }),
      },
      BY_TYPE_AND_STATUS,
      {
        kind: "line",
        render: (a, t) => (
          <p className="flex items-center gap-2 text-sm sm:col-span-3" data-testid="ps-perpetual-notice">
            <Star aria-hidden="true" className="size-4 text-muted-foreground" />
            {a.perpetual_commitments > 0
              ? t("perpetualStewardship.declarations.perpetualNotice", { count: a.perpetual_commitments })
              : t("perpetualStewardship.declarations.noPerpetual")}
          </p>
        ),
      },
    ],
  },
  list: {
    title: "perpetualStewardship.declarations.list",
    columns: [
      { field: "title" },
      { field: "declarationType" },
      { field: "status", badge: stewardshipBadge },
      { field: "version" },
      { field: "publishedDate" },
      { field: "declarationScope" },
      { field: "distributionReach", label: "perpetualStewardship.columns.reach" },
      {
        field: "approvedBy",
        label: "perpetualStewardship.flags",
        flagsMutedDash: true,
        flags: [
          { field: "declarationType", label: "perpetualStewardship.declarations.perpetualLabel", when: (r) => r.declarationType === "perpetual" },
          { field: "status", label: "perpetualStewardship.declarations.activeFlag", when: (r) => r.status === "active" },
          { field: "approvedBy", label: "perpetualStewardship.declarations.approvedFlag", when: (r) => r.approvedBy !== null && r.approvedBy !== undefined && r.approvedBy !== "" },
        ],
      },
    ],
    emptyText: "perpetualStewardship.declarations.empty",
  },
});

/** The header's Create Declaration: the perpetual declaration family's create form. */
function CreateDeclarationButton() {
  const { t } = useTranslation();
  return <AddRecordButton family={perpetualDeclarationFamily} label={t("perpetualStewardship.createDeclaration")} />;
}

export const perpetualStewardshipPage = definePage({
  listLabel: "perpetualStewardship.tabs.label",
  tabLabelPrefix: "perpetualStewardship.tabs.",
  Actions: CreateDeclarationButton,
  tabs: [
    { name: "dashboard", icon: LayoutDashboard, sections: [dashboard] },
    { name: "packages", icon: Package, sections: [packages] },
    { name: "archives", icon: Archive, sections: [archives] },
    { name: "reviews", icon: ClipboardCheck, sections: [reviews] },
    { name: "transitions", icon: Users, sections: [transitions] },
    { name: "declarations", icon: ScrollText, sections: [declarations] },
  ],
});

export default function PerpetualStewardshipPage() {
  return <DeclaredPage page={perpetualStewardshipPage} />;
}
