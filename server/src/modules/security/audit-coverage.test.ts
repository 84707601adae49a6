import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv-download";
import { render, type FuzzCase } from "../../test/fuzz/fuzz-cases";
import { toJsonText } from "../../test/fuzz/hostile-values";
import { operationsOf, type OpenApiDocument, type Operation } from "../../test/fuzz/openapi-operations";
import { validValue } from "../../test/fuzz/schema-values";
import { ADMIN, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

/*
 * The audit trail's guarantee, checked over the whole route table: every change a staff member makes that succeeds
 * leaves an audit row. The mutating operations come from the published OpenAPI document, so a route added later is
 * walked without editing this file. Each is called by the administrator with valid inputs drawn from its own schemas
 * (path ids also set to low ids that exist, so that some changes succeed); each request carries a user agent of its
 * own, and every request that answered 2xx must have its row in the audit trail's CSV export.
 */

const SAMPLES_PER_ROUTE = 4;
/** Signing out, or ending the walk's own session, would stop the walk; both are covered by their own tests. */
const SKIPPED = /\/(logout)$|\/enterprise\/sessions\//;

const encode = (v: unknown) => encodeURIComponent(typeof v === "string" ? v : toJsonText(v));

function sampleCases(op: Operation, seed: number): FuzzCase[] {
  const sample = (schema: Parameters<typeof validValue>[0], name: string, n: number) => fc.sample(validValue(schema, name), { numRuns: n, seed });
  const cases: FuzzCase[] = [];
  const bodies = op.body ? sample(op.body, "body", SAMPLES_PER_ROUTE) : Array.from({ length: SAMPLES_PER_ROUTE }, () => undefined);
  bodies.forEach((body, i) => {
    const path = Object.fromEntries(
      op.pathParams.map((p) => {
        // Half the samples aim at rows that exist (ids 1 and 2), half at whatever the schema allows.
        const value = i % 2 === 0 && /id$/i.test(p.name) ? String(1 + (i % 4) / 2) : encode(sample(p.schema, p.name, 1)[0]);
        return [p.name, value];
      }),
    );
    const query = Object.fromEntries(op.query.filter((q) => q.required).map((q) => [q.name, encode(sample(q.schema, q.name, 1)[0])]));
    cases.push({ op, category: "valid", base: { path, query, body }, oddIndex: -1, signedIn: true });
  });
  return cases;
}

describe.each(testDrivers)("audit coverage on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("leaves an audit row for every successful staff change on every mutating route", { timeout: 300_000 }, async () => {
    // Rows for the walk to find: a lead, a task, a note-worthy issue.
    await suite.admin.post("/api/leads", { businessOwnerName: "Ann", businessOwnerLastName: "Audit", businessName: "Audit Ltd", email: "ann@audit.test" });
    await suite.admin.post("/api/tasks", { title: "Walk target" });

    const doc = await suite.admin.get<OpenApiDocument>("/api/openapi.json");
    const mutating = operationsOf(doc.body).filter((op) => op.method !== "GET" && !SKIPPED.test(op.path));
    expect(mutating.length).toBeGreaterThan(30);

    const signIn = async () => {
      const client = suite.rt.client();
      const res = await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
      return client;
    };
    let admin = suite.admin;
    const succeeded: { route: string; agent: string }[] = [];
    let n = 0;
    for (const [index, op] of mutating.entries()) {
      for (const c of sampleCases(op, 1_000 + index)) {
        const rendered = render(c);
        const agent = `audit-walk/${++n}`;
        let res = await admin.request(rendered.method as "POST", rendered.url, c.base.body, { "user-agent": agent });
        if (res.status === 401) {
          // An earlier change ended the administrator's sessions (a password reset for them): sign in again.
          admin = await signIn();
          res = await admin.request(rendered.method as "POST", rendered.url, c.base.body, { "user-agent": agent });
        }
        expect(res.status, `${op.key} ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 200 && res.status < 300) succeeded.push({ route: op.key, agent });
      }
    }

    const csv = await (await signIn()).get("/api/enterprise/audit-trail/export.csv");
    expect(csv.status).toBe(200);
    const auditedAgents = new Set(parseCsv(csv.text.replace(/^\uFEFF/, "")).map((row) => row[7]));
    const missing = succeeded.filter((s) => !auditedAgents.has(s.agent)).map((s) => s.route);
    expect([...new Set(missing)]).toEqual([]);
    // The walk proves something only if many different changes succeeded.
    const routesThatSucceeded = new Set(succeeded.map((s) => s.route));
    console.log(`audit walk: ${succeeded.length} successful changes on ${routesThatSucceeded.size} of ${mutating.length} mutating routes, each with its audit row`);
    expect(routesThatSucceeded.size).toBeGreaterThanOrEqual(12);
  });
});
