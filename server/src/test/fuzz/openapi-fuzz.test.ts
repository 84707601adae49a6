import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN, suiteWithAdmin, floorDrivers, type TestDriver } from "../test-runtime";
import { buildCases } from "./fuzz-cases";
import { formatFailures, formatReport, runFuzz } from "./fuzz-runner";
import { operationsOf, type OpenApiDocument } from "./openapi-operations";

/**
 * Walks every operation of the published OpenAPI document with inputs drawn from its own schemas (valid,
 * on the limits, hostile, and malformed requests), half signed in as an administrator and half with no
 * credentials. A route added later is covered without touching this file.
 *
 * FUZZ_REQUESTS and FUZZ_SEED change the size and the draw, e.g. FUZZ_REQUESTS=200000 FUZZ_SEED=7 for a long run;
 * FUZZ_LOG=1 prints the server's error log (stack traces of 5xx). The PostgreSQL pass (when DATABASE_URL is set)
 * sends FUZZ_PG_REQUESTS (or FUZZ_REQUESTS): it runs about three times faster than PGlite here.
 */
function envInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return value;
}

const SEED = envInteger("FUZZ_SEED", 20_261_122);
/**
 * 20,000 requests a run on PGlite when it is the only driver (`npm test` on a fresh clone); 4,000 on PGlite and
 * 8,000 on PostgreSQL when both run (CI, where the path-spelling walk also reaches every route on both drivers),
 * which keeps CI inside its time budget: over 300 operations, each still gets a dozen or more requests per driver,
 * drawn from the same seed.
 */
const bothDrivers = floorDrivers.length > 1;
const REQUESTS: Record<TestDriver, number> = {
  pglite: envInteger("FUZZ_REQUESTS", bothDrivers ? 4_000 : 20_000),
  postgres: envInteger("FUZZ_PG_REQUESTS", envInteger("FUZZ_REQUESTS", 8_000)),
};
const CONCURRENCY = Math.max(1, envInteger("FUZZ_CONCURRENCY", 8));
const BATCH_SIZE = 1_000;

describe.each(floorDrivers)("OpenAPI fuzz on %s", (driver) => {
  const suite = suiteWithAdmin(driver, process.env.FUZZ_LOG ? { logLevel: "error" } : {});

  it(
    `answers ${REQUESTS[driver]} generated requests to every documented route without a 5xx, naming each refused field`,
    { timeout: 15 * 60_000 },
    async () => {
      const doc = await suite.admin.get<OpenApiDocument>("/api/openapi.json");
      expect(doc.status).toBe(200);
      const operations = operationsOf(doc.body);
      expect(operations.length).toBeGreaterThan(40);

      // An even count per operation, so exactly half of each route's requests are signed in.
      const perOperation = 2 * Math.ceil(REQUESTS[driver] / operations.length / 2);
      const cases = buildCases(operations, perOperation, SEED);
      let adminSignIns = 0;

      const report = await runFuzz({
        app: suite.rt.app,
        operations,
        cases,
        concurrency: CONCURRENCY,
        batchSize: BATCH_SIZE,
        signIn: async () => {
          // Addresses of their own, so per-address limits that the fuzz's failed sign-ins run into never block the admin.
          const res = await suite.rt.app.inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { email: ADMIN.email, password: ADMIN.password },
            remoteAddress: `192.0.2.${1 + (adminSignIns++ % 250)}`,
          });
          const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("leadwell_session="));
          if (res.statusCode !== 200 || !cookie) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
          return cookie.split(";")[0]!;
        },
      });

      const summary = formatReport(report, `OpenAPI fuzz on ${driver} (seed ${SEED})`);
      console.log(summary);
      const failuresFile = path.join(tmpdir(), `leadwell-fuzz-failures-${driver}.json`);
      writeFileSync(failuresFile, JSON.stringify(report.failures, null, 1));

      const finalHealth = await suite.rt.app.inject({ method: "GET", url: "/api/health" });
      expect(finalHealth.statusCode, "GET /api/health after the fuzz").toBe(200);

      expect(report.requests).toBeGreaterThanOrEqual(REQUESTS[driver]);
      const notReached = [...report.byOperation].filter(([, s]) => s.reached === 0).map(([key]) => key);
      expect(notReached, "operations the fuzz never reached").toEqual([]);
      const notPastSignIn = [...report.byOperation].filter(([, s]) => s.reachedPastSignIn === 0).map(([key]) => key);
      expect(notPastSignIn, "operations no signed-in request got past the sign-in check").toEqual([]);

      expect(report.failures.length, [`all failures (also in ${failuresFile}):`, ...formatFailures(report.failures)].join("\n")).toBe(0);
    },
  );
});
