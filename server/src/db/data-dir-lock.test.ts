import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock";

describe("data directory lock", () => {
  it("refuses a second holder while the first lives, and frees the directory on release", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "leadwell-lock-"));
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    writeFileSync(path.join(dir, "leadwell.lock"), String(sleeper.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Leadwell process/);
    } finally {
      sleeper.kill();
      await new Promise((r) => sleeper.once("exit", r));
    }
    // The holder died: its lock is stale and is taken over.
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, "leadwell.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "leadwell.lock"))).toBe(false);
  });
});
