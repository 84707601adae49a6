import { describe, expect, it } from "vitest";
import type { Affiliate, AffiliateDashboard, AffiliateDetail, AffiliateLoginResult } from "@contract/affiliates";
import type { DashboardStats } from "@contract/dashboard";
import type { ApiError } from "@contract/errors";
import type { CreatedLead, Lead, LeadSummary } from "@contract/leads";
import type { PipelineStage } from "@contract/pipeline";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

/*
 * A stage's outcome and a lead's status follow each other (issue 23.1): moving a lead into a won stage converts it
 * (and so credits its partner, once), into a lost stage loses it, back into an open stage reopens it; a status set
 * on the lead moves it to the first stage with that outcome. The dashboard's Converted always equals the leads in won
 * stages plus the converted leads outside any stage.
 */
describe.each(testDrivers)("pipeline stage outcomes on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const ids: Record<string, number> = {};
  let partner: Affiliate;
  let partnerToken: string;

  const stages = async () => (await suite.admin.get<PipelineStage[]>("/api/pipeline-stages")).body;
  const createStage = async (name: string, position: number, outcome?: string) => {
    const res = await suite.admin.post<PipelineStage>("/api/pipeline-stages", { name, position, ...(outcome ? { outcome } : {}) });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createLead = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await suite.admin.post<CreatedLead>("/api/leads", {
      businessOwnerName: name,
      businessOwnerLastName: "Owner",
      businessName: `${name} Ltd`,
      email: `${name.toLowerCase()}@outcomes.test`,
      ...extra,
    });
    expect(res.status).toBe(201);
    ids[name] = res.body.id;
    return res.body;
  };
  const move = async (name: string, stage: string) => {
    const res = await suite.admin.put<Lead>(`/api/leads/${ids[name]}/pipeline`, { stage });
    expect(res.status).toBe(200);
    return res.body;
  };
  const setLead = async (name: string, patch: Record<string, unknown>) => {
    const res = await suite.admin.put<Lead>(`/api/leads/${ids[name]}`, patch);
    expect(res.status).toBe(200);
    return res.body;
  };
  const lead = async (name: string) => (await suite.admin.get<Lead>(`/api/leads/${ids[name]}`)).body;
  const place = async (name: string) => {
    const { status, pipelineStage } = await lead(name);
    return [status, pipelineStage];
  };
  const convertedOnDashboard = async () =>
    (await suite.admin.get<DashboardStats>("/api/dashboard")).body.leadsByStatus.find((s) => s.status === "converted")!.count;

  /** Leads in won stages, and converted leads whose stage is none of the stages the board shows. */
  async function wonOnBoard() {
    const list = await stages();
    const inWonStages = list.filter((s) => s.outcome === "won").reduce((sum, s) => sum + s.leadCount, 0);
    const known = new Set(list.map((s) => s.name.toLowerCase()));
    const converted = (await suite.admin.get<LeadSummary[]>("/api/leads?status=converted&limit=500")).body;
    return inWonStages + converted.filter((l) => !known.has(l.pipelineStage.toLowerCase())).length;
  }
  const expectDashboardAgrees = async (converted: number) => {
    expect(await convertedOnDashboard()).toBe(converted);
    expect(await wonOnBoard()).toBe(converted);
  };

  const commissionsOf = async (name: string) =>
    (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${partner.id}`)).body.commissions.filter((c) => c.leadId === ids[name]).map((c) => [c.id, c.status]);
  const partnerConversions = async () =>
    (await suite.rt.client().get<AffiliateDashboard>(`/api/affiliates/${partner.id}/dashboard`, { authorization: `Bearer ${partnerToken}` })).body.conversions;
  const eventsFor = async (event: string, name: string) => {
    const { rows } = await suite.rt.ctx.database.executeSql<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM event_outbox WHERE name = $1 AND (payload->>'leadId')::int = $2 ORDER BY id",
      [event, ids[name]],
    );
    return rows.map((r) => r.payload);
  };

  it("gives every stage an outcome, open unless told, and refuses an unknown one naming the field", async () => {
    expect(await stages()).toEqual([{ id: null, name: "New", position: 0, outcome: "open", implicit: true, leadCount: 0, recentLeads: [] }]);
    expect(await createStage("Contacted", 1)).toMatchObject({ name: "Contacted", outcome: "open" });
    expect(await createStage("Proposal", 2, "open")).toMatchObject({ outcome: "open" });
    expect(await createStage("Won", 3, "won")).toMatchObject({ name: "Won", position: 3, outcome: "won", leadCount: 0 });
    await createStage("Closed - signed", 4, "won");
    await createStage("Lost", 5, "lost");

    const refused = await suite.admin.post<ApiError>("/api/pipeline-stages", { name: "Maybe", outcome: "maybe" });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldCodes?.outcome).toEqual({ code: "pipeline.invalid_outcome", params: { options: "open, won, lost" } });
    expect(refused.body.fields?.outcome).toBe("Outcome must be one of: open, won, lost");
    expect((await stages()).map((s) => [s.name, s.outcome])).toEqual([
      ["New", "open"],
      ["Contacted", "open"],
      ["Proposal", "open"],
      ["Won", "won"],
      ["Closed - signed", "won"],
      ["Lost", "lost"],
    ]);
  });

  it("converts a lead moved into a won stage, so the leads table says Converted; loses one moved into a lost stage", async () => {
    for (const name of ["Alder", "Birch", "Cedar"]) await createLead(name);
    await expectDashboardAgrees(0);

    const won = await move("Alder", "won");
    expect([won.status, won.pipelineStage]).toEqual(["converted", "Won"]);
    const table = (await suite.admin.get<LeadSummary[]>("/api/leads?status=converted")).body;
    expect(table.map((l) => [l.businessName, l.status, l.pipelineStage])).toEqual([["Alder Ltd", "converted", "Won"]]);
    // The move says what it changed, and the database records the conversion, as a status change would.
    expect((await eventsFor("lead.updated", "Alder")).map((e) => e.changedFields)).toEqual([["pipelineStage", "status"]]);
    expect(await eventsFor("lead.converted", "Alder")).toEqual([{ leadId: ids.Alder, businessName: "Alder Ltd", affiliateId: null }]);

    expect((await move("Birch", "Lost")).status).toBe("lost");
    // Between open stages the status stays as it is.
    expect((await move("Cedar", "Proposal")).status).toBe("new");
    await expectDashboardAgrees(1);
  });

  it("keeps the dashboard's Converted equal to the won stages plus converted leads outside any stage, after moves both ways", async () => {
    await move("Cedar", "Closed - signed");
    await expectDashboardAgrees(2);
    await move("Cedar", "Won"); // from one won stage to another: still converted, counted once
    expect(await place("Cedar")).toEqual(["converted", "Won"]);
    await expectDashboardAgrees(2);

    // Out of a won stage into an open one: no longer won (HubSpot's Closed Won does the same).
    const reopened = await move("Alder", "Contacted");
    expect([reopened.status, reopened.pipelineStage]).toEqual(["qualified", "Contacted"]);
    await expectDashboardAgrees(1);
    // Lost into won, and won into lost.
    expect((await move("Birch", "Won")).status).toBe("converted");
    await expectDashboardAgrees(2);
    expect((await move("Cedar", "Lost")).status).toBe("lost");
    await expectDashboardAgrees(1);
    // Back to the built-in stage, which is open.
    expect((await move("Birch", "New")).status).toBe("qualified");
    await expectDashboardAgrees(0);

    // A lead given a name no stage has is outside any stage: converting it leaves it there, and it still counts.
    await createLead("Dogwood", { pipelineStage: "Archive" });
    expect((await setLead("Dogwood", { status: "converted" })).pipelineStage).toBe("Archive");
    await expectDashboardAgrees(1);
    await move("Alder", "Won");
    await expectDashboardAgrees(2);
  });

  it("moves a lead whose status is set to converted or lost to the first stage with that outcome, and back to the first open one", async () => {
    await createLead("Elm", { pipelineStage: "Proposal" });
    // The first won stage by position: Won (3) before Closed - signed (4).
    expect(await setLead("Elm", { status: "converted" })).toMatchObject({ status: "converted", pipelineStage: "Won" });
    expect(await setLead("Elm", { status: "lost" })).toMatchObject({ status: "lost", pipelineStage: "Lost" });
    // Reopened by its status, it goes to the first open stage: the built-in New.
    expect(await setLead("Elm", { status: "contacted" })).toMatchObject({ status: "contacted", pipelineStage: "New" });
    expect((await eventsFor("lead.updated", "Elm")).map((e) => e.changedFields)).toEqual([
      ["status", "pipelineStage"],
      ["status", "pipelineStage"],
      ["status", "pipelineStage"],
    ]);

    // Reordered, the first won stage is another one.
    const order = (await stages()).filter((s) => s.id !== null);
    const byName = (name: string) => order.find((s) => s.name === name)!.id!;
    const reordered = ["Contacted", "Proposal", "Closed - signed", "Won", "Lost"].map(byName);
    expect((await suite.admin.put("/api/pipeline-stages/order", { stageIds: reordered })).status).toBe(200);
    expect(await setLead("Elm", { status: "converted" })).toMatchObject({ pipelineStage: "Closed - signed" });

    // Sent together: a won or lost stage decides the status; an open stage gives way to a converted or lost status.
    expect(await setLead("Elm", { status: "contacted", pipelineStage: "Lost" })).toMatchObject({ status: "lost", pipelineStage: "Lost" });
    expect(await setLead("Elm", { status: "converted", pipelineStage: "Proposal" })).toMatchObject({ status: "converted", pipelineStage: "Closed - signed" });
    // Put in an open stage without a new status, a converted lead is open again.
    expect(await setLead("Elm", { pipelineStage: "proposal" })).toMatchObject({ status: "qualified", pipelineStage: "proposal" });

    // New leads follow the same rule.
    expect(await createLead("Fir", { status: "lost" })).toMatchObject({ status: "lost", pipelineStage: "Lost" });
    expect(await createLead("Gum", { pipelineStage: "won" })).toMatchObject({ status: "converted", pipelineStage: "won" });
    await expectDashboardAgrees(3);
  });

  it("converts the leads already holding the name of a new won stage", async () => {
    await createLead("Hazel", { pipelineStage: "Signed" });
    await createLead("Ivy", { pipelineStage: "signed", status: "lost" });
    expect(await place("Hazel")).toEqual(["new", "Signed"]);
    expect(await createStage("Signed", 6, "won")).toMatchObject({ leadCount: 2, outcome: "won" });
    expect([await place("Hazel"), await place("Ivy")]).toEqual([
      ["converted", "Signed"],
      ["converted", "signed"],
    ]);
    await expectDashboardAgrees(5);
  });

  it("credits a referred lead moved to a won stage to its partner once, and voids the pending commission when it leaves", async () => {
    partner = (await suite.rt.client().post<Affiliate>("/api/affiliates/signup", { name: "Pat Partner", businessName: "Pat Ltd", email: "pat@partners.test", password: "secret1" })).body;
    partnerToken = (await suite.rt.client().post<AffiliateLoginResult>("/api/affiliates/login", { email: "pat@partners.test", password: "secret1" })).body.token;
    await createLead("Juniper", { affiliateCode: partner.uniqueCode });
    expect(await partnerConversions()).toBe(0);

    await move("Juniper", "Won");
    const [[commissionId, status]] = (await commissionsOf("Juniper")) as [[number, string]];
    expect(status).toBe("pending");
    expect(await partnerConversions()).toBe(1);
    await move("Juniper", "Closed - signed"); // won to won: nothing more
    expect(await commissionsOf("Juniper")).toEqual([[commissionId, "pending"]]);

    // Reopened: the conversion is undone, and the commission not yet approved or paid is voided.
    await move("Juniper", "Proposal");
    expect(await place("Juniper")).toEqual(["qualified", "Proposal"]);
    expect(await commissionsOf("Juniper")).toEqual([[commissionId, "voided"]]);
    expect(await partnerConversions()).toBe(0);
    expect((await suite.admin.get<AffiliateDetail>(`/api/affiliates/${partner.id}`)).body.affiliate.commissionEarned).toBe("0.00");

    // Won again: the same commission is owed again, never a second one.
    await move("Juniper", "Won");
    expect(await commissionsOf("Juniper")).toEqual([[commissionId, "pending"]]);
    expect(await partnerConversions()).toBe(1);
    expect((await eventsFor("commission.created", "Juniper")).map((e) => e.commissionId)).toEqual([commissionId, commissionId]);
  });

  it("credits the referral exactly once when a lead is moved to won stages twice and at the same time as its status is set", async () => {
    await createLead("Kapok", { affiliateCode: partner.uniqueCode });
    const results = await Promise.all([
      suite.admin.put<Lead>(`/api/leads/${ids.Kapok}/pipeline`, { stage: "Won" }),
      suite.admin.put<Lead>(`/api/leads/${ids.Kapok}/pipeline`, { stage: "Won" }),
      suite.admin.put<Lead>(`/api/leads/${ids.Kapok}/pipeline`, { stage: "Closed - signed" }),
      suite.admin.put<Lead>(`/api/leads/${ids.Kapok}`, { status: "converted" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [status, stage] = await place("Kapok");
    expect(status).toBe("converted");
    expect(["Won", "Closed - signed"]).toContain(stage);
    expect((await commissionsOf("Kapok")).map(([, s]) => s)).toEqual(["pending"]);
    expect(await eventsFor("commission.created", "Kapok")).toHaveLength(1);
    expect(await eventsFor("lead.converted", "Kapok")).toHaveLength(1);
    await move("Kapok", "Won");
    expect(await eventsFor("commission.created", "Kapok")).toHaveLength(1);
    expect(await partnerConversions()).toBe(2);

    // Paid, a commission stays paid whatever happens to the lead, and winning it again owes nothing more.
    expect((await suite.admin.post(`/api/affiliates/${partner.id}/commissions/approve`, {})).status).toBe(200);
    expect((await suite.admin.post(`/api/affiliates/${partner.id}/payouts`, { amount: 1000 })).status).toBe(201);
    await move("Kapok", "Contacted");
    expect((await commissionsOf("Kapok")).map(([, s]) => s)).toEqual(["paid"]);
    await move("Kapok", "Won");
    expect((await commissionsOf("Kapok")).map(([, s]) => s)).toEqual(["paid"]);
    expect(await eventsFor("commission.created", "Kapok")).toHaveLength(1);
    await expectDashboardAgrees(7);
  });
});
