/**
 * l. Leads owned by their agent (issue 26.5): with agents limited to their own leads, a restricted agent's leads page
 * and searches beside an administrator's, the same requests in the same run. Target: the agent within 10 % of the
 * administrator (throughput ≥ 0.9×, p95 ≤ 1.1×). Each request runs as admin, agent, agent, admin for half the duration
 * each, pooled per person, so what drifts over the run weighs on both alike.
 *
 * The seed assigns nobody, so the first run hands 80 % of the leads to SCOPE_AGENTS agents in turn (id order) and leaves
 * 20 % unassigned, as one UPDATE with triggers off (session_replication_role = replica: the timeline and counts are
 * not what is measured, and 800,000 timeline entries would only slow the set-up). The measured agent then sees their
 * eighth of the assigned leads and every unassigned one: about 28 % of the table, so each page and search of theirs
 * passes over leads it may not show.
 */
import pg from "pg";
import { roleGrants } from "@contract/access-policy";
import { hashPassword } from "../server/src/lib/password";
import { int, markdownTable, ms, pooledStats, type LoadStats } from "./stats";

export const SCOPE_AGENTS = 10;
const AGENT_PASSWORD = "bench-agent-password-not-secret";
const agentEmail = (n: number) => `bench-agent-${n}@leadwell.test`;

export interface ScopeAgent {
  email: string;
  password: string;
  /** The agents' lead access setting before the bench, put back afterwards. */
  previousAccess: string;
}

/** Makes the agents and the assignment if they are missing, and limits agents to their own leads. */
export async function prepareLeadScope(pool: pg.Pool): Promise<ScopeAgent> {
  const passwordHash = await hashPassword(AGENT_PASSWORD);
  const ids: number[] = [];
  const names: string[] = [];
  for (let n = 1; n <= SCOPE_AGENTS; n++) {
    const name = `Bench Agent ${n}`;
    let id = (await pool.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [agentEmail(n)])).rows[0]?.id;
    if (id === undefined) {
      id = (await pool.query<{ id: number }>("INSERT INTO users (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id", [name, agentEmail(n), passwordHash])).rows[0]!.id;
      await pool.query("INSERT INTO user_roles (user_id, role, permissions) VALUES ($1, 'agent', $2::jsonb)", [id, JSON.stringify(roleGrants.agent)]);
    }
    ids.push(id);
    names.push(name);
  }
  const assigned = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM leads WHERE assignee_id IS NOT NULL")).rows[0]!.n);
  const total = Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM leads")).rows[0]!.n);
  if (assigned < total / 2) {
    console.log(`l. assigning ${int(Math.round(total * 0.8))} of ${int(total)} leads to ${SCOPE_AGENTS} agents (once)`);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      // A one-time set-up of 800,000 rows takes minutes: the bench pool's one-minute limit on a runaway statement
      // (run.ts) stopped it every time.
      await client.query("SET LOCAL statement_timeout = 0");
      await client.query(
        `UPDATE leads SET assignee_id = ($1::int[])[1 + (id / 5) % $3], assigned_to = ($2::text[])[1 + (id / 5) % $3] WHERE id % 5 <> 0`,
        [ids, names, SCOPE_AGENTS],
      );
      await client.query("COMMIT");
      await client.query("SET statement_timeout = 0");
      await client.query("VACUUM ANALYZE leads");
      await client.query("RESET statement_timeout");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }
  const previousAccess = (await pool.query<{ agents: string }>("SELECT agents FROM lead_access_settings WHERE id = 1")).rows[0]?.agents ?? "all";
  await pool.query("UPDATE lead_access_settings SET agents = 'own' WHERE id = 1");
  return { email: agentEmail(1), password: AGENT_PASSWORD, previousAccess };
}

export async function restoreLeadScope(pool: pg.Pool, agent: ScopeAgent): Promise<void> {
  await pool.query("UPDATE lead_access_settings SET agents = $1 WHERE id = 1", [agent.previousAccess]);
}

