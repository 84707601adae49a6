import { sql, type SQL } from "drizzle-orm";
import { BUSINESS_SIMILARITY, FREE_MAIL_DOMAINS, OWNER_SIMILARITY, type DuplicateReason } from "@contract/lead-duplicates";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

/** What a lead (stored or typed into a form) is compared on. */
export interface DuplicateProbe {
  email?: string | undefined;
  phone?: string | undefined;
  businessName?: string | undefined;
  ownerName?: string | undefined;
  excludeId?: number | undefined;
}

export interface CandidateRow {
  id: number;
  reasons: DuplicateReason[];
}

/** How many leads each rule may return before the reasons are combined (each rule is one index lookup). */
const PER_RULE = 20;
const freeMail = sql.join(FREE_MAIL_DOMAINS.map((domain) => sql`${domain}`), sql`, `);

/**
 * The stored leads matching a probe by any rule, each with every rule it matched. Each branch walks one index:
 * leads_email_lower_idx, leads_phone_key_idx, leads_email_domain_idx and leads_business_name_trgm_idx (0044).
 */
export async function selectDuplicateCandidates(db: Database, probe: DuplicateProbe): Promise<CandidateRow[]> {
  const excluded = probe.excludeId ?? 0;
  const branches: SQL[] = [];
  const email = probe.email?.trim().toLowerCase();
  if (email) {
    branches.push(sql`(SELECT id, 'same_email' AS reason FROM leads WHERE lower(email) = ${email} AND id <> ${excluded} LIMIT ${PER_RULE})`);
    const domain = email.split("@")[1];
    const owner = probe.ownerName?.trim();
    if (domain && owner && !(FREE_MAIL_DOMAINS as readonly string[]).includes(domain)) {
      branches.push(sql`(SELECT id, 'same_domain_similar_owner' AS reason FROM leads
        WHERE lw_email_domain(email) = ${domain} AND id <> ${excluded} AND lw_email_domain(email) NOT IN (${freeMail})
          AND similarity(lw_fold(business_owner_name || ' ' || business_owner_last_name), lw_fold(${owner})) >= ${OWNER_SIMILARITY}
        ORDER BY id LIMIT ${PER_RULE})`);
    }
  }
  if (probe.phone) {
    branches.push(sql`(SELECT id, 'same_phone' AS reason FROM leads
      WHERE lw_phone_key(phone_number) = lw_phone_key(${probe.phone}) AND id <> ${excluded} ORDER BY id LIMIT ${PER_RULE})`);
  }
  const business = probe.businessName?.trim();
  if (business) {
    branches.push(sql`(SELECT id, 'similar_business' AS reason FROM leads
      WHERE lw_fold(business_name) % lw_fold(${business}) AND similarity(lw_fold(business_name), lw_fold(${business})) >= ${BUSINESS_SIMILARITY}
        AND id <> ${excluded}
      ORDER BY similarity(lw_fold(business_name), lw_fold(${business})) DESC, id LIMIT ${PER_RULE})`);
  }
  if (branches.length === 0) return [];
  const rows = await rawRows<{ id: number; reasons: DuplicateReason[] }>(
    db,
    sql`SELECT id, array_agg(DISTINCT reason) AS reasons FROM (${sql.join(branches, sql` UNION ALL `)}) AS found GROUP BY id`,
  );
  return rows.map((row) => ({ id: Number(row.id), reasons: row.reasons }));
}

/** A stored lead's compared fields, or null when no lead has this id. */
export async function selectProbeOf(db: Database, id: number): Promise<DuplicateProbe | null> {
  const [row] = await rawRows<{ email: string; phone: string | null; business: string; owner: string }>(
    db,
    sql`SELECT email, phone_number AS phone, business_name AS business, business_owner_name || ' ' || business_owner_last_name AS owner FROM leads WHERE id = ${id}`,
  );
  if (!row) return null;
  return { email: row.email, phone: row.phone ?? undefined, businessName: row.business, ownerName: row.owner, excludeId: id };
}

export interface PairRow {
  leadA: number;
  leadB: number;
  reasons: DuplicateReason[];
  confidence: number;
  computedAt: string;
}

/** A page of the stored pairs, most confident first, walking lead_duplicate_pairs_rank_idx from a keyset position. */
export async function selectPairPage(db: Database, limit: number, after: { confidence: number; leadA: number; leadB: number } | null): Promise<PairRow[]> {
  const from = after
    ? sql`WHERE (confidence < ${after.confidence}::real) OR (confidence = ${after.confidence}::real AND (lead_a, lead_b) > (${after.leadA}, ${after.leadB}))`
    : sql``;
  const rows = await rawRows<{ lead_a: number; lead_b: number; reasons: DuplicateReason[]; confidence: number; computed_at: string | Date }>(
    db,
    sql`SELECT lead_a, lead_b, reasons, confidence, computed_at FROM lead_duplicate_pairs ${from} ORDER BY confidence DESC, lead_a, lead_b LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    leadA: Number(row.lead_a),
    leadB: Number(row.lead_b),
    reasons: row.reasons,
    confidence: Number(row.confidence),
    computedAt: new Date(row.computed_at).toISOString(),
  }));
}

/** When the pairs job last finished a walk of every lead, or null. */
export async function selectLastScan(db: Database): Promise<string | null> {
  const [row] = await rawRows<{ finished_at: string | Date | null }>(db, sql`SELECT finished_at FROM lead_duplicate_scan WHERE id = 1`);
  return row?.finished_at ? new Date(row.finished_at).toISOString() : null;
}
