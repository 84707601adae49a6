import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import type { Migration } from "@contract/migration";
import { loadConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { createRuntime, type Runtime } from "../../runtime";
import { migratedPgliteImage, migratedPostgresTemplate } from "../../test/database-templates";
import { uploadCsv } from "../../test/migration-upload";
import { ADMIN, createThrowawayDatabase, suiteWithAdmin, TestClient, floorDrivers, type TestDriver } from "../../test/test-runtime";
import { waitFor } from "../../test/wait-for";

/**
 * What both instances open: a server database for PostgreSQL, a data directory for PGlite; either already migrated
 * (from the suites' template), so that the server started as a process is up in seconds even on a busy machine.
 */
async function sharedStore(driver: TestDriver): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!, await migratedPostgresTemplate(process.env.DATABASE_URL!));
    return { env: { DATABASE_URL: created.url }, cleanup: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-migration-crash-"));
  const seeded = await openDatabase({ dataDir, pgliteImage: await migratedPgliteImage() });
  await seeded.close();
  return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

const serverEnv = (store: { env: Record<string, string> }) => ({
  ...store.env,
  ADMIN_NAME: ADMIN.name,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SESSION_SECRET: "",
  SMTP_URL: "",
  AI_BASE_URL: "",
  AI_MODEL: "",
});

/** The real server (server/src/main.ts) in its own process, so that it can be killed as a crash kills it. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", CLIENT_DIR: "./no-client-here", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 240_000;
  for (;;) {
    const ready = /Leadwell ready on (http:\/\/localhost:\d+)/.exec(output);
    if (ready) return { child, url: ready[1]!.replace("localhost", "127.0.0.1"), output: () => output };
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function kill(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** Signs in to a server started as a process; answers its session cookie. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

async function readJson<T>(url: string, cookie: string, server: { output: () => string }): Promise<T> {
  try {
    return (await (await fetch(url, { headers: { cookie } })).json()) as T;
  } catch (error) {
    throw new Error(`GET ${url} failed (${String(error)}); the server logged:\n${server.output().slice(-4000)}`);
  }
}

/** Signs in to the instance that took over (in this process). */
async function signedInTo(runtime: Runtime): Promise<TestClient> {
  const client = new TestClient(runtime);
  expect((await client.post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
  return client;
}

const stagedChunks = async (runtime: Runtime, id: number) =>
  (await rawRows<{ chunks: number }>(runtime.ctx.db, sql`SELECT count(*)::int AS chunks FROM migration_chunks WHERE migration_id = ${id}`))[0]!.chunks;

const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Cra Sh${from + i},row${from + i}@crash.test,Crash Co ${from + i},${i % 1000}\n`).join("");
const HEADER = "name,email,company,revenue\n";

describe.each(floorDrivers)("CSV imports after a crash on %s", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("resumes an import whose server was killed mid-way within 30 s of the restart, writing every row once", { timeout: 600_000 }, async () => {
    // Eight chunks of 2,000 rows: the kill comes after two are committed, with six still to go (time enough to see
    // it mid-way on a fast machine); 30,000 rows had only made the import, twice per driver, take longer.
    const ROWS = 16_000;
    const store = await sharedStore(driver);
    cleanups.push(store.cleanup);
    const env = serverEnv(store);
    const first = await startServer(env);
    cleanups.push(async () => void first.child.kill("SIGKILL"));
    const cookie = await signIn(first.url);
    const form = new FormData();
    form.append("csvFile", new Blob([HEADER + rows(0, ROWS)], { type: "text/csv" }), "crash.csv");
    const upload = await fetch(`${first.url}/api/migration/import-csv`, { method: "POST", headers: { cookie }, body: form });
    expect(upload.status).toBe(202);
    const { id } = (await upload.json()) as Migration;

    // Killed while it writes: a few batches committed, most of the file still to go.
    const midway = await waitFor(
      () => readJson<Migration>(`${first.url}/api/migration/${id}`, cookie, first),
      (migration) => migration.recordsProcessed >= 4_000 || migration.status !== "in_progress",
      120_000,
    );
    await kill(first.child);
    expect(midway).toMatchObject({ status: "in_progress" });
    expect(midway.recordsProcessed).toBeGreaterThanOrEqual(4_000);
    expect(midway.recordsProcessed).toBeLessThan(ROWS);

    const second = await createRuntime(loadConfig({ ...process.env, ...env, LOG_LEVEL: "silent" }), { pollingIntervalSeconds: 0.5 });
    const restartedAt = Date.now();
    cleanups.push(() => second.close());
    const client = await signedInTo(second);
    const stopped = (await client.get<Migration>(`/api/migration/${id}`)).body;
    expect(stopped.status).toBe("in_progress");
    const resumed = await waitFor(
      async () => (await client.get<Migration>(`/api/migration/${id}`)).body,
      (migration) => migration.recordsProcessed > stopped.recordsProcessed || migration.status !== "in_progress",
      30_000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(30_000);
    expect(resumed.recordsProcessed).toBeGreaterThan(stopped.recordsProcessed);

    const done = await waitFor(
      async () => (await client.get<Migration>(`/api/migration/${id}`)).body,
      (migration) => migration.status !== "in_progress",
      300_000,
    );
    expect(done).toMatchObject({ status: "completed", recordsTotal: ROWS, recordsProcessed: ROWS, imported: ROWS, recordsSkipped: 0, errors: 0 });
    const leads = await client.get("/api/leads?limit=1");
    expect(Number(leads.headers["x-total-count"])).toBe(ROWS);
  });

  it("expires an upload whose server was killed while receiving it, with its staged rows, and lists it as expired", { timeout: 480_000 }, async () => {
    const store = await sharedStore(driver);
    cleanups.push(store.cleanup);
    const env = serverEnv(store);
    const first = await startServer(env);
    cleanups.push(async () => void first.child.kill("SIGKILL"));
    const cookie = await signIn(first.url);

    // The file arrives slowly: 10,000 rows (five staged chunks), then the server dies before the rest.
    const boundary = "----leadwellcrash";
    const upload = httpRequest(`${first.url}/api/migration/uploads`, { method: "POST", headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` } });
    upload.on("error", () => undefined);
    upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="cut-off.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}${rows(0, 10_000)}`);
    const [receiving] = await waitFor(
      () => readJson<Migration[]>(`${first.url}/api/migration/status`, cookie, first),
      (list) => list.some((migration) => migration.status === "uploading"),
      60_000,
    );
    expect(receiving).toMatchObject({ status: "uploading", sourceFile: "cut-off.csv" });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await kill(first.child);
    upload.destroy();

    const second = await createRuntime(loadConfig({ ...process.env, ...env, LOG_LEVEL: "silent" }), { pollingIntervalSeconds: 0.5 });
    cleanups.push(() => second.close());
    const client = await signedInTo(second);
    // What the crash left: an upload nobody is receiving any more, and its staged rows.
    expect((await client.get<Migration>(`/api/migration/${receiving!.id}`)).body.status).toBe("uploading");
    expect(await stagedChunks(second, receiving!.id)).toBeGreaterThan(0);

    const expired = await waitFor(
      async () => (await client.get<Migration[]>("/api/migration/status")).body.find((migration) => migration.id === receiving!.id),
      (migration) => migration?.status !== "uploading",
      90_000,
    );
    expect(expired).toMatchObject({ status: "expired", sourceFile: "cut-off.csv", expiresAt: null, imported: 0 });
    expect(expired!.completedAt).toEqual(expect.any(String));
    expect(await stagedChunks(second, receiving!.id)).toBe(0);
    const start = await client.post<ApiError>(`/api/migration/${receiving!.id}/start`, { mapping: ["name", "email", "businessName", "revenue"] });
    expect(start.status).toBe(409);
    expect(start.body.code).toBe("migration.expired");
  });
});

