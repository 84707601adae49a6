import type { ComponentType } from "react";
import {
  Activity,
  Archive,
  Bot,
  Bug,
  Building2,
  ChartColumn,
  ChartLine,
  Handshake,
  HeartHandshake,
  LayoutDashboard,
  Landmark,
  Lightbulb,
  ListTodo,
  MessageSquareText,
  Plug,
  Settings,
  Share2,
  Sprout,
  SquareKanban,
  Telescope,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { ParseKeys } from "i18next";

export type TranslationKey = ParseKeys<"translation">;

type RouteBase = {
  /** The router's pattern: a record's page has a parameter (/leads/:id). */
  path: string;
  titleKey: TranslationKey;
  subtitleKey: TranslationKey;
  /** The screen's page, downloaded on first visit (or on hover of its link). */
  load: () => Promise<{ default: ComponentType }>;
};

/**
 * One screen of the sidebar. What the header's Export Data button does on it (its CSV export, or why there is none)
 * is declared by path in shell/export-routes.ts; a test there checks every route has an entry.
 */
export type NavRoute = RouteBase & {
  navKey: TranslationKey;
  icon: LucideIcon;
};

/**
 * One record's page (a lead's, at /leads/:id), or another page of a list not in the sidebar (the leads' duplicates at
 * /leads/duplicates, the merge of two leads at /leads/:id/merge/:otherId): reached from the list's screen, records and
 * search, not from the sidebar, which marks the list it belongs to (`list`). A record's page names itself (the lead's
 * business name, through lib/page-title.ts); the header shows `titleKey` until it does.
 */
export type RecordRoute = RouteBase & {
  list: string;
};

export type AppRoute = NavRoute | RecordRoute;

export const isNavRoute = (route: AppRoute): route is NavRoute => !("list" in route);

/** The single source of the sidebar, the header titles and the router (spec core-operations §2). */
export const appRoutes: readonly AppRoute[] = [
  {
    path: "/",
    navKey: "nav.dashboard",
    titleKey: "pages.dashboard.title",
    subtitleKey: "pages.dashboard.subtitle",
    icon: LayoutDashboard,
    load: () => import("@/features/dashboard/dashboard-page"),
  },
  {
    path: "/leads",
    navKey: "nav.leads",
    titleKey: "pages.leads.title",
    subtitleKey: "pages.leads.subtitle",
    icon: Users,
    load: () => import("@/features/leads/leads-page"),
  },
  // Before /leads/:id, which would take "duplicates" for an id.
  {
    path: "/leads/duplicates",
    list: "/leads",
    titleKey: "leads.duplicates.pageTitle",
    subtitleKey: "leads.duplicates.pageSubtitle",
    load: () => import("@/features/leads/lead-duplicates-page"),
  },
  {
    path: "/leads/:id/merge/:otherId",
    list: "/leads",
    titleKey: "leads.merge.title",
    subtitleKey: "leads.merge.subtitle",
    load: () => import("@/features/leads/lead-merge-page"),
  },
  {
    path: "/leads/:id",
    list: "/leads",
    titleKey: "leadPage.title",
    subtitleKey: "leadPage.subtitle",
    load: () => import("@/features/leads/lead-page"),
  },
  {
    path: "/kpi",
    navKey: "nav.kpi",
    titleKey: "pages.kpi.title",
    subtitleKey: "pages.kpi.subtitle",
    icon: ChartColumn,
    load: () => import("@/features/kpi/kpi-page"),
  },
  {
    path: "/affiliates",
    navKey: "nav.affiliates",
    titleKey: "pages.affiliates.title",
    subtitleKey: "pages.affiliates.subtitle",
    icon: Handshake,
    load: () => import("@/features/affiliates/affiliates-page"),
  },
  {
    path: "/referrals",
    navKey: "nav.referrals",
    titleKey: "pages.referrals.title",
    subtitleKey: "pages.referrals.subtitle",
    icon: Share2,
    load: () => import("./pages/referrals-page"),
  },
  {
    path: "/issues",
    navKey: "nav.issues",
    titleKey: "pages.issues.title",
    subtitleKey: "pages.issues.subtitle",
    icon: Bug,
    load: () => import("@/features/issues/issues-page"),
  },
  {
    path: "/tasks",
    navKey: "nav.tasks",
    titleKey: "pages.tasks.title",
    subtitleKey: "pages.tasks.subtitle",
    icon: ListTodo,
    load: () => import("@/features/tasks/tasks-page"),
  },
  {
    path: "/productivity",
    navKey: "nav.productivity",
    titleKey: "pages.productivity.title",
    subtitleKey: "pages.productivity.subtitle",
    icon: SquareKanban,
    load: () => import("@/features/pipeline/pipeline-page"),
  },
  {
    path: "/automation",
    navKey: "nav.automation",
    titleKey: "pages.automation.title",
    subtitleKey: "pages.automation.subtitle",
    icon: Bot,
    load: () => import("@/features/automations/automations-page"),
  },
  {
    path: "/analytics",
    navKey: "nav.analytics",
    titleKey: "pages.analytics.title",
    subtitleKey: "pages.analytics.subtitle",
    icon: ChartLine,
    load: () => import("@/features/reports/reports-page"),
  },
  {
    path: "/integrations",
    navKey: "nav.integrations",
    titleKey: "pages.integrations.title",
    subtitleKey: "pages.integrations.subtitle",
    icon: Plug,
    load: () => import("@/features/integrations/integrations-page"),
  },
  {
    path: "/enterprise",
    navKey: "nav.enterprise",
    titleKey: "pages.enterprise.title",
    subtitleKey: "pages.enterprise.subtitle",
    icon: Building2,
    load: () => import("@/features/enterprise/enterprise-page"),
  },
  {
    path: "/customer-success",
    navKey: "nav.customerSuccess",
    titleKey: "pages.customerSuccess.title",
    subtitleKey: "pages.customerSuccess.subtitle",
    icon: HeartHandshake,
    load: () => import("@/features/customer-success/customer-success-page"),
  },
  {
    path: "/innovation",
    navKey: "nav.innovation",
    titleKey: "pages.innovation.title",
    subtitleKey: "pages.innovation.subtitle",
    icon: Lightbulb,
    load: () => import("@/features/innovation/innovation-page"),
  },
  {
    path: "/business-health",
    navKey: "nav.businessHealth",
    titleKey: "pages.businessHealth.title",
    subtitleKey: "pages.businessHealth.subtitle",
    icon: Activity,
    load: () => import("@/features/business-health/business-health-page"),
  },
  {
    path: "/perpetual-innovation",
    navKey: "nav.perpetualInnovation",
    titleKey: "pages.perpetualInnovation.title",
    subtitleKey: "pages.perpetualInnovation.subtitle",
    icon: Sprout,
    load: () => import("@/features/perpetual-innovation/perpetual-innovation-page"),
  },
  {
    path: "/final-stewardship",
    navKey: "nav.finalStewardship",
    titleKey: "pages.finalStewardship.title",
    subtitleKey: "pages.finalStewardship.subtitle",
    icon: Landmark,
    load: () => import("@/features/final-stewardship/final-stewardship-page"),
  },
  {
    path: "/perpetual-stewardship",
    navKey: "nav.perpetualStewardship",
    titleKey: "pages.perpetualStewardship.title",
    subtitleKey: "pages.perpetualStewardship.subtitle",
    icon: Archive,
    load: () => import("@/features/perpetual-stewardship/perpetual-stewardship-page"),
  },
  {
    path: "/future-stewardship",
    navKey: "nav.futureStewardship",
    titleKey: "pages.futureStewardship.title",
    subtitleKey: "pages.futureStewardship.subtitle",
    icon: Telescope,
    load: () => import("@/features/future-stewardship/future-stewardship-page"),
  },
  {
    path: "/settings",
    navKey: "nav.settings",
    titleKey: "pages.settings.title",
    subtitleKey: "pages.settings.subtitle",
    icon: Settings,
    load: () => import("@/features/settings/settings-page"),
  },
  {
    path: "/feedback",
    navKey: "nav.feedback",
    titleKey: "pages.feedback.title",
    subtitleKey: "pages.feedback.subtitle",
    icon: MessageSquareText,
    load: () => import("@/features/feedback/feedback-page"),
  },
];

/** Matches the router's own matching: case-insensitive, trailing slash optional, `:name` any one segment. */
function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return (trimmed || "/").toLowerCase();
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const have = normalizePath(path).split("/");
  return want.length === have.length && want.every((part, i) => (part.startsWith(":") ? have[i] !== "" : part.toLowerCase() === have[i]));
}

/** The route for a location, or undefined for an unknown path (the 404 page). */
export function findRoute(location: string): AppRoute | undefined {
  return appRoutes.find((route) => matches(route.path, location));
}

/** The sidebar entry a route is under: its own, or its list's for a record's page. */
export const navPathOf = (route: AppRoute): string => (isNavRoute(route) ? route.path : route.list);
