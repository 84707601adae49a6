import type { SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { SEARCH_GROUP_LIMIT } from "@contract/search";
import { searchAffiliates } from "../affiliates/affiliates.data";
import { countMatching } from "../leads/leads.data";
import { topLeads } from "./search.data";

/** Leads and affiliates; technical issues join the answer when their area adds its table. */
export async function globalSearch(db: Database, q: string): Promise<SearchResult> {
  const [leads, leadCount, affiliates] = await Promise.all([topLeads(db, q), countMatching(db, { q }), searchAffiliates(db, q, SEARCH_GROUP_LIMIT)]);
  return {
    leads,
    affiliates: affiliates.items,
    issues: [],
    totals: { leads: leadCount.total, affiliates: affiliates.total, issues: 0 },
  };
}
