/**
 * m. Every sort and the five most common filters of the leads table (issue 26, speed): "every sort and the five most
 * common filters: p95 ≤ 100 ms and API ≥ 0.8× raw", at 1M leads and 32 connections.
 *
 * One row per sort field of the table's columns (contract/lead-table.ts), each way, and one per filter, each as the
 * table asks for its first page (`GET /api/leads?limit=50&…`, the summary fields), through the API and as the same
 * statements raw (run.ts). The filters are those a person picks most from the filter panel, each with a value the seed
 * holds in quantity, so a page fills: a status, a priority, an industry, a pipeline stage and the unassigned leads.
 */
import { leadColumns } from "@contract/lead-table";
import { leadListQuerySchema } from "@contract/leads";
import type { Database } from "../server/src/db/client";
import { listLeads } from "../server/src/modules/leads/leads.service";

/** What run.ts measures for each scenario (its Scenario, which these rows fill). */
export interface SortScenario {
  id: "m";
  label: string;
  path: string;
  capture: (db: Database) => Promise<unknown>;
  p95Target: number;
  ratioTarget: number;
  check: (body: unknown) => string | null;
}

const PAGE = "50";

/** A filter value the seed (scripts/seed-scale.ts) gives to a large share of the leads. */
const commonFilters: Record<string, string>[] = [
  { status: "qualified" },
  { priority: "high" },
  { industry: "finance" },
  { stage: "Proposal" },
  { assignee: "none" },
];

function scenario(label: string, query: Record<string, string>): SortScenario {
  const params = { limit: PAGE, ...query };
  return {
    id: "m",
    label: `m. ${label}`,
    path: `/api/leads?${new URLSearchParams(params).toString()}`,
    capture: (db) => listLeads(db, leadListQuerySchema.parse(params)),
    p95Target: 100,
    ratioTarget: 0.8,
    check: (body) => (Array.isArray(body) && body.length === Number(PAGE) ? null : `expected a full page of ${PAGE} leads`),
  };
}

export function sortScenarios(): SortScenario[] {
  const sorts = leadColumns.flatMap(({ sort }) => (["asc", "desc"] as const).map((dir) => scenario(`sort ${sort} ${dir}`, { sort, dir })));
  const filters = commonFilters.map((filter) => scenario(`filter ${Object.entries(filter).map(([k, v]) => `${k}=${v}`).join("&")}`, filter));
  return [...sorts, ...filters];
}
