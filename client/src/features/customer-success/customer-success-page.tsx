import { CalendarCheck, CalendarClock, Gauge, HeartPulse, LayoutDashboard, Repeat, Rocket, UserRoundX } from "lucide-react";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  BUSINESS_REVIEWS_REFRESH_MS,
  businessReviewFamily,
  customerSuccessEndpoints,
  type EngagementReply,
  type NpsAnalytics,
  ONBOARDING_TOTAL_STEPS,
  type OnboardingAnalytics,
  type RenewalAnalytics,
  renewalOfferFamily,
} from "@contract/customer-success";
import { combinedDashboard, dashboardSection, DeclaredPage, definePage, explainOver, familySection, querySection, specialSection } from "@/features/records";
import { NpsSurveyDialog } from "./nps-survey-dialog";
import { useEngagementUsers, useNpsAnalytics, useOnboardingAnalytics, useRenewalAnalytics } from "./customer-success-queries";
import {
  EngagementUsersTable,
  money,
  NpsLabelBadge,
  NpsPanels,
  OnboardingPanels,
  offerColumns,
  pendingExplanation,
  RetentionHeatMap,
  reviewColumns,
  UpcomingRenewals,
} from "./customer-success-panels";

/*
 * Customer Success (spec §2), declared: six tabs, starting on the overview; the open tab lives in the URL; the Test
 * NPS Survey at the top right. The overview's four cards are a dashboard over four endpoints (combinedDashboard), with
 * the spec's first 3 renewals and View all (N) under them; NPS, onboarding and engagement come from their own
 * endpoints, their cards declared here (querySection), their tables panels (customer-success-panels.tsx); the renewal
 * and upsell offers are a family, and the business reviews a family read from the spec's path. Only the retention
 * heat map is a component of its own.
 */

