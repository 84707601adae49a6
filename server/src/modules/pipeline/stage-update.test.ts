import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { ApiError } from "@contract/errors";
import type { CreatedLead, Lead } from "@contract/leads";
import type { PipelineStage } from "@contract/pipeline";
import type { TimelinePage } from "@contract/timeline";
import { rawRows } from "../../db/raw-rows";
import { signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

/*
 * Editing a stage (PUT /api/pipeline-stages/{id}): a renamed stage keeps its leads, whatever their status, each lead's
 * timeline and events say so; a won or lost outcome gives its leads that status; a refused edit changes nothing.
 */
describe.each(testDrivers)("editing a pipeline stage on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  const stages = async () => (await suite.admin.get<PipelineStage[]>("/api/pipeline-stages")).body;
  const createStage = async (name: string, position: number, outcome = "open") => {
    const res = await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name, position, outcome });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createLead = async (name: string) => {
    const res = await suite.admin.post<CreatedLead>("/api/leads", {
      businessOwnerName: name,
      businessOwnerLastName: "Owner",
      businessName: `${name} Stage Co`,
      email: `${name.toLowerCase()}@stage-edit.test`,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const move = async (id: number, stage: string) => expect((await suite.admin.put<Lead>(`/api/leads/${id}/pipeline`, { stage })).status).toBe(200);
  const lead = async (id: number) => (await suite.admin.get<Lead>(`/api/leads/${id}`)).body;
  const stageEvents = (leadId: number) =>
    rawRows<{ payload: { changedFields: string[]; status: string } }>(
      suite.rt.ctx.db,
      sql`SELECT payload FROM event_outbox WHERE name = 'lead.updated' AND (payload->>'leadId')::int = ${leadId} AND payload->'changedFields' ? 'pipelineStage' ORDER BY id`,
    );
  const audits = () => rawRows<{ code: string; params: Record<string, unknown> }>(suite.rt.ctx.db, sql`SELECT code, params FROM audit_logs WHERE action = 'pipeline.stage_update' ORDER BY id`);

  it("renames a stage with its leads in it, a converted one staying converted, each lead's timeline and events saying so", async () => {
    const proposal = await createStage("Proposal R", 1);
    const open = await createLead("Olga");
    const won = await createLead("Wes");
    await move(open, "Proposal R");
    await move(won, "Proposal R");
    // No won stage exists yet, so the converted lead stays in its open stage.
    expect((await suite.admin.put<Lead>(`/api/leads/${won}`, { status: "converted" })).status).toBe(200);
    expect((await lead(won)).pipelineStage).toBe("Proposal R");
    const auditsBefore = (await audits()).length;

    const res = await suite.admin.put<PipelineStage>(`/api/pipeline-stages/${proposal.id}`, { name: "Offer R", outcome: "open" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: proposal.id, name: "Offer R", outcome: "open", leadCount: 2 });

    expect(await lead(open)).toMatchObject({ pipelineStage: "Offer R", status: "new" });
    expect(await lead(won)).toMatchObject({ pipelineStage: "Offer R", status: "converted" });
    const names = (await stages()).map((stage) => stage.name);
    expect(names).toContain("Offer R");
    expect(names).not.toContain("Proposal R");

    const timeline = (await suite.admin.get<TimelinePage>(`/api/leads/${won}/timeline`)).body.entries;
    expect(timeline[0]).toMatchObject({
      kind: "stage",
      actor: { kind: "user" },
      changes: [{ field: "pipelineStage", from: "Proposal R", to: "Offer R" }],
      subject: { event: "renamed" },
    });
    // A move between stages is not a rename.
    expect(timeline.find((entry) => entry.kind === "stage" && entry.changes?.some((change) => change.to === "Proposal R"))?.subject).toBeNull();
    expect(timeline.filter((entry) => entry.changes?.some((change) => change.to === "Offer R"))).toHaveLength(1);
    expect((await stageEvents(won)).at(-1)?.payload).toMatchObject({ changedFields: ["pipelineStage"], status: "converted" });

    const written = (await audits()).slice(auditsBefore);
    expect(written).toEqual([{ code: "pipeline.stage_updated_plain", params: expect.objectContaining({ from: "Proposal R", name: "Offer R", moved: 2 }) }]);
  });

  it("gives the leads in a stage made won the converted status, and one made lost the lost status", async () => {
    const stage = await createStage("Signing", 2);
    const id = await createLead("Sami");
    await move(id, "Signing");
    const won = await suite.admin.put<PipelineStage>(`/api/pipeline-stages/${stage.id}`, { name: "Signing", outcome: "won" });
    expect(won.status, won.text).toBe(200);
    expect(won.body.outcome).toBe("won");
    expect(await lead(id)).toMatchObject({ pipelineStage: "Signing", status: "converted" });
    expect((await audits()).at(-1)).toMatchObject({ code: "pipeline.stage_updated", params: { moved: 0, count: 1, status: "converted" } });

    const other = await createStage("Dropped", 3);
    const dropped = await createLead("Dora");
    await move(dropped, "Dropped");
    expect((await suite.admin.put(`/api/pipeline-stages/${other.id}`, { name: "Dropped out", outcome: "lost" })).status).toBe(200);
    expect(await lead(dropped)).toMatchObject({ pipelineStage: "Dropped out", status: "lost" });
  });

  it("renames a stage of 1,500 leads: each one moves with it and gets one lead.updated event", async () => {
    const stage = await createStage("Bulk stage", 6);
    await suite.rt.ctx.database.executeSql(
      `INSERT INTO leads (business_owner_name, business_owner_last_name, business_name, email, pipeline_stage)
       SELECT 'Many', 'Owner ' || n, 'Many Co ' || n, 'many-' || n || '@stage-edit.test', 'Bulk stage' FROM generate_series(1, 1500) AS n`,
    );
    const res = await suite.admin.put<PipelineStage>(`/api/pipeline-stages/${stage.id}`, { name: "Bulk stage renamed", outcome: "open" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.leadCount).toBe(1500);
    const [moved] = await rawRows<{ leads: number; events: number }>(
      suite.rt.ctx.db,
      sql`SELECT (SELECT count(*)::int FROM leads WHERE pipeline_stage = 'Bulk stage renamed') AS leads,
                 (SELECT count(DISTINCT payload->>'leadId')::int FROM event_outbox e JOIN leads l ON l.id = (e.payload->>'leadId')::int
                   WHERE e.name = 'lead.updated' AND l.pipeline_stage = 'Bulk stage renamed' AND e.payload->'changedFields' ? 'pipelineStage') AS events`,
    );
    expect(moved).toEqual({ leads: 1500, events: 1500 });
  });

  it("refuses a name another stage has in any letter case, an empty name, an unknown stage and a member of staff without pipeline.manage, and writes nothing for an unchanged save", async () => {
    const first = await createStage("Demo booked", 4);
    await createStage("Demo done", 5);
    const id = await createLead("Dana");
    await move(id, "Demo booked");
    const auditsBefore = (await audits()).length;

    const taken = await suite.admin.put<ApiError>(`/api/pipeline-stages/${first.id}`, { name: "DEMO DONE", outcome: "won" });
    expect(taken.status).toBe(409);
    expect(taken.body.fields?.name).toEqual(expect.any(String));
    const empty = await suite.admin.put<ApiError>(`/api/pipeline-stages/${first.id}`, { name: "  ", outcome: "open" });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.name).toEqual(expect.any(String));
    expect((await suite.admin.put(`/api/pipeline-stages/999999`, { name: "Nowhere", outcome: "open" })).status).toBe(404);
    const agent = await signedInWithRole(suite.rt, "agent", { name: "Stage Agent", email: "stage-agent@stage-edit.test" });
    expect((await agent.put(`/api/pipeline-stages/${first.id}`, { name: "Agent's name", outcome: "open" })).status).toBe(403);
    // Saved without a change: answered as it is, with nothing written.
    const unchanged = await suite.admin.put<PipelineStage>(`/api/pipeline-stages/${first.id}`, { name: "Demo booked", outcome: "open" });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ id: first.id, name: "Demo booked", outcome: "open", leadCount: 1 });

    expect(await lead(id)).toMatchObject({ pipelineStage: "Demo booked", status: "new" });
    expect((await stages()).find((stage) => stage.id === first.id)).toMatchObject({ name: "Demo booked", outcome: "open", leadCount: 1 });
    expect((await audits()).length).toBe(auditsBefore);
  });
});
