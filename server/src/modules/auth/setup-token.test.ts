import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, type AppConfig } from "../../config";
import { openDatabase } from "../../db/client";
import { createRuntime, type Runtime } from "../../runtime";
import { migratedPgliteImage, migratedPostgresTemplate } from "../../test/database-templates";
import { ADMIN, createThrowawayDatabase, TestClient, floorDrivers, type TestDriver } from "../../test/test-runtime";

/**
 * A database two app instances can open: a server database for Postgres, a directory for PGlite. Both already
 * migrated (the suites' template, which holds no staff and no token), so a server process is up in seconds.
 */
async function sharedStore(driver: TestDriver) {
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!, await migratedPostgresTemplate(process.env.DATABASE_URL!));
    return { databaseUrl: created.url, dataDir: undefined, cleanup: created.drop };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-setup-token-"));
  const seeded = await openDatabase({ dataDir, pgliteImage: await migratedPgliteImage() });
  await seeded.close();
  return { databaseUrl: undefined, dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in what the server logged; rejects if it exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

/** The real server entry point (server/src/main.ts) as its own process, logging to a pipe. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", CLIENT_DIR: "./no-client-here", ADMIN_EMAIL: "", ADMIN_PASSWORD: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    async waitFor(pattern, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > until) throw new Error(`no ${pattern} in the server's log:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

async function stopServer(started: Started) {
  if (started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once("exit", resolve));
  started.child.kill("SIGTERM");
  await exited;
}

const READY = /Leadwell ready on (http:\/\/localhost:\d+)/;
const TOKEN_LINE = /Set-up token: (\S+) \(open (http:\/\/localhost:\d+) and enter it on the set-up screen\)/;

/** The token line comes straight after the ready line when there is one; give the pipe a moment to deliver it. */
async function readyWithoutToken(server: Started): Promise<string> {
  const [, url] = await server.waitFor(READY);
  await new Promise((r) => setTimeout(r, 500));
  expect(server.output()).not.toMatch(/Set-up token/);
  return url!;
}

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe.each(floorDrivers)("the one-time set-up token on %s", (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("is kept in the database: every instance (and every restart) has the same one, and it ends with set-up", async () => {
    const store = await sharedStore(driver);
    cleanups.push(store.cleanup);
    const config: AppConfig = {
      ...loadConfig({ LOG_LEVEL: "silent" }),
      databaseUrl: store.databaseUrl,
      dataDir: store.dataDir ?? null,
      shutdownTimeoutMs: 5_000,
    };
    const started: Runtime[] = [];
    cleanups.push(async () => {
      for (const rt of started) await rt.close();
    });
    // PostgreSQL: two instances side by side. PGlite: one directory, one process at a time, so a restart.
    const first = await createRuntime(config, { workers: false });
    started.push(first);
    const token = await first.readSetupToken();
    expect(token).toBeTruthy();
    if (driver === "pglite") await first.close();
    const second = await createRuntime(config, { workers: false });
    started.push(second);
    expect(await second.readSetupToken()).toBe(token);

    const wrong = await new TestClient(second).post("/api/auth/setup", { ...ADMIN, setupToken: "not-the-token" });
    expect(wrong.status).toBe(403);
    const created = await new TestClient(second).post("/api/auth/setup", { ...ADMIN, setupToken: token });
    expect(created.status).toBe(201);
    expect(await second.readSetupToken()).toBeUndefined();
    if (driver === "postgres") {
      expect(await first.readSetupToken()).toBeUndefined();
      const late = await new TestClient(first).post("/api/auth/setup", { ...ADMIN, setupToken: token });
      expect(late.status).toBe(409);
    }
  });

  it("is printed by the server at start and accepted once through HTTP", async () => {
    const store = await sharedStore(driver);
    cleanups.push(store.cleanup);
    const env = { DATABASE_URL: store.databaseUrl ?? "", DATA_DIR: store.dataDir ?? "./unused" };

    const first = startServer(env);
    cleanups.push(() => stopServer(first));
    const [, token, url] = await first.waitFor(TOKEN_LINE);
    expect((await postJson(`${url}/api/auth/setup`, ADMIN)).status).toBe(400);
    expect((await postJson(`${url}/api/auth/setup`, { ...ADMIN, setupToken: "a-guess" })).status).toBe(403);
    expect((await postJson(`${url}/api/auth/setup`, { ...ADMIN, setupToken: token })).status).toBe(201);
    expect((await postJson(`${url}/api/auth/setup`, { ...ADMIN, setupToken: token })).status).toBe(409);
    await stopServer(first);
  });

  it("is neither printed nor needed when ADMIN_EMAIL/ADMIN_PASSWORD create the administrator", async () => {
    const store = await sharedStore(driver);
    cleanups.push(store.cleanup);
    const server = startServer({
      DATABASE_URL: store.databaseUrl ?? "",
      DATA_DIR: store.dataDir ?? "./unused",
      ADMIN_EMAIL: "env-admin@leadwell.test",
      ADMIN_PASSWORD: "from-the-environment",
    });
    cleanups.push(() => stopServer(server));
    const url = await readyWithoutToken(server);
    expect(await (await fetch(`${url}/api/auth/setup`)).json()).toEqual({ needsSetup: false });
    await stopServer(server);
  });
});