const renewalOffers = familySection(renewalOfferFamily, {
  query: { limit: 200 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "customerSuccess.renewals.loading",
  analytics: {
    title: "customerSuccess.renewals.title",
    items: [
      { kind: "figure", label: "customerSuccess.renewals.pending", value: (a) => a.pending_offers, format: "number", testId: "cs-pending-offers", explain: pendingExplanation },
      {
        kind: "figure",
        label: "customerSuccess.renewals.revenueGenerated",
        value: (a) => a.revenue_generated,
        format: "money",
        testId: "cs-revenue-generated",
        explain: { family: renewalOfferFamily, filters: { status: "accepted" }, text: "customerSuccess.explain.revenue" },
      },
      {
        kind: "figure",
        label: "customerSuccess.renewals.acceptanceRate",
        value: (a) => a.acceptance_rate,
        format: "percent",
        testId: "cs-acceptance-rate",
        explain: explainOver(renewalOfferFamily, {
          text: "customerSuccess.explain.acceptance",
          count: (rows) => rows.filter((offer) => offer.status === "accepted" || offer.status === "declined").length,
        }),
      },
      { kind: "counts", label: "customerSuccess.renewals.byStatus", value: (a) => a.by_status, emptyText: "customerSuccess.none" },
    ],
  },
  list: { title: "customerSuccess.renewals.list", columns: offerColumns, emptyText: "customerSuccess.renewals.empty" },
});

/*
 * NPS answers, onboarding accounts and engagement users are not record families: each card reads its own endpoint and
 * its figures say what they are computed over in a plain line; the tables under it are panels given the same reply.
 */
const nps = querySection({
  useQuery: useNpsAnalytics,
  loadingText: "customerSuccess.nps.loading",
  analytics: {
    title: "customerSuccess.nps.title",
    description: "customerSuccess.nps.formula",
    columns: 5,
    items: [
      {
        kind: "figure",
        label: "customerSuccess.nps.score",
        value: (d) => d.nps_score,
        format: "number",
        adornment: (d) => <NpsLabelBadge label={d.label} />,
        explainText: { text: "customerSuccess.explain.nps", params: (d) => ({ count: d.total_responses }) },
        testId: "cs-nps-score",
      },
      { kind: "figure", label: "customerSuccess.nps.responses", value: (d) => d.total_responses, format: "number", testId: "cs-nps-responses" },
      { kind: "figure", label: "customerSuccess.nps.promoters", value: (d) => d.promoters, format: "number" },
      { kind: "figure", label: "customerSuccess.nps.passives", value: (d) => d.passives, format: "number" },
      { kind: "figure", label: "customerSuccess.nps.detractors", value: (d) => d.detractors, format: "number" },
      {
        kind: "line",
        render: (d, t) => (d.total_responses === 0 ? <p className="text-sm text-muted-foreground sm:col-span-5">{t("customerSuccess.nps.empty")}</p> : null),
      },
    ],
  },
  panels: (d) => <NpsPanels d={d} />,
});

const onboarding = querySection({
  useQuery: useOnboardingAnalytics,
  loadingText: "customerSuccess.onboarding.loading",
  analytics: {
    title: "customerSuccess.onboarding.title",
    description: { text: "customerSuccess.onboarding.hint", params: { steps: ONBOARDING_TOTAL_STEPS } },
    items: [
      {
        kind: "figure",
        label: "customerSuccess.onboarding.completionRate",
        value: (d) => d.completion_rate,
        format: "percent",
        explainText: { text: "customerSuccess.explain.onboarding", params: (d) => ({ count: d.total_accounts }) },
        testId: "cs-onboarding-rate",
      },
      { kind: "figure", label: "customerSuccess.onboarding.accounts", value: (d) => d.total_accounts, format: "number" },
      { kind: "figure", label: "customerSuccess.onboarding.completed", value: (d) => d.completed, format: "number" },
    ],
  },
  panels: (d) => <OnboardingPanels d={d} />,
});

const engagement = querySection({
  useQuery: useEngagementUsers,
  loadingText: "customerSuccess.engagement.loading",
  analytics: {
    title: "customerSuccess.engagement.title",
    description: "customerSuccess.engagement.formula",
    items: [
      {
        kind: "figure",
        label: "customerSuccess.engagement.atRisk",
        value: (d) => d.at_risk,
        format: "number",
        explainText: { text: "customerSuccess.explain.atRisk", params: (d) => ({ count: d.users.length }) },
        testId: "cs-at-risk",
      },
      {
        kind: "figure",
        label: "customerSuccess.engagement.average",
        value: (d) => d.average_score,
        format: "number",
        explainText: { text: "customerSuccess.explain.engagement", params: (d) => ({ count: d.users.length }), testId: "cs-engagement-average" },
      },
      { kind: "counts", label: "customerSuccess.engagement.byRisk", value: (d) => d.by_risk, emptyText: "customerSuccess.none" },
    ],
  },
  panels: (d) => <EngagementUsersTable d={d} />,
});

/**
 * The overview: four cards over four endpoints (NPS, engagement, onboarding, renewals) read as one reply, then the
 * first 3 pending renewals with View all (N).
 */
const overview = dashboardSection<{ nps: NpsAnalytics; engagement: EngagementReply; onboarding: OnboardingAnalytics; renewals: RenewalAnalytics }>({
  useDashboard: combinedDashboard({ nps: useNpsAnalytics, engagement: useEngagementUsers, onboarding: useOnboardingAnalytics, renewals: useRenewalAnalytics }),
  loadingText: "customerSuccess.loading",
  testIdPrefix: "cs-card-",
  cards: [
    {
      key: "nps",
      title: "customerSuccess.overview.nps",
      icon: Gauge,
      value: (d) => d.nps.nps_score,
      format: "number",
      adornment: (d) => <NpsLabelBadge label={d.nps.label} />,
      explainText: { text: "customerSuccess.explain.nps", params: (d) => ({ count: d.nps.total_responses }) },
    },
    {
      key: "at-risk",
      title: "customerSuccess.overview.atRisk",
      icon: UserRoundX,
      value: (d) => d.engagement.at_risk,
      format: "number",
      caption: { text: "customerSuccess.overview.ofUsers", count: (d) => d.engagement.users.length },
    },
    {
      key: "onboarding",
      title: "customerSuccess.overview.onboarding",
      icon: Rocket,
      value: (d) => d.onboarding.completion_rate,
      format: "percent",
      caption: { text: "customerSuccess.overview.completedOf", count: (d) => d.onboarding.total_accounts, params: (d) => ({ completed: d.onboarding.completed, total: d.onboarding.total_accounts }) },
    },
    {
      key: "renewals",
      title: "customerSuccess.overview.renewals",
      icon: CalendarClock,
      value: (d) => d.renewals.pending_offers,
      format: "number",
      caption: { text: "customerSuccess.overview.pendingRevenue", count: (d) => d.renewals.pending_offers, params: (d, language) => ({ value: money(d.renewals.pending_revenue, language) }) },
      explain: pendingExplanation,
    },
  ],
  panels: (d) => <UpcomingRenewals renewals={d.renewals} />,
});

/** The business reviews, read from the spec's path (GET /api/business-review/list, hourly), which answers as the family's list does. */
const reviews = familySection(businessReviewFamily, {
  endpoint: customerSuccessEndpoints.businessReviewList,
  query: { limit: 200 },
  refreshMs: BUSINESS_REVIEWS_REFRESH_MS,
  loadingText: "customerSuccess.reviews.loading",
  analytics: {
    title: "customerSuccess.reviews.overview",
    items: [
      {
        kind: "figure",
        label: "customerSuccess.reviews.total",
        value: (a) => a.total_reviews,
        format: "number",
        testId: "cs-total-reviews",
        explain: { family: businessReviewFamily, text: "customerSuccess.explain.reviews" },
      },
      {
        kind: "figure",
        label: "customerSuccess.reviews.recent",
        value: (a) => a.reviews_last_90_days,
        format: "number",
        testId: "cs-recent-reviews",
        explain: { family: businessReviewFamily, text: "customerSuccess.explain.recentReviews" },
      },
      {
        kind: "figure",
        label: "customerSuccess.reviews.actionItems",
        value: (a) => a.action_items,
        format: "number",
        testId: "cs-action-items",
        explain: explainOver(businessReviewFamily, { text: "customerSuccess.explain.actionItems", count: (rows) => rows.filter((review) => (review.actionItems ?? []).length > 0).length }),
      },
    ],
  },
  list: { title: "customerSuccess.reviews.title", columns: reviewColumns, emptyText: "customerSuccess.reviews.empty" },
});

export const customerSuccessPage = definePage({
  listLabel: "customerSuccess.tabs.label",
  tabLabelPrefix: "customerSuccess.tabs.",
  Actions: NpsSurveyDialog,
  tabs: [
    { name: "overview", icon: LayoutDashboard, sections: [overview] },
    { name: "nps", icon: Gauge, sections: [nps] },
    { name: "onboarding", icon: Rocket, sections: [onboarding] },
    { name: "retention", icon: Repeat, sections: [specialSection(RetentionHeatMap), renewalOffers] },
    { name: "engagement", icon: HeartPulse, sections: [engagement] },
    { name: "reviews", icon: CalendarCheck, sections: [reviews] },
  ],
});

export default function CustomerSuccessPage() {
  return <DeclaredPage page={customerSuccessPage} />;
}
