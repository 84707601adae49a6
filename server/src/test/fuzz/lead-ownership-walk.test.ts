import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../db/raw-rows";
import { multipartBody } from "../multipart";
import { floorDrivers, ROLE_PASSWORD, signedInWithRole, suiteWithAdmin, type TestClient } from "../test-runtime";
import { waitFor } from "../wait-for";
import { operationsOf, type OpenApiDocument, type Operation } from "./openapi-operations";
import { validValue } from "./schema-values";

/**
 * Issue 26.5: with agents limited to their own leads, walks every operation of the published OpenAPI document as a
 * restricted agent, aiming each at another agent's lead (its id in the path and in every body or query field that
 * names a lead, and its child records' ids where the path is theirs), and checks that no answer carries anything of
 * that lead and that the lead and everything hanging off it are unchanged afterwards. A route added later is walked
 * without touching this file.
 */

// Words the walk never sends: an answer holding one of them read the hidden lead or one of its records.
const HIDDEN = {
  businessName: "Quokkabrook Hidden Works",
  lastName: "Zephyrwhistle",
  note: "secret note about the marmot deal",
  taskTitle: "Call about the narwhal contract",
  fileName: "walrus-quote.txt",
};

/** Operations the walk leaves out: signing in and out and the person's own credentials decide who the walk is. */
const walksPast = (op: Operation) => op.path.startsWith("/api/auth/") || op.path.includes("password");

type Ids = { lead: number; note: number; task: number; attachment: number; kpi: number };

/** The record id a path's `{id}` names: the hidden lead's own record of the family the path starts with. */
function pathId(op: Operation, ids: Ids): number {
  const family = op.path.split("/")[2];
  if (family === "notes") return ids.note;
  if (family === "tasks") return ids.task;
  if (family === "attachments") return ids.attachment;
  if (family === "kpi") return ids.kpi;
  return ids.lead;
}

const LEAD_FIELDS = new Set(["leadId", "otherId", "mergedInto"]);

/** A generated body with every field that names a lead pointed at the hidden one. */
function aimed(value: unknown, ids: Ids, email: string): unknown {
  if (Array.isArray(value)) return value.map((item) => aimed(item, ids, email));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (LEAD_FIELDS.has(key)) return [key, ids.lead];
      if (key === "ids") return [key, [ids.lead]];
      if (key === "email") return [key, email];
      return [key, aimed(inner, ids, email)];
    }),
  );
}

