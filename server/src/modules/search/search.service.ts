import type { SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { SEARCH_GROUP_LIMIT } from "@contract/search";
import { searchAffiliates } from "../affiliates/affiliates.data";
import { searchIssues } from "../issues/issues.data";
import { SEARCH_COUNT_CAP } from "../leads/leads.data";
import { searchLeadGroup } from "./search.data";

/** Leads, affiliates and technical issues (by description), each group ranked and capped, with its total. */
export async function globalSearch(db: Database, q: string): Promise<SearchResult> {
  const [leads, affiliates, issues] = await Promise.all([
    searchLeadGroup(db, q),
    searchAffiliates(db, q, SEARCH_GROUP_LIMIT),
    searchIssues(db, q, SEARCH_GROUP_LIMIT),
  ]);
  return {
    leads: leads.leads,
    affiliates: affiliates.items,
    issues: issues.items,
    totals: { leads: Math.min(leads.matched, SEARCH_COUNT_CAP), affiliates: affiliates.total, issues: issues.total },
  };
}
