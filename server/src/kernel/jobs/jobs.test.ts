import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, type AppConfig } from "../../config";
import { purgeExpiredSessionsJob } from "../../modules/auth/auth.jobs";
import { sessions } from "../../db/schema";
import { createRuntime } from "../../runtime";
import { ADMIN, createThrowawayDatabase, startTestRuntime, testDrivers, TestClient } from "../../test/test-runtime";

/** Both runtimes must open the same database: a directory for PGlite, a server database for Postgres. */
async function persistentStore(driver: string) {
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!);
    return { overrides: { databaseUrl: created.url, dataDir: null }, cleanup: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-jobs-"));
  return { overrides: { databaseUrl: undefined, dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe.each(testDrivers)("background jobs on %s", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("stores a job sent inside a transaction only when that transaction commits", async () => {
    const rt = await startTestRuntime(driver, {}, { workers: false });
    try {
      const committed = await rt.ctx.db.transaction((tx) => rt.ctx.jobs.send(purgeExpiredSessionsJob, {}, {}, tx));
      expect((await rt.ctx.jobs.getJob(purgeExpiredSessionsJob, committed!))?.state).toBe("created");
      let abandoned: string | null = null;
      const rollback = rt.ctx.db.transaction(async (tx) => {
        abandoned = await rt.ctx.jobs.send(purgeExpiredSessionsJob, {}, {}, tx);
        throw new Error("the request failed after sending");
      });
      await expect(rollback).rejects.toThrow("the request failed after sending");
      expect(abandoned).toBeTruthy();
      expect(await rt.ctx.jobs.getJob(purgeExpiredSessionsJob, abandoned!)).toBeNull();
    } finally {
      await rt.stop();
    }
  });

  it("runs a job enqueued before a restart after the restart", async () => {
    const store = await persistentStore(driver);
    cleanups.push(store.cleanup);
    const config: AppConfig = {
      ...loadConfig({ LOG_LEVEL: "silent" }),
      ...store.overrides,
      sessionTtlMs: 500,
      shutdownTimeoutMs: 5_000,
    };

    // First life: no workers, so the job can only wait in the database.
    const first = await createRuntime(config, { workers: false });
    const client = new TestClient(first);
    expect((await client.post("/api/auth/setup", { ...ADMIN, setupToken: await first.readSetupToken() })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 700)); // the session expires
    const jobId = await first.ctx.jobs.send(purgeExpiredSessionsJob, {});
    expect(jobId).toBeTruthy();
    expect((await first.ctx.jobs.getJob(purgeExpiredSessionsJob, jobId!))?.state).toBe("created");
    await first.close();

    // Second life: the worker picks the stored job up.
    const second = await createRuntime(config, { workers: true, pollingIntervalSeconds: 0.5 });
    try {
      let job: { state: string; output: unknown } | null = null;
      for (let i = 0; i < 60 && job?.state !== "completed"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        job = await second.ctx.jobs.getJob(purgeExpiredSessionsJob, jobId!);
      }
      expect(job?.state).toBe("completed");
      expect(job?.output).toEqual({ purged: 1 });
      expect(await second.ctx.db.select().from(sessions)).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
