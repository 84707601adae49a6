import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { anyWordQuery } from "./any-word-query";

export const RELATED_ISSUE_LIMIT = 5;

/** An earlier approved issue that shares words with a new one, with what was approved for it. */
export interface RelatedIssue {
  id: number;
  description: string;
  /** The approved proposal's summary and diff ("" when it changed no code). */
  summary: string | null;
  codeDiff: string;
  /** Who wrote that proposal: a model, or retrieval alone (then its summary is boilerplate, not a fix). */
  proposedBy: "model" | "retrieval" | null;
  reviewerNotes: string | null;
  /** ts_rank of the earlier issue's context against the new description (higher is closer). */
  score: number;
}

interface RelatedRow {
  id: number;
  description: string;
  summary: string | null;
  code_diff: string | null;
  proposed_by: string | null;
  manual_notes: string | null;
  score: number;
}

/**
 * The approved issues whose description, approved summary or reviewer notes share the most words with the new
 * description (ts_rank over the stored context_vector; the partial GIN index covers status = 'approved').
 */
export async function relatedApprovedIssues(db: Database, description: string, excludeId: number, limit = RELATED_ISSUE_LIMIT): Promise<RelatedIssue[]> {
  const words = anyWordQuery(description);
  if (words === "") return [];
  const result = await db.execute(sql`
    SELECT i.id, i.description, i.ai_repair_log ->> 'summary' AS summary, i.ai_repair_log ->> 'codeDiff' AS code_diff,
           i.ai_repair_log -> 'source' ->> 'kind' AS proposed_by, i.manual_notes,
           round(ts_rank(i.context_vector, q.query)::numeric, 4)::float8 AS score
    FROM technical_issues i, to_tsquery('english', ${words}) AS q(query)
    WHERE i.status = 'approved' AND i.context_vector @@ q.query AND i.id <> ${excludeId}
    ORDER BY score DESC, i.id DESC
    LIMIT ${limit}`);
  return (result as unknown as { rows: RelatedRow[] }).rows.map((r) => ({
    id: r.id,
    description: r.description,
    summary: r.summary,
    codeDiff: r.code_diff ?? "",
    proposedBy: r.proposed_by === "model" || r.proposed_by === "retrieval" ? r.proposed_by : null,
    reviewerNotes: r.manual_notes,
    score: Number(r.score),
  }));
}
