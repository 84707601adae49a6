import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Task } from "@contract/tasks";
import { loadConfig, type AppConfig } from "../../config";
import { notifications } from "../../db/schema";
import { hashPassword } from "../../lib/password";
import { createRuntime, type Runtime } from "../../runtime";
import { ADMIN, createThrowawayDatabase, testDrivers, TestClient, type TestDriver } from "../../test/test-runtime";
import { insertUser } from "../auth/users.data";
import { taskDueRemindersJob } from "./tasks.jobs";

const SAM = { name: "Sam Staff", email: "sam@leadwell.test", password: "staff password 1" };
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Both runtimes must open the same database: a directory for PGlite, a server database for PostgreSQL. */
async function persistentStore(driver: TestDriver) {
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!);
    return { overrides: { databaseUrl: created.url, dataDir: null }, cleanup: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-reminders-"));
  return { overrides: { databaseUrl: undefined, dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Sends the reminder job through the queue, as its schedule does, and waits for a worker to finish it. */
async function runRemindersJob(rt: Runtime): Promise<unknown> {
  const jobId = await rt.ctx.jobs.send(taskDueRemindersJob, {});
  for (let i = 0; i < 80; i++) {
    const job = await rt.ctx.jobs.getJob(taskDueRemindersJob, jobId!);
    if (job?.state === "completed") return job.output;
    if (job?.state === "failed") throw new Error(`reminder job failed: ${JSON.stringify(job.output)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("reminder job did not finish");
}

/** The job's handler run directly, as a second instance's worker would run it at the same moment. */
const runHandler = (rt: Runtime) => taskDueRemindersJob.handler({ db: rt.ctx.db, config: rt.ctx.config, jobs: rt.ctx.jobs, eventSubscribers: [] }, {}, { id: "direct", attempt: 1, attemptsAllowed: 1 });

const remindersFor = (rt: Runtime, email: string) =>
  rt.ctx.db
    .select({ message: notifications.message, code: notifications.code, params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userEmail, email), eq(notifications.type, "task_reminder")));

describe.each(testDrivers)("due reminders on %s", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("tells each assignee of tasks due today and overdue once a day, across parallel runs and a restart", async () => {
    const store = await persistentStore(driver);
    cleanups.push(store.cleanup);
    const config: AppConfig = { ...loadConfig({ LOG_LEVEL: "silent" }), ...store.overrides, dbPoolMax: 4, shutdownTimeoutMs: 5_000 };

    const first = await createRuntime(config, { workers: true, pollingIntervalSeconds: 0.5 });
    const admin = new TestClient(first);
    expect((await admin.post("/api/auth/setup", { ...ADMIN, setupToken: await first.readSetupToken() })).status).toBe(201);
    const sam = await insertUser(first.ctx.db, { name: SAM.name, email: SAM.email, passwordHash: await hashPassword(SAM.password), role: "manager" });
    const create = async (title: string, fields: Record<string, unknown>) => (await admin.post<Task>("/api/tasks", { title, assigneeId: sam.id, ...fields })).body;
    const dueToday = await create("Send the quote", { dueDate: utcDay(0) });
    const overdue = await create("Call back Ana", { dueDate: utcDay(-3) });
    await create("Prepare the workshop", { dueDate: utcDay(1) });
    await create("Old and done", { dueDate: utcDay(-2), status: "completed" });
    await create("Someday", {});

    try {
      // Two instances' workers at the same moment: between them, each task is reminded once.
      const parallel = (await Promise.all([runHandler(first), runHandler(first)])) as { reminded: number }[];
      expect(parallel[0]!.reminded + parallel[1]!.reminded).toBe(2);
      expect(await runRemindersJob(first)).toMatchObject({ reminded: 0 });
      const reminders = await remindersFor(first, SAM.email);
      expect(reminders).toHaveLength(2);
      expect(reminders).toEqual(
        expect.arrayContaining([
          { message: "Task due today: Send the quote", code: "task.due_today", params: { title: "Send the quote" }, link: `/tasks?id=${dueToday.id}` },
          {
            message: `Task overdue since ${utcDay(-3)}: Call back Ana`,
            code: "task.overdue",
            params: { dueDate: utcDay(-3), title: "Call back Ana" },
            link: `/tasks?id=${overdue.id}`,
          },
        ]),
      );
    } finally {
      await first.close();
    }

    // After a restart the same day, nothing is told twice; a task that became overdue since is.
    const second = await createRuntime(config, { workers: true, pollingIntervalSeconds: 0.5 });
    try {
      expect(await runRemindersJob(second)).toMatchObject({ reminded: 0 });
      expect(await remindersFor(second, SAM.email)).toHaveLength(2);
      const adminClient = new TestClient(second);
      await adminClient.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
      await adminClient.post("/api/tasks", { title: "Renew the domain", dueDate: utcDay(-1) });
      expect(await runRemindersJob(second)).toMatchObject({ reminded: 1 });
      expect(await remindersFor(second, ADMIN.email)).toEqual([
        {
          message: `Task overdue since ${utcDay(-1)}: Renew the domain`,
          code: "task.overdue",
          params: { dueDate: utcDay(-1), title: "Renew the domain" },
          link: expect.stringMatching(/^\/tasks\?id=\d+$/),
        },
      ]);
    } finally {
      await second.close();
    }
  });
});
