import type { SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { SEARCH_GROUP_LIMIT } from "@contract/search";
import { searchAffiliates } from "../affiliates/affiliates.data";
import { searchIssues } from "../issues/issues.data";
import { countMatching } from "../leads/leads.data";
import { topLeads } from "./search.data";

/** Leads, affiliates and technical issues (by description), each group ranked and capped, with its total. */
export async function globalSearch(db: Database, q: string): Promise<SearchResult> {
  const [leads, leadCount, affiliates, issues] = await Promise.all([
    topLeads(db, q),
    countMatching(db, { q }),
    searchAffiliates(db, q, SEARCH_GROUP_LIMIT),
    searchIssues(db, q, SEARCH_GROUP_LIMIT),
  ]);
  return {
    leads,
    affiliates: affiliates.items,
    issues: issues.items,
    totals: { leads: leadCount.total, affiliates: affiliates.total, issues: issues.total },
  };
}
