import { describe, expect, it } from "vitest";
import type { DashboardStats } from "@contract/dashboard";
import type { Notification } from "@contract/notifications";
import type { PipelineStage } from "@contract/pipeline";
import type { Task } from "@contract/tasks";
import { userRoles, users } from "../server/src/db/schema";
import { ADMIN, suiteWithAdmin, testDrivers } from "../server/src/test/test-runtime";
import { seedDemo } from "./seed-demo";
import { seedDemoIssues } from "./seed-demo-issues";
import { seedDemoWork } from "./seed-demo-work";

describe.each(testDrivers)("demo stages, tasks and notifications on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("adds the demo leads' stages, tasks (recurring, overdue, done) and notifications, once", async () => {
    await seedDemo(suite.rt.ctx.db, 40);
    await seedDemoIssues(suite.rt.ctx.db);
    // Seeded before anyone signs in, the tasks wait unassigned; the next run gives them to the staff.
    const signedUp = await suite.rt.ctx.db.select().from(users);
    const roles = await suite.rt.ctx.db.select().from(userRoles);
    await suite.rt.ctx.db.delete(users);
    expect(await seedDemoWork(suite.rt.ctx.db)).toEqual({ stagesAdded: 4, tasksAdded: 14, notificationsAdded: 0, noStaff: true });
    await suite.rt.ctx.db.insert(users).overridingSystemValue().values(signedUp);
    await suite.rt.ctx.db.insert(userRoles).overridingSystemValue().values(roles);
    await suite.admin.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
    expect(await seedDemoWork(suite.rt.ctx.db)).toEqual({ stagesAdded: 0, tasksAdded: 0, notificationsAdded: 6, noStaff: false });
    expect(await seedDemoWork(suite.rt.ctx.db)).toEqual({ stagesAdded: 0, tasksAdded: 0, notificationsAdded: 0, noStaff: false });

    const stages = (await suite.admin.get<PipelineStage[]>("/api/pipeline-stages")).body;
    expect(stages.map((s) => s.name)).toEqual(["New", "Contacted", "Proposal", "Won", "Lost"]);
    expect(stages.reduce((sum, s) => sum + s.leadCount, 0)).toBe(40);
    // Won and Lost hold exactly the demo's converted and lost leads: the board and the dashboard agree.
    expect(stages.map((s) => s.outcome)).toEqual(["open", "open", "open", "won", "lost"]);
    const byStatus = (await suite.admin.get<DashboardStats>("/api/dashboard")).body.leadsByStatus;
    const countOf = (status: string) => byStatus.find((s) => s.status === status)?.count;
    expect([countOf("converted"), countOf("lost")]).toEqual([stages[3]!.leadCount, stages[4]!.leadCount]);

    const all = (await suite.admin.get<Task[]>("/api/tasks?limit=200")).body;
    expect(all).toHaveLength(14);
    expect(all.filter((t) => t.recurring).map((t) => t.recurrence).sort()).toEqual(["daily", "monthly", "weekly"]);
    expect((await suite.admin.get<Task[]>("/api/tasks?due=overdue")).body.length).toBeGreaterThanOrEqual(3);
    expect(all.filter((t) => t.status === "completed")).toHaveLength(2);
    expect(all.every((t) => t.assignee !== null)).toBe(true);
    expect(all.find((t) => t.title === "Confirm the CSV export fix with the reporter")?.issueId).toEqual(expect.any(Number));

    const bell = (await suite.admin.get<Notification[]>("/api/notifications")).body;
    expect(bell[0]?.message).toMatch(/^Task overdue since \d{4}-\d{2}-\d{2}: Renew the trade-show booth booking$/);
    // Each as a code with params, so the bell reads it in the reader's language.
    expect(bell[0]).toMatchObject({ code: "task.overdue", params: { dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), title: "Renew the trade-show booth booking" } });
    expect(bell.every((n) => n.code !== null)).toBe(true);
    expect((await suite.admin.get("/api/notifications/unread-count")).body).toEqual({ unread: 4 });
  });
});