/** The agent's session cookie. */
export async function signInAgent(base: string, agent: ScopeAgent): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: agent.email, password: agent.password }),
  });
  if (!login.ok) throw new Error(`Sign-in as ${agent.email} failed (${login.status} ${await login.text()})`);
  const session = login.headers.getSetCookie().find((c) => c.startsWith("leadwell_session="));
  if (!session) throw new Error("Sign-in answered without a session cookie");
  return { cookie: session.split(";")[0]! };
}

export interface ScopeRow {
  label: string;
  path: string;
  admin: LoadStats;
  agent: LoadStats;
  /** What the agent's first answer held (rows of a page, or the search's lead total). */
  agentSees: string;
}

interface ScopeOptions {
  base: string;
  adminHeaders: Record<string, string>;
  agentHeaders: Record<string, string>;
  q: string;
  words: string;
  warmup: number;
  load: (url: string, headers: Record<string, string>, seconds: number) => Promise<LoadStats>;
  seconds: number;
}

/** The leads page and the searches, as the administrator and then as the restricted agent. */
export async function runLeadScopeBench(options: ScopeOptions): Promise<ScopeRow[]> {
  const enc = encodeURIComponent;
  const paths = [
    { label: "l. leads page", path: "/api/leads?limit=50" },
    ...[options.q, options.words].flatMap((term) => [
      { label: `l. leads ?q=${term}`, path: `/api/leads?q=${enc(term)}` },
      { label: `l. search ?q=${term}`, path: `/api/search?q=${enc(term)}` },
    ]),
  ];
  const rows: ScopeRow[] = [];
  for (const { label, path } of paths) {
    const url = `${options.base}${path}`;
    const probe = await fetch(url, { headers: options.agentHeaders });
    if (!probe.ok) throw new Error(`${path} answered the agent ${probe.status}: ${await probe.text()}`);
    const body = (await probe.json()) as unknown;
    const agentSees = Array.isArray(body) ? `${body.length} rows` : `${int((body as { totals?: { leads?: number } }).totals?.leads ?? 0)} leads`;
    // Admin, agent, agent, admin: two rounds of half the duration each, the second in the other order, pooled per
    // person. One run each swung the ratio by a third between two bench runs on this host (0.72× and 1.47× for
    // statements the database runs within 10 % of each other); the mirrored order cancels what drifts with time.
    const runs: Record<"admin" | "agent", LoadStats[]> = { admin: [], agent: [] };
    const seconds = Math.max(2, options.seconds / 2);
    for (const who of ["admin", "agent", "agent", "admin"] as const) {
      const headers = who === "admin" ? options.adminHeaders : options.agentHeaders;
      if (options.warmup > 0) await options.load(url, headers, options.warmup);
      runs[who].push(await options.load(url, headers, seconds));
    }
    const measured = { admin: pooledStats(runs.admin), agent: pooledStats(runs.agent) };
    for (const who of ["admin", "agent"] as const) {
      console.log(`  ${label} as ${who}: p50 ${ms(measured[who].p50)} ms, p95 ${ms(measured[who].p95)} ms, ${int(measured[who].perSecond)} req/s`);
    }
    rows.push({ label, path, admin: measured.admin, agent: measured.agent, agentSees });
  }
  return rows;
}

export function leadScopeTable(rows: ScopeRow[]): string {
  return markdownTable(
    ["restricted agent vs administrator", "agent sees", "admin p95 ms", "admin req/s", "agent p95 ms", "agent req/s", "agent/admin req/s", "target", "met"],
    rows.map(({ label, admin, agent, agentSees }) => {
      const ratio = agent.perSecond / admin.perSecond;
      const met = ratio >= 0.9 && agent.p95 <= admin.p95 * 1.1 && agent.errors === 0;
      return [label, agentSees, ms(admin.p95), int(admin.perSecond), ms(agent.p95), int(agent.perSecond), `${ratio.toFixed(2)}×`, "≥ 0.9× req/s, p95 ≤ 1.1×", met ? "yes" : "NO"];
    }),
    [false, true, true, true, true, true, true, false, false],
  );
}
