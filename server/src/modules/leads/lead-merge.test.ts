import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Affiliate } from "@contract/affiliates";
import type { LeadMergeReply } from "@contract/lead-duplicates";
import type { CreatedLead, Lead } from "@contract/leads";
import type { TimelinePage } from "@contract/timeline";
import { rawRows } from "../../db/raw-rows";
import { signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

/* Merging two leads (issue 26.4) over HTTP: what moves, what is never counted twice, what the old id answers, and failures that write nothing. */

describe.each(testDrivers)("merging leads on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  let seq = 0;

  beforeAll(async () => {
    rt = await startTestRuntime(driver, {}, { workers: false });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => rt?.stop());

  const one = async <Row extends object>(query: ReturnType<typeof sql>) => (await rawRows<Row>(rt.ctx.db, query))[0]!;
  const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: string | number }>(query)).n);

  async function lead(fields: Record<string, unknown> = {}): Promise<CreatedLead> {
    seq += 1;
    const res = await admin.post<CreatedLead>("/api/leads", {
      businessOwnerName: "Mia",
      businessOwnerLastName: `Merge${seq}`,
      businessName: `Merge Co ${seq}`,
      email: `merge.${seq}.${driver}@example.com`,
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function partner(key: string): Promise<Affiliate> {
    const res = await rt.client().post<Affiliate>("/api/affiliates/signup", {
      name: `Partner ${key}`,
      businessName: `Partner ${key} Ltd`,
      email: `partner.${key}.${driver}@partners.test`,
      password: "secret1",
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const merge = (keptId: number, body: unknown, client = admin) => client.post<LeadMergeReply>(`/api/leads/${keptId}/merge`, body);

  /** Every counter the triggers keep, against the rows they count. */
  async function countersConsistent() {
    expect(await count(sql`SELECT coalesce(sum(n), 0) AS n FROM lead_counts`)).toBe(await count(sql`SELECT count(*) AS n FROM leads`));
    const stages = await rawRows<{ key: string; n: number; counted: number }>(
      rt.ctx.db,
      sql`SELECT g.key, g.n::int AS n, coalesce(c.n, 0)::int AS counted
          FROM (SELECT lower(coalesce(pipeline_stage, 'New')) AS key, count(*) AS n FROM leads GROUP BY 1) g
          LEFT JOIN pipeline_stage_counts c ON c.stage_key = g.key`,
    );
    expect(stages.filter((stage) => Number(stage.n) !== Number(stage.counted))).toEqual([]);
    const kpi = await one<{ counted: number; rows: number; ytd: string; summed: string }>(
      sql`SELECT (SELECT leads_with_kpi FROM kpi_totals) AS counted, (SELECT count(*) FROM kpi_metrics)::int AS rows,
                 (SELECT ytd_sum::text FROM kpi_totals) AS ytd, (SELECT coalesce(sum(ytd_revenue), 0)::numeric(18,2)::text FROM kpi_metrics) AS summed`,
    );
    expect(Number(kpi.counted)).toBe(Number(kpi.rows));
    expect(kpi.ytd).toBe(kpi.summed);
  }

  it("moves every record of the other lead to the kept one, applies the chosen fields, and counts each thing once", async () => {
    const referrer = await partner("both-a");
    const otherReferrer = await partner("both-b");
    const kept = await lead({ businessName: "Kestrel Bakery", tags: ["vip", "bakery"], affiliateCode: referrer.uniqueCode, phoneNumber: null });
    const other = await lead({
      businessName: "Kestrel Bakery S.L.",
      tags: ["Bakery", "madrid"],
      affiliateCode: otherReferrer.uniqueCode,
      phoneNumber: "+34 600 123 456",
      industry: "retail",
    });
    // Both converted, so both referrals earned a commission (pending).
    for (const id of [kept.id, other.id]) expect((await admin.put(`/api/leads/${id}`, { status: "converted" })).status).toBe(200);
    expect((await admin.put(`/api/leads/${other.id}`, { pipelineStage: "Negotiation" })).status).toBe(200);
    // KPI data on both: the kept lead's stays, the other's is never added to it.
    expect((await admin.post("/api/kpi", { email: kept.email, ytdRevenue: 1000, mrr: 100, topProducts: [] })).status).toBeLessThan(300);
    expect((await admin.post("/api/kpi", { email: other.email, ytdRevenue: 5000, mrr: 500, topProducts: [] })).status).toBeLessThan(300);
    // The other lead's records.
    expect((await admin.post("/api/tasks", { title: "Call Kestrel", leadId: other.id })).status).toBe(201);
    expect((await admin.post(`/api/leads/${other.id}/notes`, { body: "Met the owner at the fair" })).status).toBe(201);
    await rawRows(
      rt.ctx.db,
      sql`INSERT INTO lead_attachments (lead_id, file_name, content_type, size_bytes, complete) VALUES (${other.id}, 'menu.pdf', 'application/pdf', 10, true)`,
    );
    await rawRows(
      rt.ctx.db,
      sql`INSERT INTO mail_outbox (from_address, to_address, subject, text, lead_id) VALUES ('crm@leadwell.test', ${other.email}, 'Hello', 'Hi', ${other.id})`,
    );
    const otherHistory = await count(sql`SELECT count(*) AS n FROM lead_timeline WHERE lead_id = ${other.id}`);
    const keptHistory = await count(sql`SELECT count(*) AS n FROM lead_timeline WHERE lead_id = ${kept.id}`);
    const leadsBefore = await count(sql`SELECT count(*) AS n FROM leads`);
    const auditBefore = await count(sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'lead.merge'`);
    await countersConsistent();

    const res = await merge(kept.id, { otherId: other.id, fields: { phoneNumber: "other", industry: "other", pipelineStage: "other", businessName: "this" } });
    expect(res.status).toBe(200);
    expect(res.body.mergedId).toBe(other.id);
    expect(res.body.lead).toMatchObject({
      id: kept.id,
      businessName: "Kestrel Bakery",
      email: kept.email,
      phoneNumber: "+34 600 123 456",
      industry: "retail",
      pipelineStage: "Negotiation",
      tags: ["vip", "bakery", "madrid"],
      kpi: { ytdRevenue: "1000.00", mrr: "100.00" },
    });
    expect(res.body.moved).toMatchObject({ tasks: 1, notes: 1, attachments: 1, emails: 1, kpi: 0, referrals: 0, commissions: 0, timeline: otherHistory });

    // Every record is the kept lead's now, and readable through its routes.
    for (const table of ["tasks", "lead_notes", "lead_attachments", "mail_outbox"]) {
      expect(await count(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE lead_id = ${other.id}`), table).toBe(0);
      expect(await count(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE lead_id = ${kept.id}`), table).toBe(1);
    }
    const notes = await admin.get<{ body: string }[]>(`/api/leads/${kept.id}/notes`);
    expect(notes.body.map((note) => note.body)).toEqual(["Met the owner at the fair"]);
    // KPI: the kept lead's row only; the other's figures are in the merge's history, not in any total.
    expect(await count(sql`SELECT count(*) AS n FROM kpi_metrics WHERE lead_id IN (${kept.id}, ${other.id})`)).toBe(1);
    // Referral and commission: one of each, the kept lead's; the other partner's referral and commission are gone.
    const referrals = await rawRows<{ affiliateId: number }>(rt.ctx.db, sql`SELECT affiliate_id AS "affiliateId" FROM affiliate_referrals WHERE lead_id = ${kept.id}`);
    expect(referrals.map((row) => Number(row.affiliateId))).toEqual([referrer.id]);
    expect(await count(sql`SELECT count(*) AS n FROM affiliate_commissions WHERE lead_id = ${kept.id}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM affiliate_commissions WHERE affiliate_id = ${otherReferrer.id}`)).toBe(0);
    expect((await admin.get(`/api/affiliates/${otherReferrer.id}`)).body).toMatchObject({
      affiliate: { totalReferrals: 0 },
      balance: { pending: "0.00" },
      referrals: [],
    });
    // The merge's history keeps the other lead's values, KPI and referral.
    const record = await one<{ keptId: number; values: { lead: { email: string }; kpi: { ytdRevenue: string }; referral: { affiliateId: number } } }>(
      sql`SELECT kept_id AS "keptId", merged_values AS values FROM lead_merges WHERE merged_id = ${other.id}`,
    );
    expect(record).toMatchObject({ values: { lead: { email: other.email }, kpi: { ytdRevenue: "5000.00" }, referral: { affiliateId: otherReferrer.id } } });
    expect(Number(record.keptId)).toBe(kept.id);

    // The other lead left lists and counts; the counters agree with the rows.
    expect(await count(sql`SELECT count(*) AS n FROM leads`)).toBe(leadsBefore - 1);
    const listed = await admin.get<Lead[]>(`/api/leads?q=${encodeURIComponent(other.email)}`);
    expect(listed.body).toEqual([]);
    await countersConsistent();

    // One audit entry, one event, one new timeline entry (the other's history joined the kept lead's).
    expect(await count(sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'lead.merge'`)).toBe(auditBefore + 1);
    const event = await one<{ payload: Record<string, unknown> }>(sql`SELECT payload FROM event_outbox WHERE name = 'lead.merged' ORDER BY id DESC LIMIT 1`);
    expect(event.payload).toMatchObject({ leadId: kept.id, mergedId: other.id, mergedBusinessName: "Kestrel Bakery S.L." });
    const timeline = await admin.get<TimelinePage>(`/api/leads/${kept.id}/timeline?limit=100`);
    expect(timeline.body.entries).toHaveLength(keptHistory + otherHistory + 1);
    expect(timeline.body.entries[0]).toMatchObject({
      kind: "merged",
      actor: { kind: "user" },
      subject: { mergedId: other.id, businessName: "Kestrel Bakery S.L." },
    });
    expect(timeline.body.entries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: "phoneNumber", from: null, to: "+34 600 123 456" },
        { field: "tags", from: ["vip", "bakery"], to: ["vip", "bakery", "madrid"] },
      ]),
    );

    // The old id answers where it went, on the lead and its timeline; merging it again is refused the same way.
    const gone = await admin.get(`/api/leads/${other.id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: "lead_duplicates.merged_away", mergedInto: kept.id });
    for (const part of ["timeline", "duplicates", "notes", "attachments", "emails"]) {
      const read = await admin.get(`/api/leads/${other.id}/${part}`);
      expect({ part, status: read.status, body: read.body }).toMatchObject({ part, status: 410, body: { mergedInto: kept.id } });
    }
    // A write meant for the old id is refused the same way, and changes nothing.
    const write = await admin.put(`/api/leads/${other.id}`, { status: "lost" });
    expect(write.status).toBe(410);
    expect(write.body).toMatchObject({ code: "lead_duplicates.merged_away", mergedInto: kept.id });
    const removal = await admin.delete(`/api/leads/${other.id}`);
    expect(removal.status).toBe(410);
    expect(removal.body).toMatchObject({ mergedInto: kept.id });
    expect((await admin.get<{ id: number }>(`/api/leads/${kept.id}`)).status).toBe(200);
    const again = await merge(kept.id, { otherId: other.id });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ mergedInto: kept.id });
    expect((await merge(other.id, { otherId: kept.id })).status).toBe(410);
  });

  it("moves the KPI row and the referral when only the other lead has them, and a later merge re-points the old ids", async () => {
    const referrer = await partner("only-other");
    const kept = await lead();
    const other = await lead({ affiliateCode: referrer.uniqueCode });
    expect((await admin.put(`/api/leads/${other.id}`, { status: "converted" })).status).toBe(200);
    expect((await admin.post("/api/kpi", { email: other.email, ytdRevenue: 700, mrr: 70, topProducts: [] })).status).toBeLessThan(300);
    const res = await merge(kept.id, { otherId: other.id, fields: { status: "other" } });
    expect(res.status).toBe(200);
    expect(res.body.moved).toMatchObject({ kpi: 1, referrals: 1, commissions: 1 });
    expect(res.body.lead).toMatchObject({ status: "converted", kpi: { ytdRevenue: "700.00" } });
    // The kept lead's conversion did not earn the moved referral a second commission.
    expect(await count(sql`SELECT count(*) AS n FROM affiliate_commissions WHERE affiliate_id = ${referrer.id}`)).toBe(1);
    await countersConsistent();

    // The kept lead merged in turn: the first merged id now points to the newest kept lead.
    const last = await lead();
    expect((await merge(last.id, { otherId: kept.id })).status).toBe(200);
    expect((await admin.get(`/api/leads/${other.id}`)).body).toMatchObject({ mergedInto: last.id });
    expect((await admin.get(`/api/leads/${kept.id}`)).body).toMatchObject({ mergedInto: last.id });
  });

  it("takes the other lead's email when chosen", async () => {
    const kept = await lead();
    const other = await lead();
    const res = await merge(kept.id, { otherId: other.id, fields: { email: "other" } });
    expect(res.status).toBe(200);
    expect(res.body.lead.email).toBe(other.email);
  });

  it("refuses a merge with itself, an unknown lead, an unknown field and a role without the permission, writing nothing", async () => {
    const kept = await lead();
    const other = await lead();
    const before = await count(sql`SELECT (SELECT count(*) FROM leads) + (SELECT count(*) FROM lead_timeline) + (SELECT count(*) FROM audit_logs) + (SELECT count(*) FROM event_outbox) AS n`);

    const self = await merge(kept.id, { otherId: kept.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: "lead_duplicates.merge_self" });
    const unknownOther = await merge(kept.id, { otherId: 999_999_999 });
    expect(unknownOther.status).toBe(404);
    expect(unknownOther.body).toMatchObject({ code: "lead_duplicates.other_not_found" });
    expect((await merge(999_999_999, { otherId: other.id })).status).toBe(404);
    const field = await merge(kept.id, { otherId: other.id, fields: { favouriteColour: "other" } });
    expect(field.status).toBe(400);
    expect(Object.keys((field.body as unknown as { fields: Record<string, string> }).fields)).toEqual(["fields.favouriteColour"]);
    const badChoice = await merge(kept.id, { otherId: other.id, fields: { email: "both" } });
    expect(badChoice.status).toBe(400);
    for (const role of ["agent", "viewer"] as const) {
      const client = await signedInWithRole(rt, role, { name: `Merge ${role}`, email: `merge.${role}.${driver}@leadwell.test` });
      expect((await merge(kept.id, { otherId: other.id }, client)).status).toBe(403);
    }
    // Signing in the role clients wrote audit rows: compare what a merge would have written instead.
    expect(await count(sql`SELECT count(*) AS n FROM leads WHERE id IN (${kept.id}, ${other.id})`)).toBe(2);
    expect(await count(sql`SELECT count(*) AS n FROM lead_merges WHERE merged_id = ${other.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'lead.merge'`)).toBe(
      await count(sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'lead.merge' AND params->>'mergedId' <> ${String(other.id)}`),
    );
    expect(before).toBeGreaterThan(0);
  });

  it("refuses to drop a paid commission of the other lead when both were referred, and rolls back everything", async () => {
    const a = await partner("paid-a");
    const b = await partner("paid-b");
    const kept = await lead({ affiliateCode: a.uniqueCode });
    const other = await lead({ affiliateCode: b.uniqueCode });
    const task = await admin.post<{ id: number }>("/api/tasks", { title: "Stays put", leadId: other.id });
    expect((await admin.put(`/api/leads/${other.id}`, { status: "converted" })).status).toBe(200);
    await rawRows(rt.ctx.db, sql`UPDATE affiliate_commissions SET status = 'paid', paid_at = now() WHERE lead_id = ${other.id}`);
    const state = () =>
      one<{ leads: number; timeline: number; tasks: number; events: number; merges: number }>(
        sql`SELECT (SELECT count(*) FROM leads WHERE id IN (${kept.id}, ${other.id}))::int AS leads,
                   (SELECT count(*) FROM lead_timeline WHERE lead_id IN (${kept.id}, ${other.id}))::int AS timeline,
                   (SELECT count(*) FROM tasks WHERE id = ${task.body.id} AND lead_id = ${other.id})::int AS tasks,
                   (SELECT count(*) FROM event_outbox WHERE name = 'lead.merged')::int AS events,
                   (SELECT count(*) FROM lead_merges)::int AS merges`,
      );
    const before = await state();
    const res = await merge(kept.id, { otherId: other.id, fields: { businessName: "other" } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "lead_duplicates.paid_commission" });
    expect(await state()).toEqual(before);
    // The other way round keeps the paid referral.
    const reversed = await merge(other.id, { otherId: kept.id });
    expect(reversed.status).toBe(200);
    expect(await count(sql`SELECT count(*) AS n FROM affiliate_commissions WHERE lead_id = ${other.id} AND status = 'paid'`)).toBe(1);
  });

  it("rolls back a merge that fails half-way: every move, the pointer and the timeline entries are undone", async () => {
    const kept = await lead();
    const other = await lead({ businessName: "Fails When Deleted", tags: ["x"] });
    const task = await admin.post<{ id: number }>("/api/tasks", { title: "Half-way", leadId: other.id });
    expect((await admin.post(`/api/leads/${other.id}/notes`, { body: "Still here" })).status).toBe(201);
    // The database refuses to delete this lead, as a concurrent transaction would make it (serialization failure):
    // by then the merge has moved the other lead's records and written its pointer.
    await rawRows(
      rt.ctx.db,
      sql`CREATE FUNCTION lw_test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'refused on purpose' USING ERRCODE = 'serialization_failure'; END $$`,
    );
    await rawRows(
      rt.ctx.db,
      sql`CREATE TRIGGER lw_test_refuse_delete BEFORE DELETE ON leads FOR EACH ROW WHEN (OLD.business_name = 'Fails When Deleted')
          EXECUTE FUNCTION lw_test_refuse_delete()`,
    );
    const state = () =>
      one<{ timeline: number; tasks: number; notes: number; merges: number; audits: number; events: number }>(
        sql`SELECT (SELECT count(*) FROM lead_timeline WHERE lead_id = ${other.id})::int AS timeline,
                   (SELECT count(*) FROM tasks WHERE id = ${task.body.id} AND lead_id = ${other.id})::int AS tasks,
                   (SELECT count(*) FROM lead_notes WHERE lead_id = ${other.id})::int AS notes,
                   (SELECT count(*) FROM lead_merges WHERE merged_id = ${other.id})::int AS merges,
                   (SELECT count(*) FROM audit_logs WHERE action = 'lead.merge')::int AS audits,
                   (SELECT count(*) FROM event_outbox WHERE name = 'lead.merged')::int AS events`,
      );
    const before = await state();
    try {
      const res = await merge(kept.id, { otherId: other.id, fields: { tags: "other" } });
      expect(res.status).toBe(503);
      expect(await state()).toEqual(before);
      expect((await admin.get<Lead>(`/api/leads/${kept.id}`)).body.tags).toEqual([]);
    } finally {
      await rawRows(rt.ctx.db, sql`DROP TRIGGER lw_test_refuse_delete ON leads`);
      await rawRows(rt.ctx.db, sql`DROP FUNCTION lw_test_refuse_delete()`);
    }
    expect((await merge(kept.id, { otherId: other.id })).status).toBe(200);
  });
});
