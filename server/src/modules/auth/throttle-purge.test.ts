import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signedInAdmin, startTestRuntime, testDrivers, type TestRuntime } from "../../test/test-runtime";
import { purgeExpiredThrottlesJob } from "../../kernel/http/throttle.jobs";
import type { JobKind } from "../../kernel/jobs/job-kind";
import { purgeExpiredAffiliateTokensJob } from "../affiliates/affiliates.jobs";

const ATTACKER = "203.0.113.9";

async function login(rt: TestRuntime, url: string, body: unknown, ip: string) {
  const res = await rt.app.inject({ method: "POST", url, payload: body as object, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as { token?: string; affiliate?: { id: number } } };
}

async function runJob(rt: TestRuntime, kind: JobKind): Promise<{ state: string; output: unknown } | null> {
  const id = await rt.ctx.jobs.send(kind, {});
  let job: { state: string; output: unknown } | null = null;
  for (let i = 0; i < 80 && job?.state !== "completed" && job?.state !== "failed"; i++) {
    await new Promise((r) => setTimeout(r, 250));
    job = await rt.ctx.jobs.getJob(kind, id!);
  }
  return job;
}

describe.each(testDrivers)("purging expired throttle rows and partner tokens on %s", (driver) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    await signedInAdmin(rt);
  });
  afterAll(() => rt.stop());

  it("removes counters whose window is over and expired tokens, and keeps the live ones working", async () => {
    // A lock in force, made the way an attacker would.
    for (let i = 0; i < 8; i++) expect((await login(rt, "/api/auth/login", { email: ADMIN.email, password: `wrong ${i}` }, ATTACKER)).status).toBe(401);
    const rows: [string, string, string | null][] = [
      ["test:window-over", "now() - interval '2 hours'", null],
      ["test:lock-over", "now() - interval '2 hours'", "now() - interval '1 minute'"],
      ["test:window-live", "now() - interval '1 minute'", null],
      ["test:old-window-still-locked", "now() - interval '2 hours'", "now() + interval '10 minutes'"],
    ];
    for (const [key, windowStart, lockedUntil] of rows) {
      await rt.ctx.database.executeSql(`INSERT INTO login_throttle (key, failures, window_started_at, locked_until) VALUES ($1, 3, ${windowStart}, ${lockedUntil ?? "NULL"})`, [key]);
    }

    const partner = { name: "Pat Purge", businessName: "Purge Ltd", email: "pat.purge@partners.test", password: "secret1" };
    expect((await rt.app.inject({ method: "POST", url: "/api/affiliates/signup", payload: partner, remoteAddress: "198.51.100.1" })).statusCode).toBe(201);
    const expired = await login(rt, "/api/affiliates/login", partner, "198.51.100.1");
    const live = await login(rt, "/api/affiliates/login", partner, "198.51.100.1");
    await rt.ctx.database.executeSql("UPDATE affiliate_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [expired.body.token]);

    const throttleJob = await runJob(rt, purgeExpiredThrottlesJob);
    expect(throttleJob?.state).toBe("completed");
    expect(throttleJob?.output).toEqual({ throttles: 2 });
    const tokenJob = await runJob(rt, purgeExpiredAffiliateTokensJob);
    expect(tokenJob?.state).toBe("completed");
    expect(tokenJob?.output).toEqual({ affiliateTokens: 1 });

    const { rows: left } = await rt.ctx.database.executeSql<{ key: string }>("SELECT key FROM login_throttle WHERE key LIKE 'test:%' ORDER BY key", []);
    expect(left.map((r) => r.key)).toEqual(["test:old-window-still-locked", "test:window-live"]);
    // What a client sees: the lock still holds, and the live partner token still opens the portal.
    expect((await login(rt, "/api/auth/login", { email: ADMIN.email, password: ADMIN.password }, ATTACKER)).status).toBe(429);
    const dashboard = (token: string | undefined) =>
      rt.app.inject({ method: "GET", url: `/api/affiliates/${live.body.affiliate!.id}/dashboard`, headers: { authorization: `Bearer ${token}` } });
    expect((await dashboard(live.body.token)).statusCode).toBe(200);
    expect((await dashboard(expired.body.token)).statusCode).toBe(401);
  });
});
