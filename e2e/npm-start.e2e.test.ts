import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Runs after e2e/global-setup.ts has built dist, so `npm start` normally finds the build current and starts at once
// (the hash of the sources decides; see scripts/build-inputs.test.ts).

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

describe("npm start", { timeout: 300_000 }, () => {
  it("serves the app, and stops gracefully when npm is sent SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-start-"));
    const port = await freePort();
    const npm = spawn("npm", ["start", "--silent"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
    try {
      const health = `http://127.0.0.1:${port}/api/health`;
      const deadline = Date.now() + 240_000;
      while (!(await healthy(health)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(await healthy(health), output).toBe(true);
      expect(existsSync(path.join(dataDir, "leadwell.lock"))).toBe(true);

      npm.kill("SIGTERM");
      await exited; // npm itself ends at once (143, as a process ended by SIGTERM)
      // The server stops too, gracefully: its shutdown path runs, nothing answers, and the data directory is free.
      const stopBy = Date.now() + 30_000;
      while (existsSync(path.join(dataDir, "leadwell.lock")) && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 100));
      expect(existsSync(path.join(dataDir, "leadwell.lock")), output).toBe(false);
      expect(output).toContain("SIGTERM received");
      expect(await healthy(health)).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
