import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { LeadView } from "@contract/lead-views";
import { rawRows } from "../../db/raw-rows";
import { signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

/* Saved views of the leads table (issue 26.2) over HTTP: what each role sees and may do. */

type ApiError = { error: string; code?: string; fields?: Record<string, unknown> };
const aView = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  query: { status: ["new", "contacted"], industry: "Retail", hasKpi: "true" },
  sort: "businessName",
  dir: "asc",
  columns: ["business", "status", "owner"],
  ...extra,
});

describe.each(testDrivers)("saved lead views on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  let manager: TestClient;
  let agent: TestClient;
  let otherAgent: TestClient;
  let viewer: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
    manager = await signedInWithRole(rt, "manager", { name: "Mona Manager", email: "mona.views@leadwell.test" });
    agent = await signedInWithRole(rt, "agent", { name: "Abe Agent", email: "abe.views@leadwell.test" });
    otherAgent = await signedInWithRole(rt, "agent", { name: "Ola Agent", email: "ola.views@leadwell.test" });
    viewer = await signedInWithRole(rt, "viewer", { name: "Vic Viewer", email: "vic.views@leadwell.test" });
  });
  afterAll(async () => rt?.stop());

  it("answers a view saved when the assignee filter took names with the matching person's id, and keeps a name matching nobody", async () => {
    const created = await agent.post<LeadView>("/api/lead-views", aView("Abe's by name", { query: { assignee: "me" } }));
    expect(created.status, created.text).toBe(201);
    await rt.ctx.db.execute(sql`UPDATE lead_views SET query = ${JSON.stringify({ assignee: ["abe agent", "ola.views@leadwell.test", "Nobody Known", "none"] })}::jsonb WHERE id = ${created.body.id}`);
    const [abe] = await rawRows<{ id: number }>(rt.ctx.db, sql`SELECT id FROM users WHERE email = 'abe.views@leadwell.test'`);
    const [ola] = await rawRows<{ id: number }>(rt.ctx.db, sql`SELECT id FROM users WHERE email = 'ola.views@leadwell.test'`);
    const view = (await list(agent)).find((v) => v.id === created.body.id)!;
    expect(view.query.assignee).toEqual([String(abe!.id), String(ola!.id), "Nobody Known", "none"]);
    // The name matching nobody is refused naming assignee when the view is applied.
    const applied = await agent.get<ApiError>(`/api/leads?${(view.query.assignee as string[]).map((v) => `assignee=${encodeURIComponent(v)}`).join("&")}`);
    expect([applied.status, Object.keys(applied.body.fields ?? {})]).toEqual([400, ["assignee.2"]]);
    // A new view takes only ids, me and none.
    const named = await agent.post<ApiError>("/api/lead-views", aView("By name", { query: { assignee: "Abe Agent" } }));
    expect(named.status).toBe(400);
    expect((await agent.delete(`/api/lead-views/${created.body.id}`)).status).toBe(204);
  });

  const list = async (client: TestClient) => {
    const res = await client.get<LeadView[]>("/api/lead-views");
    expect(res.status).toBe(200);
    return res.body;
  };

  it("saves, lists, replaces and deletes a personal view, which nobody else sees", async () => {
    const created = await agent.post<LeadView>("/api/lead-views", aView("My retail"));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "My retail",
      shared: false,
      query: { status: ["new", "contacted"], industry: ["Retail"], hasKpi: "true" },
      sort: "businessName",
      dir: "asc",
      columns: ["business", "status", "owner"],
      ownerName: "Abe Agent",
      mine: true,
      isDefault: false,
      canEdit: true,
    });
    const id = created.body.id;
    expect((await list(agent)).map((v) => v.name)).toContain("My retail");
    expect((await list(otherAgent)).map((v) => v.id)).not.toContain(id);
    expect((await list(admin)).map((v) => v.id)).not.toContain(id);
    expect((await otherAgent.put(`/api/lead-views/${id}`, aView("Taken over"))).status).toBe(404);

    const replaced = await agent.put<LeadView>(`/api/lead-views/${id}`, aView("Retail, newest", { sort: "createdAt", dir: "desc", columns: ["email", "business"], query: {} }));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: "Retail, newest", sort: "createdAt", dir: "desc", columns: ["email", "business"], query: {} });

    expect((await agent.delete(`/api/lead-views/${id}`)).status).toBe(204);
    expect((await list(agent)).map((v) => v.id)).not.toContain(id);
    expect((await agent.delete(`/api/lead-views/${id}`)).status).toBe(404);
  });

  it("a viewer may save personal views", async () => {
    const res = await viewer.post<LeadView>("/api/lead-views", aView("Viewer's own"));
    expect(res.status).toBe(201);
    expect(res.body.mine).toBe(true);
  });

  it("answers 400 naming the bad field: a filter value, an unknown filter, a column, a sort, an empty column list", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ query: { status: "sleeping" } }, "query.status"],
      [{ query: { colour: "red" } }, "query"],
      [{ query: { createdFrom: "yesterday" } }, "query.createdFrom"],
      [{ columns: ["business", "shoe size"] }, "columns.1"],
      [{ columns: [] }, "columns"],
      [{ sort: "shoeSize" }, "sort"],
      [{ name: "  " }, "name"],
    ];
    for (const [extra, field] of cases) {
      const res = await agent.post<ApiError>("/api/lead-views", aView(`Bad ${field}`, extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).some((name) => name === field || name.startsWith(`${field}.`)), `${JSON.stringify(res.body)}`).toBe(true);
    }
    expect((await list(agent)).filter((v) => v.name.startsWith("Bad "))).toEqual([]);
  });

  it("names are unique per owner in any letter case (409 naming name); another person may reuse one", async () => {
    expect((await agent.post("/api/lead-views", aView("Hot leads"))).status).toBe(201);
    const again = await agent.post<ApiError>("/api/lead-views", aView("HOT LEADS"));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("lead_view.name_taken");
    expect(Object.keys(again.body.fields ?? {})).toContain("name");
    expect((await otherAgent.post("/api/lead-views", aView("Hot leads"))).status).toBe(201);
    const other = await agent.post<LeadView>("/api/lead-views", aView("Cold leads"));
    const rename = await agent.put<ApiError>(`/api/lead-views/${other.body.id}`, aView("hot leads"));
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe("lead_view.name_taken");
  });

  it("sharing: an agent may not share (403), a manager may; others see it read-only, a manager may change it", async () => {
    const refused = await agent.post<ApiError>("/api/lead-views", aView("Team view", { shared: true }));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("lead_view.share_forbidden");
    const personal = await agent.post<LeadView>("/api/lead-views", aView("Agent personal"));
    const shareLater = await agent.put<ApiError>(`/api/lead-views/${personal.body.id}`, aView("Agent personal", { shared: true }));
    expect(shareLater.status).toBe(403);
    expect(shareLater.body.code).toBe("lead_view.share_forbidden");

    const shared = await manager.post<LeadView>("/api/lead-views", aView("Team pipeline", { shared: true }));
    expect(shared.status).toBe(201);
    const seen = (await list(agent)).find((v) => v.id === shared.body.id);
    expect(seen).toMatchObject({ name: "Team pipeline", shared: true, mine: false, ownerName: "Mona Manager", canEdit: false });
    const mineFirst = await list(agent);
    expect(mineFirst.findIndex((v) => !v.mine)).toBeGreaterThan(mineFirst.findLastIndex((v) => v.mine));

    const edit = await agent.put<ApiError>(`/api/lead-views/${shared.body.id}`, aView("Hijacked", { shared: true }));
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe("lead_view.edit_forbidden");
    const del = await agent.delete<ApiError>(`/api/lead-views/${shared.body.id}`);
    expect(del.status).toBe(403);
    expect(del.body.code).toBe("lead_view.edit_forbidden");
    expect((await list(agent)).find((v) => v.id === shared.body.id)?.name).toBe("Team pipeline");

    expect((await list(admin)).find((v) => v.id === shared.body.id)?.canEdit).toBe(true);
    const adminEdit = await admin.put<LeadView>(`/api/lead-views/${shared.body.id}`, aView("Team pipeline (by admin)", { shared: true }));
    expect(adminEdit.status).toBe(200);
    expect(adminEdit.body).toMatchObject({ ownerName: "Mona Manager", mine: false, name: "Team pipeline (by admin)" });
    expect((await manager.delete(`/api/lead-views/${shared.body.id}`)).status).toBe(204);
    expect((await list(agent)).find((v) => v.id === shared.body.id)).toBeUndefined();
  });

  it("each person picks their own default view, a shared one too; it goes when the view is deleted", async () => {
    const shared = await manager.post<LeadView>("/api/lead-views", aView("Default candidate", { shared: true }));
    const own = await otherAgent.post<LeadView>("/api/lead-views", aView("Ola's default"));
    const set = await agent.put<LeadView>(`/api/lead-views/${shared.body.id}/default`);
    expect(set.status).toBe(200);
    expect(set.body.isDefault).toBe(true);
    expect((await list(agent)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([shared.body.id]);
    expect((await list(manager)).filter((v) => v.isDefault)).toEqual([]);
    expect((await otherAgent.put(`/api/lead-views/${own.body.id}/default`)).status).toBe(200);
    // someone else's personal view cannot be a default
    expect((await agent.put(`/api/lead-views/${own.body.id}/default`)).status).toBe(404);

    const mine = await agent.post<LeadView>("/api/lead-views", aView("Abe's default"));
    await agent.put(`/api/lead-views/${mine.body.id}/default`);
    expect((await list(agent)).filter((v) => v.isDefault).map((v) => v.id)).toEqual([mine.body.id]);
    expect((await agent.delete("/api/lead-views/default")).status).toBe(204);
    expect((await list(agent)).filter((v) => v.isDefault)).toEqual([]);

    expect((await otherAgent.delete(`/api/lead-views/${own.body.id}`)).status).toBe(204);
    expect((await list(otherAgent)).filter((v) => v.isDefault)).toEqual([]);
  });

  it("writes an audit row for a save, a share, a change and a delete", async () => {
    const made = await manager.post<LeadView>("/api/lead-views", aView("Audited"));
    await manager.put(`/api/lead-views/${made.body.id}`, aView("Audited", { shared: true }));
    await manager.put(`/api/lead-views/${made.body.id}`, aView("Audited again", { shared: true }));
    await manager.delete(`/api/lead-views/${made.body.id}`);
    const rows = await rawRows<{ action: string; user_email: string }>(
      rt.ctx.db,
      sql`SELECT action, user_email FROM audit_logs WHERE action LIKE 'lead_view.%' AND user_email = 'mona.views@leadwell.test' ORDER BY id DESC LIMIT 4`,
    );
    expect(rows.map((row) => row.action)).toEqual(["lead_view.delete", "lead_view.update", "lead_view.share", "lead_view.create"]);
  });
});
