import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "../../db/raw-rows";
import { ADMIN, signedInAdmin, startTestRuntime, floorDrivers, type TestRuntime } from "../test-runtime";
import { nonCanonicalSpellings } from "./path-spellings";

/**
 * The path-spelling half of the fuzz suite: every route the server registers under /api (the route table, so a route
 * added later is covered without touching this file), each written in every non-canonical way path-spellings.ts
 * knows, sent as raw bytes over a socket (an HTTP client library would tidy `/./` and `\` away before sending).
 * Without credentials a guarded route answers 401 whatever its spelling and a public one 400; signed in as an
 * administrator every such spelling answers 400 naming the path, reaches no handler and writes nothing.
 */
const sampleParams: Record<string, string> = { id: "1", email: "someone%40leadwell.test", provider: "oidc", "*": "index.html" };
const concretePath = (url: string) => url.replace(/:([A-Za-z_]+)|\*/g, (m, name: string | undefined) => sampleParams[name ?? m] ?? "x1");

interface RawAnswer {
  status: number;
  body: { code?: string; fields?: Record<string, string> } | undefined;
}

describe.each(floorDrivers)("path spellings on %s", (driver) => {
  let rt: TestRuntime;
  let origin: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    await signedInAdmin(rt);
    await rt.app.listen({ host: "127.0.0.1", port: 0 });
    origin = `http://127.0.0.1:${(rt.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await rt.stop();
  });

  /** Sends the path exactly as written (Node's client checks only for characters HTTP forbids). */
  function send(method: string, path: string, cookie?: string): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const body = method === "GET" || method === "DELETE" ? undefined : "{}";
      const req = http.request(`${origin}/`, { method, path, agent, headers: { ...(cookie ? { cookie } : {}), ...(body ? { "content-type": "application/json" } : {}) } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let parsed: RawAnswer["body"];
          try {
            parsed = JSON.parse(text) as RawAnswer["body"];
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  async function signIn(): Promise<string> {
    const res = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("leadwell_session="));
    return cookie!.split(";")[0]!;
  }

  const auditRows = async () => Number((await rawRows<{ n: string }>(rt.ctx.db, sql`SELECT count(*) AS n FROM audit_logs`))[0]!.n);

  it("answers 401 for every spelling of a guarded route and 400 for a public one, without credentials", { timeout: 10 * 60_000 }, async () => {
    const routes = rt.routes;
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const spellings = nonCanonicalSpellings(concretePath(route.url));
      expect(spellings.length).toBeGreaterThanOrEqual(10);
      const answers = await Promise.all(spellings.map(async (s) => ({ s, answer: await send(route.method, s.path) })));
      sent += answers.length;
      for (const { s, answer } of answers) {
        const expected = route.public ? { status: 400, code: "request.non_canonical_path" } : { status: 401, code: "request.unauthorized" };
        if (answer.status !== expected.status || answer.body?.code !== expected.code) {
          wrong.push(`${route.method} ${route.url} as ${s.form} (${s.path}): ${answer.status} ${answer.body?.code ?? ""}, expected ${expected.status} ${expected.code}`);
        }
      }
    }
    console.log(`path spellings on ${driver}: ${sent} requests without credentials to ${routes.length} routes`);
    expect(wrong).toEqual([]);
  });

  it("answers 400 naming the path for every non-canonical spelling of every route signed in, and writes nothing", { timeout: 10 * 60_000 }, async () => {
    const cookie = await signIn();
    const before = await auditRows();
    const wrong: string[] = [];
    let sent = 0;
    // Logging out would end the session the walk relies on; its spellings never reach it anyway, but keep it last.
    const routes = [...rt.routes].sort((a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")));
    for (const route of routes) {
      const spellings = nonCanonicalSpellings(concretePath(route.url));
      const answers = await Promise.all(spellings.map(async (s) => ({ s, answer: await send(route.method, s.path, cookie) })));
      sent += answers.length;
      for (const { s, answer } of answers) {
        if (answer.status !== 400 || answer.body?.code !== "request.non_canonical_path" || !answer.body.fields?.path) {
          wrong.push(`${route.method} ${route.url} as ${s.form} (${s.path}): ${answer.status} ${answer.body?.code ?? ""}`);
        }
      }
    }
    console.log(`path spellings on ${driver}: ${sent} requests signed in to ${routes.length} routes`);
    expect(wrong).toEqual([]);
    expect(await auditRows(), "audit rows written by refused spellings").toBe(before);
    // The session still works: none of the spellings signed it out.
    expect((await send("GET", "/api/auth/me", cookie)).status).toBe(200);
  });

  it("serves the canonical spelling as before", async () => {
    expect((await send("GET", "/api/health")).status).toBe(200);
    expect((await send("GET", "/api/enterprise/users")).status).toBe(401);
    expect((await send("PUT", "/api/onboarding/someone%40leadwell.test")).status).toBe(401);
  });
});
