import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NpsAnalytics, NpsInvitation, NpsSurveyDetails } from "@contract/customer-success";
import type { ApiError } from "@contract/errors";
import { auditLogs, mailOutbox, npsInvitations, npsResponses } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import type { Lead } from "@contract/leads";
import { leadsByOwner, scopeLeadFields, setLeadAccess, signedInAgent } from "../../test/lead-scope-fixture";
import { signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const tokenOf = (link: string) => link.slice(link.indexOf("#") + 1);

describe.each(testDrivers)("NPS survey links on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let leadId: number;

  const invite = async (body: Record<string, unknown> = { leadId }) => {
    const res = await suite.admin.post<NpsInvitation>("/api/nps/invitations", body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const lookup = (token: string) => suite.rt.client().post<NpsSurveyDetails>("/api/nps/survey/lookup", { token });
  const respond = (token: string, score: number, feedback?: string) => suite.rt.client().post("/api/nps/survey/respond", { token, score, feedback });
  const expectInvalid = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(404);
    expect((res.body as ApiError).code).toBe("nps.invitation_invalid");
  };

  it("creates a link for a lead, mails it, and the lead answers it once; the analytics count the answer", async () => {
    const lead = await suite.admin.post<{ id: number }>("/api/leads", {
      businessOwnerName: "Rosa",
      businessOwnerLastName: "Diaz",
      businessName: "Diaz Florist",
      email: "rosa@diazflorist.example",
    });
    expect(lead.status, lead.text).toBe(201);
    leadId = lead.body.id;

    const created = await invite({ leadId, campaignId: "spring" });
    expect(created.link).toMatch(/^https?:\/\/[^/]+\/survey#[A-Za-z0-9_-]{43}$/);
    expect(created.emailed).toBe(false);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const token = tokenOf(created.link);

    // Only the hash is stored; the lead's email is kept on the invitation.
    const [row] = await suite.rt.ctx.db.select().from(npsInvitations).where(eq(npsInvitations.id, created.id));
    expect(row).toMatchObject({ leadId, email: "rosa@diazflorist.example", tokenHash: sha256Hex(token), campaignId: "spring", usedAt: null });
    const mails = await suite.rt.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "rosa@diazflorist.example"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(created.link);
    const audit = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "nps.invitation_created"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).not.toContain(token);

    const details = await lookup(token);
    expect(details.status, details.text).toBe(200);
    expect(details.body).toEqual({ businessName: "Diaz Florist", expiresAt: created.expiresAt });

    const answered = await respond(token, 9, "  Lovely service  ");
    expect(answered.status, answered.text).toBe(201);
    const answers = await suite.rt.ctx.db.select().from(npsResponses).where(eq(npsResponses.userEmail, "rosa@diazflorist.example"));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ score: 9, feedback: "Lovely service", campaignId: "spring", surveyType: "link" });
    const analytics = await suite.admin.get<NpsAnalytics>("/api/nps/analytics");
    expect(analytics.body).toMatchObject({ total_responses: 1, promoters: 1 });
    expect(analytics.body.latest_comments[0]).toMatchObject({ user_email: "rosa@diazflorist.example", feedback: "Lovely service" });

    // Used up: the same link answers 404 to a second answer and to a lookup.
    expectInvalid(await respond(token, 3));
    expectInvalid(await lookup(token));
    expect((await suite.admin.get<NpsAnalytics>("/api/nps/analytics")).body.total_responses).toBe(1);
  });

  it("stores exactly one answer when ten answers to the same link arrive at once", async () => {
    const before = (await suite.rt.ctx.db.select().from(npsResponses)).length;
    const token = tokenOf((await invite()).link);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => respond(token, i)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 201)) expectInvalid(res);
    expect((await suite.rt.ctx.db.select().from(npsResponses)).length).toBe(before + 1);
  });

  it("answers an expired or unknown link like a used one", async () => {
    const created = await invite();
    await suite.rt.ctx.db.update(npsInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(npsInvitations.id, created.id));
    expectInvalid(await lookup(tokenOf(created.link)));
    expectInvalid(await respond(tokenOf(created.link), 5));
    expectInvalid(await lookup("not-a-real-token"));
    const [row] = await suite.rt.ctx.db.select().from(npsInvitations).where(eq(npsInvitations.id, created.id));
    expect(row!.usedAt).toBeNull();
  });

  it("refuses a bad body on the public routes", async () => {
    const token = tokenOf((await invite()).link);
    for (const body of [{ token }, { token, score: 11 }, { token, score: 2.5 }, { token, score: 7, feedback: "x".repeat(2001) }, { score: 7 }]) {
      const res = await suite.rt.client().post("/api/nps/survey/respond", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await lookup(token)).status).toBe(200);
  });

  it("answers 400 naming leadId for an unknown lead, and 403 to a viewer", async () => {
    const res = await suite.admin.post("/api/nps/invitations", { leadId: 999_999 });
    expect(res.status).toBe(400);
    const body = res.body as ApiError;
    expect(body.fields?.leadId).toEqual(expect.any(String));
    expect(body.fieldCodes?.leadId?.code).toBe("nps.lead_unknown");
    const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vera Viewer", email: "vera@leadwell.test" });
    expect((await viewer.post("/api/nps/invitations", { leadId })).status).toBe(403);
  });
});

describe.each(testDrivers)("NPS survey links under the lead access setting on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("lets a restricted agent invite their own and unassigned leads only; another agent's lead is unknown", async () => {
    const agent = await signedInAgent(suite.rt, "Dana Agent", "dana.nps@leadwell.test");
    const other = await signedInAgent(suite.rt, "Omar Agent", "omar.nps@leadwell.test");
    const made = await leadsByOwner<Lead>(suite.rt, suite.admin, { agent, other }, (group, i) => scopeLeadFields(`nps ${group} ${i}`), { own: 1, unassigned: 1, others: 1 });

    await setLeadAccess(suite.admin, "own");
    for (const lead of [made.own[0]!, made.unassigned[0]!]) {
      expect((await agent.client.post<NpsInvitation>("/api/nps/invitations", { leadId: lead.id })).status).toBe(201);
    }
    const refused = await agent.client.post("/api/nps/invitations", { leadId: made.others[0]!.id });
    const unknown = await agent.client.post("/api/nps/invitations", { leadId: 999_999 });
    expect([refused.status, refused.body]).toEqual([400, unknown.body]);
    expect(await suite.rt.ctx.db.select().from(npsInvitations).where(eq(npsInvitations.leadId, made.others[0]!.id))).toEqual([]);

    await setLeadAccess(suite.admin, "all");
    expect((await agent.client.post("/api/nps/invitations", { leadId: made.others[0]!.id })).status).toBe(201);
  });
});
