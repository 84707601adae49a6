import { signedInWithRole, type TestClient, type TestRuntime } from "./test-runtime";

/*
 * Helpers for the tests of figures and lists under the lead access setting (issue 26.5): agents signed in with their
 * ids, leads assigned to them, and the setting switched. Assignment is written in the database, as an administrator's
 * edit would leave it, so each test builds exactly the leads it counts; the setting goes through its API.
 */

export interface ScopeAgent {
  client: TestClient;
  id: number;
  name: string;
}

/** A new agent, signed in, with the id that leads.assignee_id holds for them. */
export async function signedInAgent(rt: TestRuntime, name: string, email: string): Promise<ScopeAgent> {
  const client = await signedInWithRole(rt, "agent", { name, email });
  const { rows } = await rt.ctx.database.executeSql<{ id: number }>("SELECT id FROM users WHERE lower(email) = lower($1)", [email]);
  return { client, id: Number(rows[0]!.id), name };
}

/** Assigns the leads to a staff member (null: to nobody). */
export async function assignLeads(rt: TestRuntime, leadIds: readonly number[], assigneeId: number | null): Promise<void> {
  await rt.ctx.database.executeSql("UPDATE leads SET assignee_id = $1 WHERE id = ANY($2::int[])", [assigneeId, `{${leadIds.join(",")}}`]);
}

/**
 * The lead access setting: agents work on every lead ('all') or on their own and unassigned ones ('own'), changed by
 * an administrator through the API as the Settings screen does.
 */
export async function setLeadAccess(admin: TestClient, agents: "all" | "own"): Promise<void> {
  const res = await admin.put("/api/settings/lead-access", { agents });
  if (res.status !== 200) throw new Error(`the lead access setting was not changed: ${res.status} ${res.text}`);
}

export interface ScopedLeads<L> {
  /** Assigned to the agent under test. */
  own: L[];
  /** Assigned to nobody. */
  unassigned: L[];
  /** Assigned to the other agent. */
  others: L[];
}

/**
 * The leads the scope tests count: `counts.own` assigned to `agent`, `counts.unassigned` to nobody, `counts.others`
 * to `other`, each created by `admin` through the API with the fields `fieldsOf` gives (its group and index in it).
 */
export async function leadsByOwner<L extends { id: number }>(
  rt: TestRuntime,
  admin: TestClient,
  people: { agent: ScopeAgent; other: ScopeAgent },
  fieldsOf: (group: keyof ScopedLeads<L>, index: number) => Record<string, unknown>,
  counts: { own: number; unassigned: number; others: number } = { own: 2, unassigned: 1, others: 3 },
): Promise<ScopedLeads<L>> {
  const made: ScopedLeads<L> = { own: [], unassigned: [], others: [] };
  for (const group of ["own", "unassigned", "others"] as const) {
    for (let index = 0; index < counts[group]; index++) {
      const res = await admin.post<L>("/api/leads", fieldsOf(group, index));
      if (res.status !== 201) throw new Error(`lead not created: ${res.status} ${res.text}`);
      made[group].push(res.body);
    }
  }
  await assignLeads(rt, made.own.map((lead) => lead.id), people.agent.id);
  await assignLeads(rt, made.unassigned.map((lead) => lead.id), null);
  await assignLeads(rt, made.others.map((lead) => lead.id), people.other.id);
  return made;
}

/** A lead's required fields, unique by `key`. */
export const scopeLeadFields = (key: string, extra: Record<string, unknown> = {}) => ({
  businessOwnerName: "Scope",
  businessOwnerLastName: key,
  businessName: `Scope ${key}`,
  email: `scope.${key.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.test`,
  ...extra,
});
