import { createHash } from "node:crypto";

/*
 * A hash chain over records in id order (tamper evidence for sealed record families). Each record's seal is SHA-256
 * over the canonical JSON of its content and its predecessor's STORED seal; the first record chains to GENESIS_SEAL.
 *
 * A record verifies when its stored seal equals the seal recomputed from its content and its predecessor's stored
 * seal. So a record changed behind the API's back fails alone (its successor still links to the seal it stored), and
 * a forger who also rewrites that record's seal breaks its successor instead: hiding a change means rewriting every
 * later seal, which is what a chain is for.
 */

/** The predecessor of the first record. */
export const GENESIS_SEAL = "0".repeat(64);

/** JSON with object keys sorted at every depth, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** One record's seal: SHA-256 (hex) of its canonical content and its predecessor's seal. */
export function sealOf(content: Record<string, unknown>, previousSeal: string): string {
  return createHash("sha256").update(canonicalJson({ content, previous: previousSeal })).digest("hex");
}

export interface ChainLink {
  id: number;
  content: Record<string, unknown>;
  /** The seal as stored; null when the row was written behind the API's back without one. */
  seal: string | null;
}

/** A missing seal chains on as the empty text: it never verifies, and its successor is judged against it as stored. */
const stored = (link: ChainLink) => link.seal ?? "";

/** Re-checks a whole chain (links in id order, from the first): how many verify, and the ids that do not. */
export function verifyChain(links: readonly ChainLink[]): { verified: number; unverifiedIds: number[]; intactPrefix: number } {
  let previous = GENESIS_SEAL;
  const unverifiedIds: number[] = [];
  let intactPrefix = 0;
  for (const link of links) {
    if (link.seal !== null && link.seal === sealOf(link.content, previous)) {
      if (unverifiedIds.length === 0) intactPrefix += 1;
    } else unverifiedIds.push(link.id);
    previous = stored(link);
  }
  return { verified: links.length - unverifiedIds.length, unverifiedIds, intactPrefix };
}

/**
 * The new seals after a change through the API, for the links from the change on (in id order):
 * - `previousSeal`: the stored seal of the link before the first one given (GENESIS_SEAL at the start);
 * - `formerPreviousSeal`: what the first link's predecessor was before the change (differs only after a delete);
 * - `changedId`: the link created or updated through the API (null after a delete), sealed from its content.
 * Every later link is re-sealed onto the new chain only if it verified against the old one: a link changed behind
 * the API's back keeps its broken seal (and the chain continues from it), so a later API change never launders it.
 * Answers only the links whose seal changes.
 */
export function resealFrom(previousSeal: string, formerPreviousSeal: string, links: readonly ChainLink[], changedId: number | null): Map<number, string> {
  const changes = new Map<number, string>();
  let previousNew = previousSeal;
  let previousOld = formerPreviousSeal;
  for (const link of links) {
    const intact = link.id === changedId || (link.seal !== null && link.seal === sealOf(link.content, previousOld));
    const next = intact ? sealOf(link.content, previousNew) : stored(link);
    if (intact && next !== link.seal) changes.set(link.id, next);
    previousOld = stored(link);
    previousNew = next;
  }
  return changes;
}
