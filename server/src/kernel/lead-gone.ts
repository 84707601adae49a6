import type { Database } from "../db/client";
import { mergedInto } from "../db/queries/lead-merges";
import { leadExistsInScope } from "../db/queries/lead-record";
import { mergedAway, notFound, type HttpError } from "./http/errors";

/**
 * Why a lead id finds no lead within the request's lead scope (issue 26.4, 26.5): merged into a lead the request may
 * see, a 410 naming it (mergedInto), so an old link still leads somewhere and a write meant for it is not silently
 * lost; otherwise `unknown` (404 lead.not_found unless said). A lead outside the scope, and one merged into a lead
 * outside it, answer as an id no lead ever had: the answer tells nothing of leads the caller may not see.
 */
export async function leadGone(db: Database, id: number, unknown: () => HttpError = () => notFound("lead.not_found")): Promise<HttpError> {
  const kept = await mergedInto(db, id);
  return kept !== undefined && (await leadExistsInScope(db, kept)) ? mergedAway(kept) : unknown();
}

/** Throws leadGone's answer unless a lead with this id is within the request's lead scope. */
export async function requireLeadInScope(db: Database, id: number): Promise<void> {
  if (!(await leadExistsInScope(db, id))) throw await leadGone(db, id);
}
