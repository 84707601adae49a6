import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig, type AppConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { purgeExpiredSessionsJob } from "../../modules/auth/auth.jobs";
import { sessions } from "../../db/schema";
import { createRuntime } from "../../runtime";
import { migratedPgliteImage, migratedPostgresTemplate } from "../../test/database-templates";
import { ADMIN, createThrowawayDatabase, startTestRuntime, floorDrivers, TestClient } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";
import { defineJob } from "./job-kind";
import { startJobQueue } from "./queue";

/** Both runtimes must open the same database: a directory for PGlite, a server database for Postgres. */
async function persistentStore(driver: string) {
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!);
    return { overrides: { databaseUrl: created.url, dataDir: null }, cleanup: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-jobs-"));
  return { overrides: { databaseUrl: undefined, dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

describe.each(floorDrivers)("background jobs on %s", (driver) => {
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

describe.each(floorDrivers)("a job kind run several at once on %s", (driver) => {
  it("drains a burst within seconds, each job completing or failing on its own", async () => {
    // Each job answers its own number and which run of it this was; some refuse their first run.
    const burstJob = defineJob({
      name: "test.burst",
      payload: z.object({ n: z.number().int(), refuseFirstRun: z.boolean() }),
      handler: async (_context, { n, refuseFirstRun }, run) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (refuseFirstRun && run.attempt === 1) throw new Error(`job ${n} refused its first run`);
        return { n, run: run.attempt };
      },
      concurrency: 5,
    });
    let drop = async () => {};
    let databaseUrl: string | undefined;
    if (driver === "postgres") {
      const created = await createThrowawayDatabase(process.env.DATABASE_URL!, await migratedPostgresTemplate(process.env.DATABASE_URL!));
      databaseUrl = created.url;
      drop = created.drop;
    }
    const database = await openDatabase({ databaseUrl, dataDir: null, poolMax: 4, pgliteImage: databaseUrl ? undefined : await migratedPgliteImage() });
    // The queue's own polling interval (2 s): one job per poll would take 40 s for these 20.
    const jobs = await startJobQueue(database, [burstJob]);
    try {
      const refusing = new Set([3, 11]);
      const ids: string[] = [];
      for (let n = 0; n < 20; n++) ids.push((await jobs.send(burstJob, { n, refuseFirstRun: refusing.has(n) }, { retryLimit: 1, retryDelay: 0, retryBackoff: false }))!);
      await jobs.startWorkers({ db: database.db, config: loadConfig({ LOG_LEVEL: "silent" }), jobs, eventSubscribers: [] });

      const read = () => Promise.all(ids.map((id) => jobs.getJob(burstJob, id)));
      const settled = await waitFor(read, (states) => states.every((job) => job?.state === "completed"), 15_000);
      expect(settled.map((job) => job?.state)).toEqual(ids.map(() => "completed"));
      // A refused job alone ran again; the jobs fetched with it completed on their first run, each with its own output.
      expect(settled.map((job) => job?.output)).toEqual(ids.map((_, n) => ({ n, run: refusing.has(n) ? 2 : 1 })));
    } finally {
      await jobs.stop(5_000);
      await database.close();
      await drop();
    }
  });
});
