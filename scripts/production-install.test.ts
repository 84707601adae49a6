import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("a production install (npm ci --omit=dev)", () => {
  it("installs what `npm start` loads: pino-pretty for a terminal's readable log, not the test tools", { timeout: 120_000 }, async () => {
    // npm's own plan for this lock file, without downloading anything: one "add <name> <version>" line per package.
    const dir = mkdtempSync(path.join(tmpdir(), "leadwell-prod-install-"));
    try {
      for (const file of ["package.json", "package-lock.json"]) copyFileSync(file, path.join(dir, file));
      const { stdout } = await promisify(execFile)("npm", ["ci", "--omit=dev", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], {
        cwd: dir,
        maxBuffer: 16 * 1024 * 1024,
      });
      const added = new Set([...stdout.matchAll(/^add (\S+) /gm)].map((match) => match[1]));
      expect(added.has("fastify"), stdout).toBe(true);
      expect(added.has("pino-pretty"), stdout).toBe(true);
      expect(added.has("vitest")).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
