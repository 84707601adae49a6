/**
 * i. The command palette's first keystrokes (issue 25.7): "the palette's first keystroke to results at 1M leads:
 * p95 ≤ 100 ms".
 *
 * The palette (client/src/app/shell/command-palette.tsx) asks the global search, `GET /api/search?q=…`, with the box's
 * trimmed text once typing pauses (200 ms): no limit is sent, the server caps each group at SEARCH_GROUP_LIMIT (5) and
 * counts every group (leads, affiliates, issues, notes, tasks, articles). Its first keystroke is therefore a
 * one-character search and its second a two-character one: the hardest terms for the search, which no trigram index
 * serves (leads are found through the business-name index, the other groups are scanned). These scenarios ask exactly
 * that, with the first one and two characters of `--q`, through the API and as the same statements raw (run.ts).
 * The bench administrator may read every group.
 */
import { searchQuerySchema, type SearchResult } from "@contract/search";
import type { Database } from "../server/src/db/client";
import { globalSearch } from "../server/src/modules/search/search.service";

/** What run.ts measures for each scenario (its Scenario, which the palette's rows fill). */
export interface PaletteScenario {
  id: "i";
  label: string;
  path: string;
  capture: (db: Database) => Promise<unknown>;
  p95Target: number;
  check: (body: unknown) => string | null;
}

/** The target for the first keystroke's results. */
export const PALETTE_P95_TARGET_MS = 100;

/** The palette's first and second keystrokes of `term`: its first one and two characters (code points), as typed. */
export function paletteKeystrokes(term: string): string[] {
  const characters = [...term.trim()];
  return [characters.slice(0, 1).join(""), characters.slice(0, 2).join("")].filter((q, i, all) => q.trim() !== "" && all.indexOf(q) === i);
}

export function paletteScenarios(term: string): PaletteScenario[] {
  return paletteKeystrokes(term).map((typed, index) => {
    // What the palette sends: the box's text trimmed (command-palette.tsx), as the endpoint reads it.
    const q = searchQuerySchema.parse({ q: typed }).q;
    return {
      id: "i",
      label: `i. palette keystroke ${index + 1}: ?q=${q}`,
      path: `/api/search?q=${encodeURIComponent(q)}`,
      capture: (db) => globalSearch(db, q, { tasks: true, articles: true }),
      p95Target: PALETTE_P95_TARGET_MS,
      check: (body) => {
        const totals = (body as Partial<SearchResult>).totals;
        if (!totals || totals.tasks === undefined || totals.articles === undefined) return "the search answered without its task and article groups";
        return totals.leads > 0 ? null : `the palette's search "${q}" matches no lead`;
      },
    };
  });
}
