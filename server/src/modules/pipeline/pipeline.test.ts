import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import type { Lead } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import type { PipelineLead, PipelineOverview, PipelineStage } from "@contract/pipeline";
import { rawRows } from "../../db/raw-rows";
import { hashPassword } from "../../lib/password";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { ADMIN, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";
import { insertUser } from "../auth/users.data";

const SAM = { name: "Sam Staff", email: "sam@leadwell.test", password: "staff password 1" };

function expectError(res: { status: number; body: unknown }, status: number, code: string, field?: string) {
  expect(res.status).toBe(status);
  const body = res.body as ApiError;
  if (field) expect(body.fieldCodes?.[field]?.code).toBe(code);
  else expect(body.code).toBe(code);
}

describe.each(testDrivers)("the productivity pipeline on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const leads: Lead[] = [];
  const stageIds: Record<string, number> = {};

  const stages = async () => (await suite.admin.get<PipelineStage[]>("/api/pipeline-stages")).body;
  const summary = async () => (await stages()).map((s) => [s.name, s.position, s.leadCount]);
  const createLead = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await suite.admin.post<Lead>("/api/leads", {
      businessOwnerName: name,
      businessOwnerLastName: "Owner",
      businessName: `${name} Ltd`,
      email: `${name.toLowerCase()}@example.test`,
      ...extra,
    });
    expect(res.status).toBe(201);
    leads.push(res.body);
    return res.body;
  };
  const move = (leadId: number, stage: string, client: TestClient = suite.admin) => client.put<Lead>(`/api/leads/${leadId}/pipeline`, { stage });

  it("counts leads without a stage in the implicit 'New' stage, with the newest three names", async () => {
    expect(await stages()).toEqual([{ id: null, name: "New", position: 0, outcome: "open", implicit: true, leadCount: 0, recentLeads: [] }]);
    for (const name of ["Alder", "Birch", "Cedar", "Dogwood"]) await createLead(name);
    const [implicit] = await stages();
    expect(implicit).toMatchObject({ name: "New", leadCount: 4 });
    expect(implicit!.recentLeads.map((l) => l.businessName)).toEqual(["Dogwood Ltd", "Cedar Ltd", "Birch Ltd"]);
  });

  it("creates stages with a default position of 1, unique names in any letter case, within the bounds", async () => {
    const qualified = await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name: "  Qualified " });
    expect(qualified.status).toBe(201);
    expect(qualified.body).toMatchObject({ name: "Qualified", position: 1, implicit: false, leadCount: 0, recentLeads: [] });
    stageIds.Qualified = qualified.body.id!;

    expectError(await suite.admin.post("/api/pipeline-stages", { name: "QUALIFIED" }), 409, "pipeline.stage_name_taken", "name");
    expect((await suite.admin.post<ApiError>("/api/pipeline-stages", { name: "qualified" })).body.error).toBe("A pipeline stage with this name already exists");
    expectError(await suite.admin.post("/api/pipeline-stages", {}), 400, "field.required", "name");
    expectError(await suite.admin.post("/api/pipeline-stages", { name: "  " }), 400, "field.required", "name");
    expectError(await suite.admin.post("/api/pipeline-stages", { name: "x".repeat(51) }), 400, "field.too_long", "name");
    expectError(await suite.admin.post("/api/pipeline-stages", { name: "Half", position: 1.5 }), 400, "field.not_integer", "position");
    expectError(await suite.admin.post("/api/pipeline-stages", { name: "Zero", position: 0 }), 400, "field.at_least", "position");
    expect((await suite.admin.post("/api/pipeline-stages", { name: "Text", position: "2" })).status).toBe(400);
    expect((await suite.admin.post("/api/pipeline-stages", { name: "x".repeat(50), position: 9 })).status).toBe(201);

    for (const [name, position] of [["Won", 3], ["Contacted", 2]] as const) {
      stageIds[name] = (await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name, position })).body.id!;
    }
    expect(await summary()).toEqual([
      ["New", 0, 4],
      ["Qualified", 1, 0],
      ["Contacted", 2, 0],
      ["Won", 3, 0],
      ["x".repeat(50), 9, 0],
    ]);
  });

  it("reorders the stages from a list of every stage", async () => {
    const long = (await stages()).find((s) => s.name.startsWith("xxx"))!;
    expect((await suite.admin.delete(`/api/pipeline-stages/${long.id}`)).body).toEqual({ ok: true });
    const order = [stageIds.Contacted!, stageIds.Qualified!, stageIds.Won!];
    const reordered = await suite.admin.put<PipelineStage[]>("/api/pipeline-stages/order", { stageIds: order });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((s) => [s.name, s.position])).toEqual([
      ["New", 0],
      ["Contacted", 1],
      ["Qualified", 2],
      ["Won", 3],
    ]);
    expectError(await suite.admin.put("/api/pipeline-stages/order", { stageIds: order.slice(1) }), 400, "pipeline.order_incomplete", "stageIds");
    expectError(await suite.admin.put("/api/pipeline-stages/order", { stageIds: [...order, order[0]] }), 400, "pipeline.order_incomplete", "stageIds");
    expectError(await suite.admin.put("/api/pipeline-stages/order", { stageIds: [...order.slice(1), 999_999] }), 400, "pipeline.order_incomplete", "stageIds");
  });

  it("moves leads between stages in any letter case, keeping the counts exact; an unknown stage answers 400 naming it", async () => {
    const [alder, birch, cedar] = leads;
    const moved = await move(alder!.id, "qualified");
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: alder!.id, pipelineStage: "Qualified" });
    await move(birch!.id, "Won");
    await move(cedar!.id, "Won");
    expect(await summary()).toEqual([
      ["New", 0, 1],
      ["Contacted", 1, 0],
      ["Qualified", 2, 1],
      ["Won", 3, 2],
    ]);
    expect((await stages()).find((s) => s.name === "Won")!.recentLeads.map((l) => l.businessName)).toEqual(["Cedar Ltd", "Birch Ltd"]);

    expectError(await move(alder!.id, "Archived"), 400, "pipeline.stage_unknown", "stage");
    expect((await move(alder!.id, "Archived")).body).toMatchObject({ error: "stage: No pipeline stage has this name", fields: { stage: "No pipeline stage has this name" } });
    expectError(await move(alder!.id, ""), 400, "field.required", "stage");
    expectError(await suite.admin.put(`/api/leads/${alder!.id}/pipeline`, {}), 400, "field.required", "stage");
    expectError(await move(999_999, "Won"), 404, "lead.not_found");

    // Back to the implicit stage: the lead has no stage again, and reads as 'New'.
    expect((await move(cedar!.id, "new")).body.pipelineStage).toBe("New");
    expect(await summary()).toEqual([
      ["New", 0, 2],
      ["Contacted", 1, 0],
      ["Qualified", 2, 1],
      ["Won", 3, 1],
    ]);
  });

  it("refuses to delete a stage that still holds leads (409), and deletes it once empty", async () => {
    expectError(await suite.admin.delete(`/api/pipeline-stages/${stageIds.Won}`), 409, "pipeline.stage_has_leads");
    expect((await stages()).some((s) => s.name === "Won")).toBe(true);
    await move(leads[1]!.id, "Contacted");
    expect((await suite.admin.delete(`/api/pipeline-stages/${stageIds.Won}`)).status).toBe(200);
    expect((await stages()).map((s) => s.name)).toEqual(["New", "Contacted", "Qualified"]);
    expectError(await suite.admin.delete(`/api/pipeline-stages/${stageIds.Won}`), 404, "pipeline.stage_not_found");
    expectError(await move(leads[1]!.id, "Won"), 400, "pipeline.stage_unknown", "stage");
  });

  it("either deletes a stage or moves a lead into it when both happen at once, never both", async () => {
    for (let round = 0; round < 4; round++) {
      const stage = (await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name: `Race ${round}` })).body;
      const [deleted, moved] = await Promise.all([suite.admin.delete(`/api/pipeline-stages/${stage.id}`), move(leads[3]!.id, stage.name)]);
      if (deleted.status === 200) expectError(moved, 400, "pipeline.stage_unknown", "stage");
      else {
        expect([deleted.status, moved.status]).toEqual([409, 200]);
        await move(leads[3]!.id, "New");
        expect((await suite.admin.delete(`/api/pipeline-stages/${stage.id}`)).status).toBe(200);
      }
      expect((await suite.admin.get<Lead>(`/api/leads/${leads[3]!.id}`)).body.pipelineStage).toBe("New");
    }
  });

  it("notifies a lead's assignee when someone else moves it", async () => {
    await insertUser(suite.rt.ctx.db, { name: SAM.name, email: SAM.email, passwordHash: await hashPassword(SAM.password), role: "manager" });
    const sam = suite.rt.client();
    await sam.post("/api/auth/login", { email: SAM.email, password: SAM.password });
    const [alder, birch] = leads;
    await suite.admin.put(`/api/leads/${alder!.id}`, { assignedTo: "SAM@leadwell.test" });
    await suite.admin.put(`/api/leads/${birch!.id}`, { assignedTo: SAM.name });
    await move(alder!.id, "Contacted");
    await move(alder!.id, "Contacted"); // already there: nothing moved, nobody told
    await move(birch!.id, "Qualified");
    await move(birch!.id, "New", sam); // Sam moving Sam's own lead tells nobody

    // Written by the notifications subscriber once the moves' events are dispatched: within a poll or two.
    const samsPipelineNotes = async () => (await sam.get<Notification[]>("/api/notifications")).body.filter((n) => n.type === "pipeline");
    let inbox = await samsPipelineNotes();
    for (let poll = 0; poll < 40 && inbox.length < 2; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      inbox = await samsPipelineNotes();
    }
    expect(inbox.map((n) => n.message)).toEqual([`${ADMIN.name} moved Birch Ltd to Qualified`, `${ADMIN.name} moved Alder Ltd to Contacted`]);
    // Each opens the lead's page.
    expect(inbox.map((n) => n.link)).toEqual([`/leads/${birch!.id}`, `/leads/${alder!.id}`]);
    expect((await suite.admin.get<Notification[]>("/api/notifications")).body.filter((n) => n.type === "pipeline")).toEqual([]);
  });

  it("pages a stage's leads for the board, newest first, with the exact count", async () => {
    for (const name of ["Elm", "Fir", "Gum"]) await createLead(name, { pipelineStage: "Contacted" });
    const first = await suite.admin.get<PipelineLead[]>("/api/pipeline/leads?stage=contacted&limit=2");
    expect(first.status).toBe(200);
    expect(first.headers["x-total-count"]).toBe("4");
    expect(first.body.map((l) => l.businessName)).toEqual(["Gum Ltd", "Fir Ltd"]);
    expect(first.body[0]).toMatchObject({ pipelineStage: "Contacted", status: "new", email: "gum@example.test", assignedTo: null });
    const second = await suite.admin.get<PipelineLead[]>(`/api/pipeline/leads?stage=contacted&limit=2&cursor=${first.headers["x-next-cursor"]}`);
    expect(second.body.map((l) => l.businessName)).toEqual(["Elm Ltd", "Alder Ltd"]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    const unstaged = await suite.admin.get<PipelineLead[]>("/api/pipeline/leads?stage=New");
    expect(unstaged.body.map((l) => [l.businessName, l.pipelineStage])).toEqual([
      ["Dogwood Ltd", "New"],
      ["Cedar Ltd", "New"],
      ["Birch Ltd", "New"],
    ]);
    const nowhere = await suite.admin.get<PipelineLead[]>("/api/pipeline/leads?stage=Nowhere");
    expect([nowhere.status, nowhere.body, nowhere.headers["x-total-count"]]).toEqual([200, [], "0"]);
    expectError(await suite.admin.get("/api/pipeline/leads"), 400, "field.required", "stage");
    expectError(await suite.admin.get("/api/pipeline/leads?stage=New&cursor=abc"), 400, "list.cursor_mismatch", "cursor");
  });

  it("keeps the stage counters equal to the leads table through creates, moves, bulk updates and deletes", async () => {
    await suite.admin.delete(`/api/leads/${leads[0]!.id}`);
    await suite.rt.ctx.db.execute(sql`UPDATE leads SET pipeline_stage = 'QUALIFIED' WHERE business_name IN ('Elm Ltd', 'Fir Ltd')`);
    await suite.rt.ctx.db.execute(sql`UPDATE leads SET phone_number = '+1 555 0100'`);
    const drift = await rawRows<{ stage_key: string }>(
      suite.rt.ctx.db,
      sql`SELECT coalesce(c.stage_key, a.stage_key) AS stage_key FROM pipeline_stage_counts c
          FULL JOIN (SELECT lw_stage_key(pipeline_stage) AS stage_key, count(*)::int AS n FROM leads GROUP BY 1) a ON a.stage_key = c.stage_key
          WHERE coalesce(c.n, 0) <> coalesce(a.n, 0)`,
    );
    expect(drift).toEqual([]);
    expect(await summary()).toEqual([
      ["New", 0, 3],
      ["Contacted", 1, 1],
      ["Qualified", 2, 2],
    ]);
  });

  it("a stored stage named 'New' takes the implicit one's place and its leads", async () => {
    const stored = await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name: "new", position: 5 });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ name: "new", leadCount: 3, implicit: false });
    expect((await stages()).map((s) => s.name)).toEqual(["Contacted", "Qualified", "new"]);
    expectError(await suite.admin.delete(`/api/pipeline-stages/${stored.body.id}`), 409, "pipeline.stage_has_leads");
  });

  it("sums up the cards: leads, tasks still to do, stored stages, the caller's unread notifications", async () => {
    await suite.admin.post("/api/tasks", { title: "Open one" });
    await suite.admin.post("/api/tasks", { title: "Done one", status: "completed" });
    const unread = (await suite.admin.get<{ unread: number }>("/api/notifications/unread-count")).body.unread;
    const overview = await suite.admin.get<PipelineOverview>("/api/pipeline/overview");
    expect(overview.body).toEqual({ totalLeads: 6, activeTasks: 1, pipelineStages: 3, unreadNotifications: unread });
  });

  it("empties the counters with the leads table when it is truncated", async () => {
    await suite.rt.ctx.db.execute(sql`TRUNCATE leads CASCADE`);
    expect(await rawRows(suite.rt.ctx.db, sql`SELECT * FROM pipeline_stage_counts`)).toEqual([]);
    expect((await stages()).map((s) => s.leadCount)).toEqual([0, 0, 0]);
  });
});

