import type { SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { countMatching } from "../leads/leads.data";
import { topLeads } from "./search.data";

/** Leads now; affiliates and technical issues join the answer as their areas add their tables. */
export async function globalSearch(db: Database, q: string): Promise<SearchResult> {
  const [leads, leadCount] = await Promise.all([topLeads(db, q), countMatching(db, { q })]);
  return {
    leads,
    affiliates: [],
    issues: [],
    totals: { leads: leadCount.total, affiliates: 0, issues: 0 },
  };
}
