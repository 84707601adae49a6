import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir, processStartTime } from "./data-dir-lock";

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill();
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
  }
});

/** A live process that is not Leadwell, standing in for a program that reused a dead server's pid. */
function otherProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
  children.push(child);
  return child.pid!;
}

const newDir = () => mkdtempSync(path.join(tmpdir(), "leadwell-lock-"));
const lockFile = (dir: string) => path.join(dir, "leadwell.lock");
const writeLock = (dir: string, pid: number, started: string | null) =>
  writeFileSync(lockFile(dir), JSON.stringify({ app: "leadwell", pid, started }));

describe("data directory lock", () => {
  it("refuses a second holder while a live Leadwell process holds it, and frees the directory on release", () => {
    const dir = newDir();
    const holder = otherProcess();
    // The lock names a live process with its real start time: that is a running Leadwell as far as anyone can tell.
    writeLock(dir, holder, processStartTime(holder));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another Leadwell process \\(pid ${holder}\\)`));

    writeLock(dir, 2 ** 22 + 7, "12345"); // no such process: the holder died
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8"))).toMatchObject({ app: "leadwell", pid: process.pid });
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it("takes over an empty lock file", () => {
    const dir = newDir();
    writeFileSync(lockFile(dir), "");
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock whose pid now belongs to another program (reused after kill -9)", () => {
    const dir = newDir();
    const stranger = otherProcess();
    writeLock(dir, stranger, "a start time that is not this process's");
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock in the old format (a bare pid of a live program that cannot be proven to be Leadwell)", () => {
    const dir = newDir();
    writeFileSync(lockFile(dir), String(otherProcess()));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("reports a start time for a live process and none for a pid that does not run", () => {
    expect(processStartTime(process.pid)).toMatch(/\S/);
    expect(processStartTime(2 ** 22 + 7)).toBeNull();
  });
});
