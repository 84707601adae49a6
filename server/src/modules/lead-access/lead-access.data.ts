import { sql } from "drizzle-orm";
import type { LeadAccessSettings, LeadAccessValue, LeadAssignmentRule, LeadAssignmentRuleInput } from "@contract/lead-access";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

/** Roles that may hold leads: everyone but viewers (who only read). */
const LEAD_HOLDING_ROLES = sql`('admin', 'manager', 'agent')`;

/** Ids as one array parameter (a PostgreSQL array literal of whole numbers the schema checked). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

const iso = (value: Date | string) => new Date(value).toISOString();

interface AccessRow {
  agents: LeadAccessValue;
  updated_at: Date | string;
  updated_by: number | null;
  updated_by_name: string | null;
}

export async function readAccessSettings(db: Database): Promise<LeadAccessSettings> {
  const [row] = await rawRows<AccessRow>(
    db,
    sql`SELECT s.agents, s.updated_at, s.updated_by, u.name AS updated_by_name
        FROM lead_access_settings s LEFT JOIN users u ON u.id = s.updated_by
        WHERE s.id = 1`,
  );
  // Migration 0047 stores the one row; without it agents work on every lead (kernel/lead-scope.ts reads it so too).
  if (!row) return { agents: "all", updatedAt: new Date(0).toISOString(), updatedBy: null };
  return {
    agents: row.agents,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by === null ? null : { id: row.updated_by, name: row.updated_by_name ?? "" },
  };
}

/** Stores the setting and answers what it was before (for the audit row). */
export async function writeAccessSettings(db: Database, agents: LeadAccessValue, userId: number): Promise<LeadAccessValue> {
  const [before] = await rawRows<{ agents: LeadAccessValue }>(db, sql`SELECT agents FROM lead_access_settings WHERE id = 1 FOR UPDATE`);
  await rawRows(
    db,
    sql`INSERT INTO lead_access_settings (id, agents, updated_at, updated_by) VALUES (1, ${agents}, now(), ${userId})
        ON CONFLICT (id) DO UPDATE SET agents = EXCLUDED.agents, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
  );
  return before?.agents ?? "all";
}

interface RuleRow {
  source: LeadAssignmentRule["source"];
  mode: LeadAssignmentRule["mode"];
  user_ids: number[];
  people: { id: number; name: string; available: boolean }[] | null;
  updated_at: Date | string;
  updated_by: number | null;
  updated_by_name: string | null;
}

/** Every source's rule (form, api, import), with the names of its people in turn order. */
export async function readRules(db: Database): Promise<LeadAssignmentRule[]> {
  const rows = await rawRows<RuleRow>(
    db,
    sql`SELECT r.source, r.mode, r.user_ids, r.updated_at, r.updated_by, b.name AS updated_by_name,
               (SELECT json_agg(json_build_object(
                         'id', t.id, 'name', coalesce(u.name, ''),
                         'available', u.deactivated_at IS NULL AND ur.role IN ${LEAD_HOLDING_ROLES}
                       ) ORDER BY t.ord)
                  FROM unnest(r.user_ids) WITH ORDINALITY AS t(id, ord)
                  LEFT JOIN users u ON u.id = t.id
                  LEFT JOIN user_roles ur ON ur.user_id = t.id AND ur.brand_id IS NULL) AS people
        FROM lead_assignment_rules r LEFT JOIN users b ON b.id = r.updated_by
        ORDER BY array_position(ARRAY['form', 'api', 'import']::varchar[], r.source)`,
  );
  return rows.map((row) => ({
    source: row.source,
    mode: row.mode,
    userIds: row.user_ids,
    people: (row.people ?? []).map((p) => ({ id: p.id, name: p.name, available: p.available === true })),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by === null ? null : { id: row.updated_by, name: row.updated_by_name ?? "" },
  }));
}

export interface StaffCandidate {
  id: number;
  name: string;
  deactivated: boolean;
  role: string | null;
}

/** The people with these ids, as a rule's check needs them (missing ids are absent). */
export async function staffByIds(db: Database, ids: number[]): Promise<StaffCandidate[]> {
  if (ids.length === 0) return [];
  return rawRows<StaffCandidate>(
    db,
    sql`SELECT u.id, u.name, u.deactivated_at IS NOT NULL AS deactivated, r.role
        FROM users u LEFT JOIN user_roles r ON r.user_id = u.id AND r.brand_id IS NULL
        WHERE u.id = ANY(${idArray(ids)})`,
  );
}

/** Whether a person with this role may be given leads. */
export const mayHoldLeads = (role: string | null) => role === "admin" || role === "manager" || role === "agent";

/**
 * Replaces one source's rule. Its turns start again from the first person, so a new rule hands out in the order
 * it lists; the row is locked by the UPDATE, so leads created meanwhile take their turns before or after it, whole.
 */
export async function writeRule(db: Database, rule: LeadAssignmentRuleInput, userId: number): Promise<void> {
  await rawRows(
    db,
    sql`INSERT INTO lead_assignment_rules (source, mode, user_ids, turns, updated_at, updated_by)
        VALUES (${rule.source}, ${rule.mode}, ${idArray(rule.userIds)}, 0, now(), ${userId})
        ON CONFLICT (source) DO UPDATE SET mode = EXCLUDED.mode, user_ids = EXCLUDED.user_ids, turns = 0,
          updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
  );
}
