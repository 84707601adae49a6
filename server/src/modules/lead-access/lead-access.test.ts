import { eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import type { LeadAccessSettings, LeadAssignmentRules } from "@contract/lead-access";
import type { Lead } from "@contract/leads";
import { auditLogs, leads, users } from "../../db/schema";
import { createRuntime, type Runtime } from "../../runtime";
import { signedInWithRole, startTestRuntime, suiteWithAdmin, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";
import { expectFieldError } from "../../test/expect-field-error";


const aLead = (tag: string) => ({ businessOwnerName: "Lee", businessOwnerLastName: tag, businessName: `${tag} Ltd`, email: `${tag}@leads.test` });

/** The public form from its own address each time, as visitors send it (the form is limited per address). */
let visitor = 0;
const join = (rt: Runtime, tag: string) =>
  rt.app.inject({ method: "POST", url: "/api/join", payload: aLead(tag), remoteAddress: `198.51.${Math.floor(++visitor / 250)}.${(visitor % 250) + 1}` });

/** Who each stored lead whose email starts with `prefix` is assigned to: [assigneeId, assignedTo]. */
async function assigneesOf(rt: TestRuntime, prefix: string) {
  const rows = await rt.ctx.db
    .select({ assigneeId: leads.assigneeId, assignedTo: leads.assignedTo })
    .from(leads)
    .where(like(leads.email, `${prefix}%`))
    .orderBy(leads.id);
  return rows.map((row) => [row.assigneeId, row.assignedTo]);
}

const countBy = (values: unknown[]) => {
  const counts = new Map<unknown, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return Object.fromEntries(counts);
};

describe.each(testDrivers)("lead access and assignment settings on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let agent: TestClient;
  const staff: Record<"ann" | "bob" | "cy" | "vi" | "dee", { id: number; name: string }> = {} as never;
  let fullKey: string;
  let captureKey: string;

  beforeAll(async () => {
    agent = await signedInWithRole(suite.rt, "agent", { name: "Ann Agent", email: "ann@staff.test" });
    await signedInWithRole(suite.rt, "agent", { name: "Bob Agent", email: "bob@staff.test" });
    await signedInWithRole(suite.rt, "manager", { name: "Cy Manager", email: "cy@staff.test" });
    await signedInWithRole(suite.rt, "viewer", { name: "Vi Viewer", email: "vi@staff.test" });
    await signedInWithRole(suite.rt, "agent", { name: "Dee Gone", email: "dee@staff.test" });
    const rows = await suite.rt.ctx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(like(users.email, "%@staff.test"));
    for (const row of rows) staff[row.email.split("@")[0] as keyof typeof staff] = { id: row.id, name: row.name };
    await suite.rt.ctx.db.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, staff.dee.id));
    fullKey = (await suite.admin.post<{ key: string }>("/api/settings/api-keys", { label: "Everything", scope: "full" })).body.key;
    captureKey = (await suite.admin.post<{ key: string }>("/api/settings/api-keys", { label: "Quiz", scope: "leads:write" })).body.key;
  });

  const putAssignment = (rules: unknown[]) => suite.admin.put<LeadAssignmentRules>("/api/settings/lead-assignment", { rules });

  describe("lead access", () => {
    it("answers every lead for agents until an administrator says otherwise, to any member of staff", async () => {
      const res = await agent.get<LeadAccessSettings>("/api/settings/lead-access");
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ agents: "all", updatedAt: expect.any(String), updatedBy: null });
      expect((await suite.rt.client().get("/api/settings/lead-access")).status).toBe(401);
    });

    it("lets an administrator limit agents to their own leads, with an audit row, and not an agent or an API key", async () => {
      const refused = await agent.put("/api/settings/lead-access", { agents: "own" });
      expect(refused.status).toBe(403);
      const byKey = await suite.rt.client().request("PUT", "/api/settings/lead-access", { agents: "own" }, { authorization: `Bearer ${fullKey}` });
      expect(byKey.status).toBe(403);
      // Like every Settings route, not even read with a key.
      for (const path of ["/api/settings/lead-access", "/api/settings/lead-assignment"]) {
        expect((await suite.rt.client().get(path, { authorization: `Bearer ${fullKey}` })).status, path).toBe(403);
      }
      expect((await agent.get<LeadAccessSettings>("/api/settings/lead-access")).body.agents).toBe("all");

      const res = await suite.admin.put<LeadAccessSettings>("/api/settings/lead-access", { agents: "own" });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ agents: "own", updatedBy: { name: "Ada Admin" } });
      expect((await agent.get<LeadAccessSettings>("/api/settings/lead-access")).body).toEqual(res.body);
      const audits = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.lead_access"));
      expect(audits.map((row) => [row.userEmail, row.code, row.details])).toEqual([["ada@leadwell.test", "lead_access.own", "Agents work on their own leads and unassigned ones"]]);
    });

    it("holds an agent to the setting from their next request", async () => {
      const ours = await suite.admin.post<Lead>("/api/leads", { ...aLead("access-theirs"), assigneeId: staff.bob.id });
      expect(ours.status, ours.text).toBe(201);
      expect((await agent.get(`/api/leads/${ours.body.id}`)).status).toBe(404);
      expect((await suite.admin.put("/api/settings/lead-access", { agents: "all" })).status).toBe(200);
      expect((await agent.get(`/api/leads/${ours.body.id}`)).status).toBe(200);
    });

    it("refuses any other value with 400 naming agents", async () => {
      expectFieldError(await suite.admin.put("/api/settings/lead-access", { agents: "mine" }), "agents", "field.invalid_option");
      expectFieldError(await suite.admin.put("/api/settings/lead-access", {}), "agents", "field.invalid_option");
    });
  });

  describe("assignment rules", () => {
    it("answers a rule per source, assigning nobody, to any member of staff", async () => {
      const res = await agent.get<LeadAssignmentRules>("/api/settings/lead-assignment");
      expect(res.status, res.text).toBe(200);
      expect(res.body.rules.map(({ source, mode, userIds, people }) => ({ source, mode, userIds, people }))).toEqual([
        { source: "form", mode: "none", userIds: [], people: [] },
        { source: "api", mode: "none", userIds: [], people: [] },
        { source: "import", mode: "none", userIds: [], people: [] },
      ]);
    });

    it("is changed by administrators only, never by an agent or an API key", async () => {
      const rules = [{ source: "form", mode: "one", userIds: [staff.ann.id] }];
      expect((await agent.put("/api/settings/lead-assignment", { rules })).status).toBe(403);
      const byKey = await suite.rt.client().request("PUT", "/api/settings/lead-assignment", { rules }, { authorization: `Bearer ${fullKey}` });
      expect(byKey.status).toBe(403);
      expect((await agent.get<LeadAssignmentRules>("/api/settings/lead-assignment")).body.rules[0]!.mode).toBe("none");
    });

    it("refuses a rule that cannot hand leads out, naming the field", async () => {
      expectFieldError(await putAssignment([{ source: "form", mode: "one", userIds: [staff.ann.id, staff.bob.id] }]), "rules.0.userIds", "lead_assignment.one_person");
      expectFieldError(await putAssignment([{ source: "api", mode: "one" }]), "rules.0.userIds", "lead_assignment.one_person");
      expectFieldError(await putAssignment([{ source: "api", mode: "roundRobin", userIds: [] }]), "rules.0.userIds", "lead_assignment.no_people");
      expectFieldError(await putAssignment([{ source: "api", mode: "roundRobin", userIds: [staff.ann.id, staff.ann.id] }]), "rules.0.userIds", "lead_assignment.repeated_person");
      expectFieldError(await putAssignment([{ source: "form", mode: "none" }, { source: "form", mode: "none" }]), "rules.1.source", "lead_assignment.repeated_source");
      expectFieldError(await putAssignment([{ source: "fax", mode: "none" }]), "rules.0.source", "field.invalid_option");
      expectFieldError(await putAssignment([{ source: "form", mode: "random" }]), "rules.0.mode", "field.invalid_option");
      expectFieldError(await putAssignment([{ source: "form", mode: "one", userIds: [0] }]), "rules.0.userIds.0", "field.greater_than");
    });

    it("refuses people who cannot be given leads: unknown, deactivated, viewers, naming the rule's userIds", async () => {
      const unknown = await putAssignment([{ source: "form", mode: "none" }, { source: "api", mode: "roundRobin", userIds: [staff.ann.id, 999_999] }]);
      expectFieldError(unknown, "rules.1.userIds", "lead_assignment.unknown_person");
      expect((unknown.body as unknown as ApiError).fieldCodes?.["rules.1.userIds"]?.params).toEqual({ userId: 999_999 });
      const gone = await putAssignment([{ source: "form", mode: "one", userIds: [staff.dee.id] }]);
      expectFieldError(gone, "rules.0.userIds", "lead_assignment.deactivated");
      expect((gone.body as unknown as ApiError).fields?.["rules.0.userIds"]).toBe("Dee Gone is deactivated and cannot receive leads");
      expectFieldError(await putAssignment([{ source: "import", mode: "roundRobin", userIds: [staff.vi.id] }]), "rules.0.userIds", "lead_assignment.cannot_hold_leads");
      // Nothing was stored by any refused change, not even its valid rules.
      const rules = (await suite.admin.get<LeadAssignmentRules>("/api/settings/lead-assignment")).body.rules;
      expect(rules.map((rule) => rule.mode)).toEqual(["none", "none", "none"]);
    });

    it("stores the rules sent, keeps the others, names their people, and writes an audit row per rule", async () => {
      const res = await putAssignment([
        { source: "form", mode: "roundRobin", userIds: [staff.ann.id, staff.bob.id] },
        { source: "api", mode: "one", userIds: [staff.cy.id] },
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.body.rules.map(({ source, mode, userIds, people, updatedBy }) => ({ source, mode, userIds, people, updatedBy: updatedBy?.name ?? null }))).toEqual([
        {
          source: "form",
          mode: "roundRobin",
          userIds: [staff.ann.id, staff.bob.id],
          people: [
            { ...staff.ann, available: true },
            { ...staff.bob, available: true },
          ],
          updatedBy: "Ada Admin",
        },
        { source: "api", mode: "one", userIds: [staff.cy.id], people: [{ ...staff.cy, available: true }], updatedBy: "Ada Admin" },
        { source: "import", mode: "none", userIds: [], people: [], updatedBy: null },
      ]);
      expect((await agent.get<LeadAssignmentRules>("/api/settings/lead-assignment")).body).toEqual(res.body);
      const audits = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.lead_assignment")).orderBy(auditLogs.id);
      expect(audits.map((row) => [row.code, row.params, row.details])).toEqual([
        ["lead_assignment.form_round_robin", { names: "Ann Agent, Bob Agent" }, "New leads from the public form: in turn to Ann Agent, Bob Agent"],
        ["lead_assignment.api_one", { name: "Cy Manager" }, "New leads from the API: assigned to Cy Manager"],
      ]);
    });

    it("clears the people of a rule that assigns to nobody", async () => {
      const res = await putAssignment([{ source: "import", mode: "none", userIds: [staff.ann.id] }]);
      expect(res.status, res.text).toBe(200);
      expect(res.body.rules[2]).toMatchObject({ source: "import", mode: "none", userIds: [], people: [] });
    });
  });

  describe("rules applied to new leads", () => {
    it("hands the public form's leads to the round-robin's people in turn, even when they arrive at once", async () => {
      expect((await putAssignment([{ source: "form", mode: "roundRobin", userIds: [staff.ann.id, staff.bob.id] }])).status).toBe(200);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => join(suite.rt, `rr-at-once-${i}`)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
      const assigned = await assigneesOf(suite.rt, "rr-at-once-");
      expect(assigned).toHaveLength(20);
      expect(countBy(assigned.map(([id]) => id))).toEqual({ [staff.ann.id]: 10, [staff.bob.id]: 10 });
      // Each lead carries its assignee's name where the screens read it.
      for (const [id, name] of assigned) expect(name).toBe(id === staff.ann.id ? "Ann Agent" : "Bob Agent");
    });

    it("takes turns one after another in the rule's order, starting again from the first person when the rule is saved", async () => {
      expect((await putAssignment([{ source: "form", mode: "roundRobin", userIds: [staff.bob.id, staff.ann.id, staff.cy.id] }])).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await join(suite.rt, `rr-in-turn-${i}`)).statusCode).toBe(201);
      expect((await assigneesOf(suite.rt, "rr-in-turn-")).map(([id]) => id)).toEqual([staff.bob.id, staff.ann.id, staff.cy.id, staff.bob.id]);
    });

    it("skips a person deactivated since the rule was saved, and shows them as unavailable", async () => {
      await suite.rt.ctx.db.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, staff.ann.id));
      for (let i = 0; i < 4; i++) expect((await join(suite.rt, `rr-skip-${i}`)).statusCode).toBe(201);
      expect(countBy((await assigneesOf(suite.rt, "rr-skip-")).map(([id]) => id))).toEqual({ [staff.bob.id]: 2, [staff.cy.id]: 2 });
      const form = (await suite.admin.get<LeadAssignmentRules>("/api/settings/lead-assignment")).body.rules[0]!;
      expect(form.people.map((p) => p.available)).toEqual([true, false, true]);
      await suite.rt.ctx.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, staff.ann.id));
    });

    it("gives an API key's lead the api rule's person unless the lead names its own assignee", async () => {
      const auth = { authorization: `Bearer ${captureKey}` };
      const ruled = await suite.rt.client().post<Lead>("/api/leads", aLead("api-ruled"), auth);
      expect(ruled.status, ruled.text).toBe(201);
      expect(ruled.body).toMatchObject({ assigneeId: staff.cy.id, assignedTo: "Cy Manager" });
      const named = await suite.rt.client().post<Lead>("/api/leads", { ...aLead("api-named"), assigneeId: staff.bob.id }, auth);
      expect(named.body).toMatchObject({ assigneeId: staff.bob.id, assignedTo: "Bob Agent" });
      const byName = await suite.rt.client().post<Lead>("/api/leads", { ...aLead("api-by-name"), assignedTo: "Ann Agent" }, auth);
      expect(byName.body).toMatchObject({ assigneeId: staff.ann.id, assignedTo: "Ann Agent" });
    });

    it("applies no rule to a lead staff enter in the app", async () => {
      const byAdmin = await suite.admin.post<Lead>("/api/leads", aLead("app-admin"));
      expect(byAdmin.status, byAdmin.text).toBe(201);
      expect(byAdmin.body).toMatchObject({ assigneeId: null, assignedTo: null });
      const byAgent = await agent.post<Lead>("/api/leads", aLead("app-agent"));
      expect(byAgent.body).toMatchObject({ assigneeId: null, assignedTo: null });
    });

    it("assigns nobody under a rule of none", async () => {
      expect((await putAssignment([{ source: "form", mode: "none" }, { source: "api", mode: "none" }])).status).toBe(200);
      expect((await join(suite.rt, "none-form")).statusCode).toBe(201);
      const viaKey = await suite.rt.client().post<Lead>("/api/leads", aLead("none-api"), { authorization: `Bearer ${captureKey}` });
      expect(viaKey.body).toMatchObject({ assigneeId: null, assignedTo: null });
      expect(await assigneesOf(suite.rt, "none-")).toEqual([
        [null, null],
        [null, null],
      ]);
    });

    it("assigns every public form lead to the one person of a rule of one", async () => {
      expect((await putAssignment([{ source: "form", mode: "one", userIds: [staff.bob.id] }])).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await join(suite.rt, `one-${i}`)).statusCode).toBe(201);
      expect(await assigneesOf(suite.rt, "one-")).toEqual(Array(3).fill([staff.bob.id, "Bob Agent"]));
    });
  });
});

/** Two app instances on one PostgreSQL database: the round-robin's turns are shared out evenly across both. */
describe.each(testDrivers.filter((driver) => driver === "postgres"))("round-robin assignment across instances on %s", (driver) => {
  let first: TestRuntime;
  let second: Runtime;
  beforeAll(async () => {
    first = await startTestRuntime(driver);
    second = await createRuntime(first.ctx.config, { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it("hands 20 public form leads sent at once to two instances out 10 and 10", async () => {
    const people = await Promise.all(
      ["Ivy", "Jon"].map(async (name) => {
        const email = `${name.toLowerCase()}@instances.test`;
        await signedInWithRole(first, "agent", { name, email });
        return (await first.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
      }),
    );
    await first.ctx.db.execute(sql`UPDATE lead_assignment_rules SET mode = 'roundRobin', user_ids = ${`{${people.join(",")}}`}::int[] WHERE source = 'form'`);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => join(i % 2 === 0 ? first : second, `instances-${i}`)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    const rows = await first.ctx.db.select({ assigneeId: leads.assigneeId }).from(leads).where(inArray(leads.assigneeId, people));
    expect(countBy(rows.map((row) => row.assigneeId))).toEqual({ [people[0]!]: 10, [people[1]!]: 10 });
  });
});