describe.each(testDrivers)("the pipeline under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("shows a restricted agent a board of their own and unassigned leads only, and moves no other lead", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.pipeline@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.pipeline@leadwell.test");
    expect((await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name: "Demo", position: 1 })).status).toBe(201);
    // In Demo: one own, the unassigned and two of the other agent's; in New: one own and one of theirs.
    const inDemo = { own: [0], unassigned: [0], others: [0, 1] };
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) =>
      scopeLeadFields(`pipe ${group} ${i}`, inDemo[group].includes(i) ? { pipelineStage: "Demo" } : {}),
    );
    const board = async (client: TestClient) =>
      (await client.get<PipelineStage[]>("/api/pipeline-stages")).body.map((s) => [s.name, s.leadCount, s.recentLeads.map((l) => l.businessName).sort()]);
    const column = async (client: TestClient, stage: string) => {
      const res = await client.get<PipelineLead[]>(`/api/pipeline/leads?stage=${stage}`);
      return [res.headers["x-total-count"], res.body.map((l) => l.businessName).sort()];
    };
    const names = (...leads: Lead[]) => leads.map((l) => l.businessName).sort();

    await setLeadAccess(suite.admin, "own");
    expect(await board(agent.client)).toEqual([
      ["New", 1, names(made.own[1]!)],
      ["Demo", 2, names(made.own[0]!, made.unassigned[0]!)],
    ]);
    expect(await column(agent.client, "Demo")).toEqual(["2", names(made.own[0]!, made.unassigned[0]!)]);
    expect(await column(agent.client, "new")).toEqual(["1", names(made.own[1]!)]);
    expect((await agent.client.get<PipelineOverview>("/api/pipeline/overview")).body.totalLeads).toBe(3);

    // Another agent's lead cannot be moved: 404, as for an unknown id, and it stays where it was.
    const theirs = made.others[2]!;
    const refused = await agent.client.put(`/api/leads/${theirs.id}/pipeline`, { stage: "Demo" });
    const unknown = await agent.client.put("/api/leads/999999/pipeline", { stage: "Demo" });
    expect([refused.status, refused.body]).toEqual([404, unknown.body]);
    expect((await suite.admin.get<Lead>(`/api/leads/${theirs.id}`)).body.pipelineStage).toBe("New");
    // Their own moves as before.
    expect((await agent.client.put<Lead>(`/api/leads/${made.own[1]!.id}/pipeline`, { stage: "Demo" })).body.pipelineStage).toBe("Demo");
    expect(await column(agent.client, "Demo")).toEqual(["3", names(made.own[0]!, made.own[1]!, made.unassigned[0]!)]);

    // An administrator's board holds every lead (a card names the newest three).
    const adminBoard = await board(suite.admin);
    expect(adminBoard).toEqual([
      ["New", 1, names(theirs)],
      ["Demo", 5, names(made.unassigned[0]!, made.others[0]!, made.others[1]!)],
    ]);
    expect((await column(suite.admin, "Demo"))[0]).toBe("5");
    expect((await suite.admin.get<PipelineOverview>("/api/pipeline/overview")).body.totalLeads).toBe(6);

    await setLeadAccess(suite.admin, "all");
    expect(await board(agent.client)).toEqual(adminBoard);
    expect(await column(agent.client, "Demo")).toEqual(await column(suite.admin, "Demo"));
    expect((await agent.client.get<PipelineOverview>("/api/pipeline/overview")).body.totalLeads).toBe(6);
  });
});
