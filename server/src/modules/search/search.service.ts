import type { SearchResult } from "@contract/search";
import type { Database } from "../../db/client";
import { searchGroups } from "./search.data";

/** Leads, affiliates, technical issues (by description) and lead notes (by their words), each group ranked and capped, with its total. */
export async function globalSearch(db: Database, q: string): Promise<SearchResult> {
  const groups = await searchGroups(db, q);
  return {
    leads: groups.leads,
    affiliates: groups.affiliates,
    issues: groups.issues,
    notes: groups.notes,
    totals: { leads: groups.leadsTotal, affiliates: groups.affiliatesMatched, issues: groups.issuesMatched, notes: groups.notesMatched },
  };
}

