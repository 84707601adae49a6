/**
 * Where a scenario's CPU goes. The server, PostgreSQL and the load generator share this machine, so a side's
 * requests per second is bounded by the CPU one request costs all of them together, not by the server alone. The
 * bench reads each one's CPU time around every measured run and divides by the requests the run completed:
 *
 * - *server*: the built server's process (all its threads), from /proc/<pid>/stat;
 * - *PostgreSQL*: every process named `postgres` (the backends serving both sides and the background workers);
 * - *client*: the bench's own process: autocannon's HTTP client on the API side, the pg pool's loops on the raw side.
 *
 * Linux only (procfs); elsewhere the figures are left out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface CpuReading {
  server: number;
  /** Each postgres process's CPU so far, by pid: a backend that ends between two readings takes its time with it. */
  postgres: Map<string, number>;
  client: number;
}

/** Microseconds of CPU one request cost each process, over a run. */
export interface CpuPerRequest {
  server: number;
  postgres: number;
  client: number;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in microseconds (fields 14 and 15 of its stat line; the name in field 2 may hold spaces). */
function processMicros(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
  } catch {
    return 0; // the process ended between the listing and the read
  }
}

function postgresMicros(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") byPid.set(pid, processMicros(pid));
    } catch {
      // gone already
    }
  }
  return byPid;
}

/**
 * The postgres processes' CPU between two readings: what each one still running used since the first (all of it for
 * one started since). One that ended in between is left out, its last moments uncounted, rather than subtracting
 * everything it had used before.
 */
function postgresBetween(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}

/** The CPU used so far by the server (`serverPid`), PostgreSQL and this process; null where procfs is missing. */
export function readCpu(serverPid: number | undefined): CpuReading | null {
  if (!existsSync("/proc/self/stat")) return null;
  const own = process.cpuUsage();
  return { server: serverPid ? processMicros(serverPid) : 0, postgres: postgresMicros(), client: own.user + own.system };
}

/** The CPU between two readings, per completed request. */
export function cpuPerRequest(before: CpuReading | null, after: CpuReading | null, requests: number): CpuPerRequest | undefined {
  if (!before || !after || requests <= 0) return undefined;
  return {
    server: (after.server - before.server) / requests,
    postgres: postgresBetween(before.postgres, after.postgres) / requests,
    client: (after.client - before.client) / requests,
  };
}

export const cpuTotal = (cpu: CpuPerRequest): number => cpu.server + cpu.postgres + cpu.client;
