import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Notification } from "@contract/notifications";
import { englishText, isNotificationCode, notificationMessages, type NotificationCode } from "@contract/server-messages";
import { eventOutbox, notifications } from "../../db/schema";
import { ADMIN, suiteWithAdmin, testDrivers } from "../../test/test-runtime";
import { hashPassword } from "../../lib/password";
import { insertUser } from "../auth/users.data";
import { notify } from "../../kernel/notify";

describe.each(testDrivers)("notifications on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("starts with nothing unread", async () => {
    expect((await suite.admin.get("/api/notifications/unread-count")).body).toEqual({ unread: 0 });
    expect((await suite.admin.get("/api/notifications")).body).toEqual([]);
  });

  it("lists what other areas send, newest first, and counts the unread", async () => {
    await notify(suite.rt.ctx.db, [ADMIN.email], { type: "lead", code: "lead.captured", params: { businessName: "First", email: "first@example.com" }, link: "/leads" });
    await suite.admin.post("/api/settings/api-keys", { label: "Zapier" }); // sends a security notification to administrators
    const list = await suite.admin.get<Notification[]>("/api/notifications");
    expect(list.body.map((n) => n.message)).toEqual([`${ADMIN.name} created the API key "Zapier" with scope leads:write`, "New lead captured: First (first@example.com)"]);
    expect(list.body[0]).toMatchObject({ type: "security", link: "/settings", isRead: false, userEmail: ADMIN.email });
    // What they say is a code with params, for the reader's client to render in the reader's language.
    expect(list.body.map((n) => [n.code, n.params])).toEqual([
      ["security.api_key_created", { actor: ADMIN.name, label: "Zapier", scope: "leads:write" }],
      ["lead.captured", { businessName: "First", email: "first@example.com" }],
    ]);
    expect((await suite.admin.get("/api/notifications/unread-count")).body).toEqual({ unread: 2 });
    const byEmail = await suite.admin.get<Notification[]>(`/api/notifications/${encodeURIComponent(ADMIN.email)}`);
    expect(byEmail.body).toHaveLength(2);
  });

  it("marks one, then all, as read", async () => {
    const [latest] = (await suite.admin.get<Notification[]>("/api/notifications")).body;
    const one = await suite.admin.post<Notification>(`/api/notifications/${latest!.id}/read`);
    expect(one.body).toMatchObject({ id: latest!.id, isRead: true });
    expect((await suite.admin.get("/api/notifications/unread-count")).body).toEqual({ unread: 1 });
    expect((await suite.admin.post("/api/notifications/read-all")).body).toEqual({ updated: 1 });
    expect((await suite.admin.get("/api/notifications/unread-count")).body).toEqual({ unread: 0 });
  });

  it("keeps each person's notifications their own", async () => {
    await insertUser(suite.rt.ctx.db, { name: "Sam Staff", email: "sam@leadwell.test", passwordHash: await hashPassword("staff password 1"), role: "manager" });
    await notify(suite.rt.ctx.db, ["sam@leadwell.test"], { type: "task", code: "task.due_today", params: { title: "For Sam" }, link: null });
    const staff = suite.rt.client();
    await staff.post("/api/auth/login", { email: "sam@leadwell.test", password: "staff password 1" });
    expect((await staff.get<Notification[]>("/api/notifications")).body.map((n) => n.message)).toEqual(["Task due today: For Sam"]);
    const other = await staff.get(`/api/notifications/${encodeURIComponent(ADMIN.email)}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: "You can only read your own notifications", code: "notification.own_only" });
    const [adminsOwn] = (await suite.admin.get<Notification[]>("/api/notifications")).body;
    expect((await staff.post(`/api/notifications/${adminsOwn!.id}/read`)).status).toBe(404);
    // An administrator may look at anyone's list.
    expect((await suite.admin.get<Notification[]>("/api/notifications/sam%40leadwell.test")).body).toHaveLength(1);
  });

  it("writes a sign-up's notification when its event is dispatched, retrying a failed write without undoing the sign-up", async () => {
    const partner = { name: "Ivo Isolated", businessName: "Isolated Ltd", email: "ivo@partners.test", password: "secret1" };
    const bell = async () => (await suite.admin.get<Notification[]>("/api/notifications")).body.filter((n) => n.message.startsWith("New affiliate registered: Ivo"));
    const stored = async () =>
      (await suite.rt.ctx.db.select().from(eventOutbox).where(and(eq(eventOutbox.name, "affiliate.registered"), sql`${eventOutbox.payload} ->> 'name' = ${partner.name}`)))[0];
    // The notification cannot be written, the way a full disk would refuse it.
    await suite.rt.ctx.database.executeSql(`
      CREATE FUNCTION lw_test_refuse_note() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.message LIKE 'New affiliate registered: Ivo%' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER lw_test_refuse_note BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION lw_test_refuse_note()`);
    try {
      expect((await suite.rt.client().post("/api/affiliates/signup", partner)).status).toBe(201);
      // Only the notifications subscriber's work is rolled back: the event waits for a retry, the others have handled it.
      await expect.poll(async () => (await stored())?.attempts, { timeout: 10_000 }).toBe(1);
      const failed = await stored();
      expect(failed).toMatchObject({ dispatchedAt: null, lastError: expect.stringMatching(/^notifications: /) });
      expect(failed?.deliveredTo).not.toContain("notifications");
      expect(failed?.deliveredTo).toContain("webhooks");
      expect(await bell()).toEqual([]);
    } finally {
      await suite.rt.ctx.database.executeSql("DROP TRIGGER lw_test_refuse_note ON notifications; DROP FUNCTION lw_test_refuse_note()");
    }
    // Its backoff over, the retry writes the notification once.
    await suite.rt.ctx.db.update(eventOutbox).set({ availableAt: new Date() }).where(eq(eventOutbox.name, "affiliate.registered"));
    await expect.poll(async () => (await bell()).map((n) => [n.message, n.link]), { timeout: 10_000 }).toEqual([["New affiliate registered: Ivo Isolated (Isolated Ltd)", "/affiliates"]]);
    expect((await stored())?.dispatchedAt).toBeInstanceOf(Date);
  });

  it("links a new lead from the public form to that lead's page, /leads/{id}", async () => {
    const joined = { businessOwnerName: "Nora", businessOwnerLastName: "Newlead", businessName: "Newlead Crafts", email: "nora@newlead.test" };
    expect((await suite.rt.client().post("/api/join", joined)).status).toBe(201);
    const [lead] = (await suite.admin.get<{ id: number; email: string }[]>("/api/leads?q=Newlead")).body;
    expect(lead?.email).toBe(joined.email);
    // Written by the notifications subscriber once the lead.created event is dispatched.
    const told = async () => (await suite.admin.get<Notification[]>("/api/notifications")).body.filter((n) => n.code === "lead.captured" && n.params?.email === joined.email);
    await expect.poll(async () => (await told()).map((n) => [n.message, n.link]), { timeout: 10_000 }).toEqual([
      ["New lead captured: Newlead Crafts (nora@newlead.test)", `/leads/${lead!.id}`],
    ]);
  });

  it("lists a notification stored before codes as it was written: its text, no code", async () => {
    await suite.rt.ctx.db.insert(notifications).values({ userEmail: ADMIN.email, type: "lead", message: "Written as text before codes", link: null });
    const [latest] = (await suite.admin.get<Notification[]>("/api/notifications")).body;
    expect(latest).toMatchObject({ message: "Written as text before codes", code: null, params: null });
  });

  it("stores every notification it writes with a code of the catalogue and that code's English as its message", async () => {
    const rows = await suite.rt.ctx.db.select().from(notifications).where(isNotNull(notifications.code));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      expect(isNotificationCode(row.code!), row.code!).toBe(true);
      expect(row.message).toBe(englishText(notificationMessages[row.code as NotificationCode], row.params ?? {}));
    }
  });

  it("answers 400 naming the field for a malformed email or id", async () => {
    expect((await suite.admin.get("/api/notifications/not-an-email")).body).toMatchObject({ fields: { email: "Valid email is required" } });
    expect((await suite.admin.post("/api/notifications/abc/read")).status).toBe(400);
  });
});
