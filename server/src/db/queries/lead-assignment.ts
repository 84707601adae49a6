import { sql, type SQL } from "drizzle-orm";
import type { LeadAssignmentSource } from "@contract/lead-access";
import type { Database } from "../client";
import { rawRows } from "../raw-rows";

/*
 * Who new leads from a source are assigned to (issue 26.5): the source's rule in lead_assignment_rules (migration
 * 0047) says nobody, one person, or the chosen staff in turn. The public form, the capture API and imports take their
 * assignees here, inside the transaction that creates the leads.
 */

/**
 * The turns `count` new leads take: lead i (from 0) goes to `userIds[(firstTurn + i) % userIds.length]`, or to
 * nobody when `userIds` is empty. For "one" that is the person, for "roundRobin" the people in turn; people
 * deactivated or made viewers since the rule was saved are left out (they can no longer hold leads). An import can
 * apply it in SQL as `user_ids[((first_turn + i) % n) + 1]`.
 */
export interface AssigneeTurns {
  userIds: number[];
  firstTurn: number;
}

const NOBODY: AssigneeTurns = { userIds: [], firstTurn: 0 };

/** The assignee of the i-th lead (from 0) of a batch whose turns were taken together. */
export const assigneeAt = (turns: AssigneeTurns, i: number): number | null =>
  turns.userIds.length === 0 ? null : turns.userIds[(turns.firstTurn + i) % turns.userIds.length]!;

interface TurnRow {
  mode: string;
  first_turn: string | number | null;
  user_ids: number[];
}

/**
 * Takes `count` turns of `source`'s rule, in the caller's transaction. A round-robin rule is advanced by one
 * `UPDATE … SET turns = turns + count … RETURNING`: its row lock makes concurrent callers, on any instance, wait for
 * each other's commit and each get turns no one else got, so the leads are shared out evenly (and a transaction that
 * rolls back gives its turns back). Rules of the other modes are only read, so the form's and the API's leads do not
 * queue behind one row when nothing is handed out in turn.
 */
export async function takeAssigneeTurns(db: Database, source: LeadAssignmentSource, count: number): Promise<AssigneeTurns> {
  if (count <= 0) return NOBODY;
  // The people who may still hold leads, in the rule's order: active staff whose role is not viewer.
  const holders = (ids: SQL) => sql`ARRAY(
    SELECT t.id FROM unnest(${ids}) WITH ORDINALITY AS t(id, ord)
    JOIN users u ON u.id = t.id AND u.deactivated_at IS NULL
    JOIN user_roles r ON r.user_id = t.id AND r.brand_id IS NULL AND r.role IN ('admin', 'manager', 'agent')
    ORDER BY t.ord)`;
  // A rule switched to or from round-robin between this statement's snapshot and its lock is read again: the
  // UPDATE sees the newest row, the fallback SELECT the snapshot's, and only a mismatch between them needs a retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await rawRows<TurnRow>(
      db,
      sql`WITH bumped AS (
            UPDATE lead_assignment_rules SET turns = turns + ${count}
            WHERE source = ${source} AND mode = 'roundRobin'
            RETURNING mode, turns - ${count} AS first_turn, user_ids
          ), rule AS (
            SELECT mode, first_turn, user_ids FROM bumped
            UNION ALL
            SELECT mode, NULL, user_ids FROM lead_assignment_rules WHERE source = ${source} AND NOT EXISTS (SELECT 1 FROM bumped)
          )
          SELECT mode, first_turn, ${holders(sql`rule.user_ids`)} AS user_ids FROM rule`,
    );
    if (!row || row.mode === "none") return NOBODY;
    if (row.mode === "one") return { userIds: row.user_ids.slice(0, 1), firstTurn: 0 };
    if (row.first_turn !== null) {
      const n = row.user_ids.length;
      // turns is a bigint: reduced modulo the people here, so firstTurn stays a small safe integer.
      return n === 0 ? NOBODY : { userIds: row.user_ids, firstTurn: Number(BigInt(row.first_turn) % BigInt(n)) };
    }
  }
  return NOBODY;
}

/** The assignees of `count` new leads from `source`, in order: a person's id, or null for nobody. */
export async function takeAssignees(db: Database, source: LeadAssignmentSource, count: number): Promise<(number | null)[]> {
  const turns = await takeAssigneeTurns(db, source, count);
  return Array.from({ length: Math.max(0, count) }, (_, i) => assigneeAt(turns, i));
}

/** The assignee of one new lead from `source`, or null. */
export async function takeAssignee(db: Database, source: LeadAssignmentSource): Promise<number | null> {
  return (await takeAssignees(db, source, 1))[0] ?? null;
}
