import { sql, type SQL } from "drizzle-orm";
import { BUSINESS_SIMILARITY, duplicateReasons, duplicateReasonWeight, FREE_MAIL_DOMAINS, OWNER_SIMILARITY, type DuplicateReason } from "@contract/lead-duplicates";
import type { Database } from "../client";
import { rawRows } from "../raw-rows";
import { leadInScope } from "../../kernel/lead-scope";

/*
 * Likely duplicates of one lead, stored or typed (issue 26.4): the rules' SQL, shared by the leads area (the forms'
 * check, a lead's duplicates, the pairs job) and the import's preview, which may not import each other.
 */

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
export const PER_RULE = 20;
export const freeMail = sql.join(FREE_MAIL_DOMAINS.map((domain) => sql`${domain}`), sql`, `);

/**
 * The same_phone rule: up to PER_RULE leads (id, reason) whose phone key is `key` and that meet `partner` (a condition
 * on the candidate's id), in id order, through leads_phone_key_idx. Shared by the form's check (one probe) and the
 * pairs job (inside a lateral join over a chunk of leads).
 */
export function samePhoneBranch(key: SQL, partner: SQL): SQL {
  return sql`(SELECT id, 'same_phone' AS reason FROM leads WHERE lw_phone_key(phone_number) = ${key} AND ${partner} ORDER BY id LIMIT ${PER_RULE})`;
}

/**
 * The stored leads matching a probe by any rule, each with every rule it matched. Each branch walks one index:
 * leads_email_lower_idx, leads_phone_key_idx, leads_email_domain_idx and leads_business_name_trgm_idx (0044).
 */
export async function selectDuplicateCandidates(db: Database, probe: DuplicateProbe): Promise<CandidateRow[]> {
  // Only leads the request may see are candidates (issue 26.5): the condition is in every branch's WHERE.
  const excluded = sql`id <> ${probe.excludeId ?? 0} AND ${leadInScope(sql`assignee_id`)}`;
  const branches: SQL[] = [];
  const email = probe.email?.trim().toLowerCase();
  if (email) {
    branches.push(sql`(SELECT id, 'same_email' AS reason FROM leads WHERE lower(email) = ${email} AND ${excluded} LIMIT ${PER_RULE})`);
    const domain = email.split("@")[1];
    const owner = probe.ownerName?.trim();
    if (domain && owner && !(FREE_MAIL_DOMAINS as readonly string[]).includes(domain)) {
      branches.push(sql`(SELECT id, 'same_domain_similar_owner' AS reason FROM leads
        WHERE lw_email_domain(email) = ${domain} AND ${excluded} AND lw_email_domain(email) NOT IN (${freeMail})
          AND similarity(lw_fold(business_owner_name || ' ' || business_owner_last_name), lw_fold(${owner})) >= ${OWNER_SIMILARITY}
        ORDER BY id LIMIT ${PER_RULE})`);
    }
  }
  if (probe.phone) branches.push(samePhoneBranch(sql`lw_phone_key(${probe.phone})`, excluded));
  const business = probe.businessName?.trim();
  if (business) {
    branches.push(sql`(SELECT id, 'similar_business' AS reason FROM leads
      WHERE lw_fold(business_name) % lw_fold(${business}) AND similarity(lw_fold(business_name), lw_fold(${business})) >= ${BUSINESS_SIMILARITY}
        AND ${excluded}
      ORDER BY similarity(lw_fold(business_name), lw_fold(${business})) DESC, id LIMIT ${PER_RULE})`);
  }
  if (branches.length === 0) return [];
  const rows = await rawRows<{ id: number; reasons: DuplicateReason[] }>(
    db,
    sql`SELECT id, array_agg(DISTINCT reason) AS reasons FROM (${sql.join(branches, sql` UNION ALL `)}) AS found GROUP BY id`,
  );
  return rows.map((row) => ({ id: Number(row.id), reasons: row.reasons }));
}

/** A pair's confidence: its reasons' weights summed, capped at 1, rounded to two places. */
export function confidenceOf(reasons: readonly DuplicateReason[]): number {
  const sum = reasons.reduce((total, reason) => total + duplicateReasonWeight[reason], 0);
  return Math.round(Math.min(1, sum) * 100) / 100;
}

/** Reasons in the order of their strength (contract duplicateReasons), as every answer lists them. */
export const byStrength = (reasons: readonly DuplicateReason[]) => duplicateReasons.filter((reason) => reasons.includes(reason));

export interface RankedCandidate extends CandidateRow {
  confidence: number;
}

/**
 * The stored leads a probe likely duplicates, most likely first (ties by id), at most `max`, each with its reasons by
 * strength and its confidence: the forms' check, a lead's duplicates and the import's preview rank them alike.
 */
export async function rankedDuplicateCandidates(db: Database, probe: DuplicateProbe, max: number): Promise<RankedCandidate[]> {
  return (await selectDuplicateCandidates(db, probe))
    .map((row) => ({ id: row.id, reasons: byStrength(row.reasons), confidence: confidenceOf(row.reasons) }))
    .sort((a, b) => b.confidence - a.confidence || a.id - b.id)
    .slice(0, max);
}