function urlFor(op: Operation, ids: Ids): string {
  const path = op.path.replace(/\{([^}]+)\}/g, () => String(pathId(op, ids)));
  const query = new URLSearchParams();
  for (const param of op.query) {
    if (param.name === "q") query.set("q", "Quokkabrook");
    else if (param.name === "leadId") query.set("leadId", String(ids.lead));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

describe.each(floorDrivers)("lead ownership walk on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("as an agent limited to their own leads, no route returns or changes another agent's lead", { timeout: 10 * 60_000 }, async () => {
    const { rt, admin } = suite;
    const agent = await signedInWithRole(rt, "agent", { name: "Walker Agent", email: "walker@leadwell.test" });
    await signedInWithRole(rt, "agent", { name: "Other Agent", email: "other.agent@leadwell.test" });
    const [other] = await rawRows<{ id: number }>(rt.ctx.db, sql`SELECT id FROM users WHERE email = 'other.agent@leadwell.test'`);

    const email = "hidden.lead@quokkabrook.test";
    const created = await admin.post<{ id: number }>("/api/leads", {
      businessOwnerName: "Hidden",
      businessOwnerLastName: HIDDEN.lastName,
      businessName: HIDDEN.businessName,
      email,
      phoneNumber: "+1 555 010 9999",
    });
    expect(created.status).toBe(201);
    const lead = created.body.id;
    expect((await admin.put(`/api/leads/${lead}`, { assigneeId: other!.id, tags: ["hidden"] })).status).toBe(200);
    const note = await admin.post<{ id: number }>(`/api/leads/${lead}/notes`, { body: HIDDEN.note });
    expect(note.status).toBe(201);
    const task = await admin.post<{ id: number }>("/api/tasks", { title: HIDDEN.taskTitle, leadId: lead });
    expect(task.status).toBe(201);
    const kpi = await admin.post<{ id: number }>("/api/kpi", { email, ytdRevenue: "1234.50", mrr: "99.00", topProducts: [] });
    expect(kpi.status).toBeLessThan(300);
    const upload = multipartBody([{ name: "file", filename: HIDDEN.fileName, content: "a quote", contentType: "text/plain" }]);
    const attachment = await rt.app.inject({
      method: "POST",
      url: `/api/leads/${lead}/attachments`,
      payload: upload.payload,
      headers: { ...upload.headers, cookie: admin.cookieHeader() },
    });
    expect(attachment.statusCode).toBe(201);
    const ids: Ids = { lead, note: note.body.id, task: task.body.id, attachment: (attachment.json() as { id: number }).id, kpi: kpi.body.id };

    // The control: an administrator reads the hidden lead, so the checks below would see it if a route leaked it.
    expect((await admin.get(`/api/leads/${lead}`)).text).toContain(HIDDEN.businessName);

    expect((await admin.put("/api/settings/lead-access", { agents: "own" })).status).toBe(200);
    const snapshot = () =>
      rawRows<Record<string, unknown>>(
        rt.ctx.db,
        sql`SELECT (SELECT row_to_json(l)::text FROM leads l WHERE l.id = ${lead}) AS lead,
                   (SELECT row_to_json(k)::text FROM kpi_metrics k WHERE k.lead_id = ${lead}) AS kpi,
                   (SELECT count(*)::int FROM lead_timeline WHERE lead_id = ${lead}) AS timeline,
                   (SELECT count(*)::int FROM lead_notes WHERE lead_id = ${lead}) AS notes,
                   (SELECT string_agg(row_to_json(t)::text, '' ORDER BY t.id) FROM tasks t WHERE t.lead_id = ${lead}) AS tasks,
                   (SELECT count(*)::int FROM lead_attachments WHERE lead_id = ${lead}) AS attachments`,
      );
    const before = await snapshot();

    const doc = await admin.get<OpenApiDocument>("/api/openapi.json");
    const operations = operationsOf(doc.body).filter((op) => !walksPast(op));
    expect(operations.length).toBeGreaterThan(100);

    let walker: TestClient = agent;
    const leaks: string[] = [];
    let answered = 0;
    for (const [index, op] of operations.entries()) {
      const url = urlFor(op, ids);
      const body = op.body ? aimed(fc.sample(validValue(op.body, "body"), { numRuns: 1, seed: 26_5 + index })[0], ids, email) : undefined;
      const send = () => walker.request(op.method === "PATCH" ? "PUT" : op.method, url, op.method === "GET" ? undefined : (body ?? {}));
      let answer = await send();
      if (answer.status === 401) {
        // A route that ended the walker's session (signing out everywhere): sign in again and go on.
        walker = rt.client();
        expect((await walker.post("/api/auth/login", { email: "walker@leadwell.test", password: ROLE_PASSWORD })).status).toBe(200);
        answer = await send();
      }
      if (answer.status < 300) answered += 1;
      const text = answer.text.toLowerCase();
      for (const [what, word] of Object.entries(HIDDEN)) {
        if (text.includes(word.toLowerCase())) leaks.push(`${op.key} → ${answer.status} carries the hidden lead's ${what}`);
      }
      for (const header of ["content-disposition", "location"]) {
        const value = String(answer.headers[header] ?? "").toLowerCase();
        if (value.includes(HIDDEN.fileName)) leaks.push(`${op.key} → ${header} names the hidden attachment`);
      }
    }
    expect(leaks).toEqual([]);
    // Not a vacuous walk: the agent's own work went through on a good share of the routes.
    expect(answered).toBeGreaterThan(50);

    // Bulk actions the walk started run in the background: the hidden lead must come out of them untouched too.
    const pending = await waitFor(
      async () => (await rawRows<{ n: number }>(rt.ctx.db, sql`SELECT count(*)::int AS n FROM lead_bulk_jobs WHERE status IN ('queued', 'running', 'cancelling')`))[0]!.n,
      (n) => n === 0,
      60_000,
    );
    expect(pending).toBe(0);
    expect(await snapshot()).toEqual(before);
    // And the lead is still there for the agent it belongs to's manager.
    expect((await admin.get(`/api/leads/${lead}`)).text).toContain(HIDDEN.businessName);
  });
});
