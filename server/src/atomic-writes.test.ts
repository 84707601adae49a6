import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Affiliate, AffiliateDetail } from "@contract/affiliates";
import type { CreatedLead } from "@contract/leads";
import type { Notification } from "@contract/notifications";
import { auditLogs, eventOutbox } from "./db/schema";
import { suiteWithAdmin, floorDrivers, type TestClient, type TestRuntime } from "./test/test-runtime";

/*
 * A mutation writes its row, its audit record and its domain events in one transaction; the notifications follow from
 * the events once they are dispatched (the outbox). To see that from outside, a trigger refuses one audit record or
 * event the way a full disk or a lost connection would, and the answer must then leave nothing behind: the request can
 * be repeated as if it had never been made, and then its event, and from it the notification, appear once.
 */

const REFUSALS = `
  CREATE TABLE lw_test_refusals (target text NOT NULL, pattern text NOT NULL);
  CREATE FUNCTION lw_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT FROM lw_test_refusals r WHERE r.target = TG_TABLE_NAME AND to_jsonb(NEW) ->> TG_ARGV[0] LIKE r.pattern) THEN
      RAISE EXCEPTION 'refused by the test';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER lw_test_refuse BEFORE INSERT ON event_outbox FOR EACH ROW EXECUTE FUNCTION lw_test_refuse('payload');
  CREATE TRIGGER lw_test_refuse BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION lw_test_refuse('action')`;

/** While `write` runs, inserts into `target` whose column (an event's payload as text, or an action) matches `pattern` fail. */
async function refusing<T>(rt: TestRuntime, target: "event_outbox" | "audit_logs", pattern: string, write: () => Promise<T>): Promise<T> {
  await rt.ctx.database.executeSql("INSERT INTO lw_test_refusals (target, pattern) VALUES ($1, $2)", [target, pattern]);
  try {
    return await write();
  } finally {
    await rt.ctx.database.executeSql("DELETE FROM lw_test_refusals");
  }
}

const auditCount = async (rt: TestRuntime, action: string, userEmail: string) =>
  (await rt.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.action, action), eq(auditLogs.userEmail, userEmail)))).length;

/** The stored events of that name whose payload has `field` equal to `value`. */
const eventsWhere = (rt: TestRuntime, name: string, field: string, value: string) =>
  rt.ctx.db.select().from(eventOutbox).where(and(eq(eventOutbox.name, name), sql`${eventOutbox.payload} ->> ${field} = ${value}`));

/** The administrator's notifications that start with `prefix`, once the dispatcher has had a poll or two to write them. */
const bellFor = (suite: { admin: TestClient }, prefix: string) => async () =>
  (await suite.admin.get<Notification[]>("/api/notifications")).body.filter((n) => n.message.startsWith(prefix));

const partner = { name: "Refused Partner", businessName: "Refused Ltd", email: "refused@partners.test", password: "secret1" };
const joinForm = { businessOwnerName: "Rita", businessOwnerLastName: "Refused", businessName: "Refused Bakery", email: "rita@bakery.test" };

describe.each(floorDrivers)("writes that commit together or not at all on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("leaves no affiliate, no audit record and no event when the sign-up's event cannot be written", async () => {
    await suite.rt.ctx.database.executeSql(REFUSALS);
    const refused = await refusing(suite.rt, "event_outbox", `%${partner.name}%`, () => suite.rt.client().post("/api/affiliates/signup", partner));
    expect(refused.status).toBe(500);
    expect((await suite.admin.get<Affiliate[]>("/api/affiliates")).body.map((a) => a.email)).not.toContain(partner.email);
    expect(await auditCount(suite.rt, "affiliate.signup", partner.email)).toBe(0);
    expect(await eventsWhere(suite.rt, "affiliate.registered", "name", partner.name)).toEqual([]);

    // The email is not taken by a half-written sign-up: the same one succeeds with its record and its event, which the
    // dispatcher turns into one notification for the administrator.
    const again = await suite.rt.client().post<Affiliate>("/api/affiliates/signup", partner);
    expect(again.status).toBe(201);
    expect(await auditCount(suite.rt, "affiliate.signup", partner.email)).toBe(1);
    expect(await eventsWhere(suite.rt, "affiliate.registered", "name", partner.name)).toHaveLength(1);
    const bell = bellFor(suite, `New affiliate registered: ${partner.name}`);
    await expect.poll(async () => (await bell()).length, { timeout: 10_000 }).toBe(1);
  });

  it("stores no lead from the public form, and no event, when its event cannot be written", async () => {
    const refused = await refusing(suite.rt, "event_outbox", `%${joinForm.businessName}%`, () => suite.rt.client().post("/api/join", joinForm));
    expect(refused.status).toBe(500);
    expect(await auditCount(suite.rt, "lead.create", "public form")).toBe(0);
    expect(await eventsWhere(suite.rt, "lead.created", "email", joinForm.email)).toEqual([]);

    const again = await suite.rt.client().post("/api/join", joinForm);
    expect(again.status).toBe(201);
    expect(await auditCount(suite.rt, "lead.create", "public form")).toBe(1);
    expect(await eventsWhere(suite.rt, "lead.created", "email", joinForm.email)).toHaveLength(1);
    const bell = bellFor(suite, `New lead captured: ${joinForm.businessName}`);
    await expect.poll(async () => (await bell()).length, { timeout: 10_000 }).toBe(1);
  });

  it("changes no affiliate when the update's audit record cannot be written", async () => {
    const affiliate = (await suite.admin.get<Affiliate[]>("/api/affiliates")).body.find((a) => a.email === partner.email)!;
    const refused = await refusing(suite.rt, "audit_logs", "affiliate.update", () => suite.admin.put(`/api/affiliates/${affiliate.id}`, { status: "suspended" }));
    expect(refused.status).toBe(500);
    expect((await suite.admin.get<AffiliateDetail>(`/api/affiliates/${affiliate.id}`)).body.affiliate.status).toBe("active");

    const suspended = await suite.admin.put<Affiliate>(`/api/affiliates/${affiliate.id}`, { status: "suspended" });
    expect(suspended.body.status).toBe("suspended");
    await suite.admin.put(`/api/affiliates/${affiliate.id}`, { status: "active" });
  });

  it("approves no commission when the approval's audit record cannot be written", async () => {
    const affiliate = (await suite.admin.get<Affiliate[]>("/api/affiliates")).body.find((a) => a.email === partner.email)!;
    const referred = await suite.admin.post<CreatedLead>("/api/leads", {
      businessOwnerName: "Cora",
      businessOwnerLastName: "Converted",
      businessName: "Converted Co",
      email: "cora@converted.test",
      affiliateCode: affiliate.uniqueCode,
    });
    expect(referred.body.attribution).toMatchObject({ attributed: true });
    await suite.admin.put(`/api/leads/${referred.body.id}`, { status: "converted" });
    const commissionStatuses = async () => (await suite.admin.get<AffiliateDetail>(`/api/affiliates/${affiliate.id}`)).body.commissions.map((c) => c.status);
    expect(await commissionStatuses()).toEqual(["pending"]);

    const approve = () => suite.admin.post(`/api/affiliates/${affiliate.id}/commissions/approve`, {});
    expect((await refusing(suite.rt, "audit_logs", "affiliate.commissions_approve", approve)).status).toBe(500);
    expect(await commissionStatuses()).toEqual(["pending"]);
    expect((await approve()).body).toEqual({ approved: 1 });
    expect(await commissionStatuses()).toEqual(["approved"]);
  });
});
