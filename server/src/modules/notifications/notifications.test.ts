import { describe, expect, it } from "vitest";
import type { Notification } from "@contract/notifications";
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
    await notify(suite.rt.ctx.db, [ADMIN.email], { type: "lead", message: "First", link: "/leads" });
    await suite.admin.post("/api/settings/api-keys", { label: "Zapier" }); // sends a security notification to administrators
    const list = await suite.admin.get<Notification[]>("/api/notifications");
    expect(list.body.map((n) => n.message)).toEqual([`${ADMIN.name} created the API key "Zapier" with scope leads:write`, "First"]);
    expect(list.body[0]).toMatchObject({ type: "security", link: "/settings", isRead: false, userEmail: ADMIN.email });
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
    await insertUser(suite.rt.ctx.db, { name: "Sam Staff", email: "sam@leadwell.test", passwordHash: await hashPassword("staff password 1"), role: "staff" });
    await notify(suite.rt.ctx.db, ["sam@leadwell.test"], { type: "task", message: "For Sam", link: null });
    const staff = suite.rt.client();
    await staff.post("/api/auth/login", { email: "sam@leadwell.test", password: "staff password 1" });
    expect((await staff.get<Notification[]>("/api/notifications")).body.map((n) => n.message)).toEqual(["For Sam"]);
    const other = await staff.get(`/api/notifications/${encodeURIComponent(ADMIN.email)}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: "You can only read your own notifications", code: "notification.own_only" });
    const [adminsOwn] = (await suite.admin.get<Notification[]>("/api/notifications")).body;
    expect((await staff.post(`/api/notifications/${adminsOwn!.id}/read`)).status).toBe(404);
    // An administrator may look at anyone's list.
    expect((await suite.admin.get<Notification[]>("/api/notifications/sam%40leadwell.test")).body).toHaveLength(1);
  });

  it("answers 400 naming the field for a malformed email or id", async () => {
    expect((await suite.admin.get("/api/notifications/not-an-email")).body).toMatchObject({ fields: { email: "Valid email is required" } });
    expect((await suite.admin.post("/api/notifications/abc/read")).status).toBe(400);
  });
});
