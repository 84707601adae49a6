import type { SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { SEARCH_COUNT_CAP } from "../../db/queries/lead-search";
import { searchGroups } from "./search.data";

/** Leads, affiliates and technical issues (by description), each group ranked and capped, with its total: one statement. */
export async function globalSearch(db: Database, q: string): Promise<SearchResult> {
  const groups = await searchGroups(db, q);
  return {
    leads: groups.leads,
    affiliates: groups.affiliates,
    issues: groups.issues,
    totals: { leads: Math.min(groups.leadsMatched, SEARCH_COUNT_CAP), affiliates: groups.affiliatesMatched, issues: groups.issuesMatched },
  };
}