describe.each(floorDrivers)("an upload not started in time on %s", (driver) => {
  const defaults = loadConfig({}).migration;
  const suite = suiteWithAdmin(driver, { migration: { ...defaults, uploadExpiryMs: 2_000 } });

  it("expires after MIGRATION_UPLOAD_EXPIRY_MINUTES with its staged rows: listed as expired, and it can no longer start", { timeout: 60_000 }, async () => {
    const uploaded = await uploadCsv(suite.admin, "/api/migration/uploads", HEADER + rows(0, 3), "later.csv");
    expect(uploaded.status, uploaded.text).toBe(201);
    const { id, createdAt, expiresAt } = uploaded.body;
    expect(Date.parse(expiresAt!) - Date.parse(createdAt)).toBeGreaterThanOrEqual(2_000);
    expect(Date.parse(expiresAt!) - Date.parse(createdAt)).toBeLessThan(10_000);
    expect(await stagedChunks(suite.rt, id)).toBe(1);

    const expired = await waitFor(
      async () => (await suite.admin.get<Migration>(`/api/migration/${id}`)).body,
      (migration) => migration.status !== "awaiting_mapping",
      30_000,
    );
    expect(expired).toMatchObject({ status: "expired", expiresAt: null, recordsTotal: 3, imported: 0 });
    expect(await stagedChunks(suite.rt, id)).toBe(0);
    const start = await suite.admin.post<ApiError>(`/api/migration/${id}/start`, { mapping: ["name", "email", "businessName", "revenue"] });
    expect(start.status).toBe(409);
    expect(start.body.code).toBe("migration.expired");

    // An upload started in time is not touched.
    const prompt = await uploadCsv(suite.admin, "/api/migration/import-csv", HEADER + rows(3, 5), "prompt.csv");
    expect(prompt.status, prompt.text).toBe(202);
    const done = await waitFor(
      async () => (await suite.admin.get<Migration>(`/api/migration/${prompt.body.id}`)).body,
      (migration) => migration.status !== "in_progress",
    );
    expect(done).toMatchObject({ status: "completed", imported: 2 });
  });
});
