import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { TrustProxy } from "./config";
import { auditLogs } from "./db/schema";
import { startTestRuntime, floorDrivers, type TestRuntime } from "./test/test-runtime";

const FORWARDED = "6.6.6.6, 7.7.7.7";

describe.each(floorDrivers)("the client address behind TRUST_PROXY on %s", (driver) => {
  let rt: TestRuntime;
  const apps: FastifyInstance[] = [];
  let emailCount = 0;

  beforeAll(async () => {
    rt = await startTestRuntime(driver);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await rt?.stop();
  });

  /** Another app instance on the same database, started with this TRUST_PROXY. */
  async function appTrusting(trustProxy: TrustProxy): Promise<FastifyInstance> {
    const { app } = await buildApp({ ...rt.ctx, config: { ...rt.ctx.config, trustProxy } });
    apps.push(app);
    return app;
  }

  /** Fails a sign-in from `remoteAddress` carrying X-Forwarded-For, and answers the address the audit log recorded. */
  async function auditedAddress(app: FastifyInstance, remoteAddress: string): Promise<string | null> {
    const email = `nobody-${++emailCount}@leadwell.test`;
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress,
      headers: { "x-forwarded-for": FORWARDED },
      payload: { email, password: "not the password" },
    });
    expect(res.statusCode).toBe(401);
    const [row] = await rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.userEmail, email));
    expect(row?.action).toBe("auth.login_failed");
    return row!.ipAddress;
  }

  it("ignores X-Forwarded-For when TRUST_PROXY is unset", async () => {
    const app = await appTrusting(false);
    expect(await auditedAddress(app, "127.0.0.1")).toBe("127.0.0.1");
    expect(await auditedAddress(app, "203.0.113.5")).toBe("203.0.113.5");
  });

  it("with TRUST_PROXY=1 takes the hop next to the proxy, not the first address a client wrote", async () => {
    const app = await appTrusting(1);
    expect(await auditedAddress(app, "127.0.0.1")).toBe("7.7.7.7");
  });

  it("with TRUST_PROXY=127.0.0.1 honours the header only on requests arriving from 127.0.0.1", async () => {
    const app = await appTrusting(["127.0.0.1"]);
    expect(await auditedAddress(app, "127.0.0.1")).toBe("7.7.7.7");
    expect(await auditedAddress(app, "203.0.113.5")).toBe("203.0.113.5");
  });

  it("with a trusted range takes the first address outside it", async () => {
    const app = await appTrusting(["127.0.0.1", "7.7.7.0/24"]);
    expect(await auditedAddress(app, "127.0.0.1")).toBe("6.6.6.6");
  });
});
