import { spawn, type ChildProcessByStdio } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildInputsHash } from "../scripts/build-inputs.mjs";

/** Where scripts/build.mjs records the hash of the sources dist was built from (scripts/ensure-build.mjs reads it). */
const BUILD_STAMP = "dist/.build-stamp";

// The first test runs after e2e/global-setup.ts has built dist, so `npm start` normally finds the build current and
// starts at once (the hash of the sources decides; see scripts/build-inputs.test.ts).

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** The environment of a person's shell: no test runner's NODE_ENV or Vitest variables. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST")));
  return { ...env, ...extra };
}

/**
 * `npm start` in `cwd`; with `terminal`, under a pseudo-terminal (util-linux `script`), as when run from a shell: what
 * is written to its input is typed at that terminal.
 */
function npmStart(cwd: string, env: NodeJS.ProcessEnv, terminal = false) {
  const child: ChildProcessByStdio<Writable, Readable, Readable> = terminal
    ? spawn("script", ["-qfec", "npm start --silent", "/dev/null"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] })
    : spawn("npm", ["start", "--silent"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
  const started = { child, output: "", exited: new Promise<void>((resolve) => child.once("exit", () => resolve())) };
  child.stdout.on("data", (chunk: Buffer) => (started.output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (started.output += chunk.toString()));
  return started;
}

async function waitHealthy(url: string) {
  const deadline = Date.now() + 240_000;
  while (!(await healthy(url)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
}

async function waitReleased(dataDir: string) {
  const stopBy = Date.now() + 30_000;
  while (existsSync(path.join(dataDir, "leadwell.lock")) && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 100));
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

describe("npm start", { timeout: 300_000 }, () => {
  it("serves the app, writes its log as JSON lines when its output is not a terminal, and stops gracefully when npm is sent SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-start-"));
    const port = await freePort();
    const npm = npmStart(process.cwd(), { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info" });
    try {
      const health = `http://127.0.0.1:${port}/api/health`;
      await waitHealthy(health);
      expect(await healthy(health), npm.output).toBe(true);
      expect(existsSync(path.join(dataDir, "leadwell.lock"))).toBe(true);
      // Piped, as under systemd or a container runtime: one JSON object a line, for the log collector.
      const ready = npm.output.split("\n").find((line) => line.includes("Leadwell ready on"));
      expect(JSON.parse(ready ?? "null"), npm.output).toMatchObject({ level: 30, msg: expect.stringContaining(`Leadwell ready on http://localhost:${port}`) });

      npm.child.kill("SIGTERM");
      await npm.exited; // npm itself ends at once (143, as a process ended by SIGTERM)
      // The server stops too, gracefully: its shutdown path runs, nothing answers, and the data directory is free.
      await waitReleased(dataDir);
      expect(existsSync(path.join(dataDir, "leadwell.lock")), npm.output).toBe(false);
      expect(npm.output).toContain("SIGTERM received");
      expect(await healthy(health)).toBe(false);
    } finally {
      if (npm.child.exitCode === null) npm.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("starts without building again right after `npm run build`, and prints readable log lines to a terminal", async () => {
    // The dist served here is the one `npm run build` made before the browser tests: e2e/global-setup.ts runs it
    // (through scripts/ensure-build.mjs) when dist is not the build of these sources, and .ci/run's second pass runs
    // it itself, as a person would. A second build in a copy of the sources had cost this file most of its time.
    const built = existsSync(BUILD_STAMP) ? readFileSync(BUILD_STAMP, "utf8").trim() : "";
    expect(built, "dist is not the build of these sources: was a file edited after the browser tests' set-up built it?").toBe(buildInputsHash());
    const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-built-"));
    let npm: ReturnType<typeof npmStart> | undefined;
    try {
      const port = await freePort();
      npm = npmStart(process.cwd(), shellEnv({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info" }), true);
      const health = `http://127.0.0.1:${port}/api/health`;
      await waitHealthy(health);
      expect(await healthy(health), npm.output).toBe(true);
      const output = npm.output.replace(ANSI, "").replace(/\r/g, "");
      expect(output).not.toContain("Building Leadwell");
      // A person's terminal: time, level and message on one line, no JSON.
      expect(output).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: Leadwell ready on http://localhost:${port} `, "m"));
      expect(output.split("\n").filter((line) => line.trimStart().startsWith("{"))).toEqual([]);

      // Ctrl-C at that terminal stops the server gracefully.
      npm.child.stdin.write("\x03");
      await npm.exited;
      await waitReleased(dataDir);
      expect(existsSync(path.join(dataDir, "leadwell.lock")), npm.output).toBe(false);
      expect(npm.output.replace(ANSI, "")).toMatch(/INFO: SIGINT received/);
    } finally {
      if (npm?.child.exitCode === null) npm.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
