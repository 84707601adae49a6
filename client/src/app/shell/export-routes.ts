import { issueListFilter } from "@/features/issues/use-issues-location";
import { withQuery } from "@/lib/url";
import type { TranslationKey } from "../routes";

/**
 * What the header's Export Data button does on one screen: download the screen's list as CSV, or stay disabled and
 * say why. Declared here once per route (export-routes.test.ts checks every route has one).
 */
export type ExportRule =
  | {
      kind: "csv";
      /** The streamed CSV export of the screen's list. */
      endpoint: string;
      /**
       * Where the filters come from. "search": the screen keeps them in its query string, read by `filters`.
       * "page": the screen keeps them in its own state and registers the filtered URL with useExportTarget
       * (lib/export-target.ts); until it does, the unfiltered list (what an unfiltered screen shows) is exported.
       * "none": the screen has no filters.
       */
      filtersFrom: "none" | "page";
    }
  | {
      kind: "csv";
      endpoint: string;
      filtersFrom: "search";
      filters: (search: URLSearchParams) => Record<string, string | undefined>;
    }
  | { kind: "none"; reasonKey: TranslationKey };

const nothingToExport: ExportRule = { kind: "none", reasonKey: "header.exportNothing" };

/** The Manage Issues list's filters, read from the query string exactly as the screen reads them. */
function issueFilters(search: URLSearchParams) {
  const { q, status } = issueListFilter(search);
  return { q: q.trim() || undefined, status: status || undefined };
}

/** Every route of routes.ts by path. */
export const exportRules: Readonly<Record<string, ExportRule>> = {
  "/": { kind: "none", reasonKey: "header.exportDashboard" },
  "/leads": { kind: "csv", endpoint: "/api/leads/export.csv", filtersFrom: "page" },
  "/leads/duplicates": nothingToExport,
  "/leads/:id/merge/:otherId": nothingToExport,
  "/leads/:id": nothingToExport,
  "/kpi": { kind: "csv", endpoint: "/api/kpi/export.csv", filtersFrom: "none" },
  "/affiliates": { kind: "csv", endpoint: "/api/affiliates/export.csv", filtersFrom: "page" },
  "/referrals": { kind: "csv", endpoint: "/api/referrals/export.csv", filtersFrom: "page" },
  "/issues": { kind: "csv", endpoint: "/api/issues/export.csv", filtersFrom: "search", filters: issueFilters },
  "/analytics": { kind: "csv", endpoint: "/api/reports/export.csv", filtersFrom: "page" },
  "/feedback": { kind: "csv", endpoint: "/api/feedback/export.csv", filtersFrom: "none" },
  "/tasks": nothingToExport,
  "/productivity": nothingToExport,
  "/automation": nothingToExport,
  "/integrations": nothingToExport,
  "/enterprise": nothingToExport,
  "/customer-success": nothingToExport,
  "/innovation": nothingToExport,
  "/business-health": nothingToExport,
  "/perpetual-innovation": nothingToExport,
  "/final-stewardship": nothingToExport,
  "/perpetual-stewardship": nothingToExport,
  "/future-stewardship": nothingToExport,
  "/settings": nothingToExport,
};

/** What the button does now: the URL to download, or the reason it is disabled. */
export type ExportAction = { url: string } | { reasonKey: TranslationKey };

/**
 * The export for a route path (undefined: the 404 page, which has nothing either), its query string, and the URL
 * the screen registered with useExportTarget, if any. A registration counts only when it is this screen's export:
 * a page that has just been left must not lend its URL to the next one.
 */
export function exportAction(path: string | undefined, search: string, registered: string | null): ExportAction {
  const rule = path === undefined ? undefined : exportRules[path];
  if (!rule) return { reasonKey: "header.exportNothing" };
  if (rule.kind === "none") return { reasonKey: rule.reasonKey };
  if (rule.filtersFrom === "search") return { url: withQuery(rule.endpoint, rule.filters(new URLSearchParams(search))) };
  if (rule.filtersFrom === "page" && registered && (registered === rule.endpoint || registered.startsWith(`${rule.endpoint}?`))) return { url: registered };
  return { url: rule.endpoint };
}
