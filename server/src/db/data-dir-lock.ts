import { execFileSync } from "node:child_process";
import { closeSync, linkSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

const LOCK_FILE = "leadwell.lock";

export class DataDirInUseError extends Error {}

/** What a lock file holds: the holder's pid and when that process started, so a reused pid is told apart. */
interface LockHolder {
  app: "leadwell";
  pid: number;
  started: string;
}

/**
 * When a live process started, as the operating system reports it, or null when no such process runs.
 * Linux: field 22 of /proc/<pid>/stat (clock ticks since boot); elsewhere `ps -o lstart=`.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && process.platform === "linux") return null;
  }
  try {
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return started || null;
  } catch {
    return null;
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (parsed.app === "leadwell" && Number.isInteger(parsed.pid) && typeof parsed.started === "string") return parsed as LockHolder;
  } catch {
    // Empty, truncated or from another program: nobody we can prove holds it.
  }
  return null;
}

/** Only a live Leadwell process holds the lock: the pid must run and have started when the lock says it did. */
const holdsLock = (holder: LockHolder | null): holder is LockHolder =>
  holder !== null && holder.pid !== process.pid && processStartTime(holder.pid) === holder.started;

/**
 * PGlite does not stop a second process from opening the same files, and two writers corrupt them. The app
 * holds this lock while it runs. A lock that is empty, unreadable, left by a process that died, or naming a pid
 * that now belongs to another program (reused after `kill -9`) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { app: "leadwell", pid: process.pid, started: processStartTime(process.pid) ?? String(Date.now()) };
  // Written whole to a private file first, then linked into place: the lock never exists half-written.
  const draft = `${file}.${process.pid}`;
  const fd = openSync(draft, "w");
  writeSync(fd, JSON.stringify(me));
  closeSync(fd);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, file);
        return () => {
          if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const holder = readHolder(file);
        if (holdsLock(holder)) {
          throw new DataDirInUseError(
            `The data directory ${dataDir} is in use by another Leadwell process (pid ${holder.pid}). Stop it first, or use another DATA_DIR.`,
          );
        }
        rmSync(file, { force: true });
      }
    }
    throw new DataDirInUseError(`Could not lock the data directory ${dataDir}`);
  } finally {
    rmSync(draft, { force: true });
  }
}
