import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import { signedInAdmin, startTestRuntime, suiteWithAdmin, floorDrivers, type TestClient, type TestResponse } from "../../test/test-runtime";
import { DEPTH_MESSAGE, MAX_INPUT_DEPTH, NUL_MESSAGE, SURROGATE_MESSAGE } from "./input-guard";

const NUL = "\u0000";
const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

const validLead = (n: string) => ({
  businessOwnerName: "Ana",
  businessOwnerLastName: "Ruiz",
  businessName: `Hostile Input ${n}`,
  email: `hostile-${n}@example.com`,
});

/** `levels` arrays inside each other, [[[...]]], as JSON text (a client library would overflow its own stack). */
const nestedArraysJson = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
/** `levels` objects inside each other, {"a": {"a": ...}}, as JSON text. */
const nestedObjectsJson = (levels: number) => '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);
const nestedObjects = (levels: number): unknown => JSON.parse(nestedObjectsJson(levels));

function expectFieldError(res: TestResponse, field: string, message?: string) {
  expect(res.status, res.text).toBe(400);
  const body = res.body as ApiError;
  expect(body.fields?.[field], res.text).toBe(message ?? body.fields?.[field]);
  expect(body.fields?.[field]).toEqual(expect.any(String));
  expect(body.error).toBe(`${field}: ${body.fields![field]}`);
  // The same error as a code, the answer's own since it is about that field.
  expect(body.fieldCodes?.[field]?.code).toBe(body.code);
  // Nothing of a stack trace or a statement reaches the client.
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+|Failed query|params:/);
}

describe.each(floorDrivers)("hostile input on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const admin = () => suite.admin;

  async function expectHealthy() {
    const health = await suite.rt.client().get("/api/health");
    expect(health.status).toBe(200);
  }

  async function createLead(client: TestClient, n: string, extra: Record<string, unknown> = {}) {
    const res = await client.post<{ id: number }>("/api/leads", { ...validLead(n), ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  describe("NUL characters", () => {
    it("are refused in every text field, naming the field, with the app still answering afterwards", async () => {
      const lead = await createLead(admin(), "nul-target");
      const cases: [string, () => Promise<TestResponse>, string][] = [
        ["POST /api/leads", () => admin().post("/api/leads", { ...validLead("nul1"), businessName: `Acme${NUL}` }), "businessName"],
        ["PUT /api/leads/:id", () => admin().put(`/api/leads/${lead.id}`, { businessOwnerName: `A${NUL}` }), "businessOwnerName"],
        ["a list entry", () => admin().post("/api/leads", { ...validLead("nul2"), tags: ["ok", `b${NUL}`] }), "tags.1"],
        ["inside a JSON field", () => admin().post("/api/leads", { ...validLead("nul3"), customFields: { note: { text: `x${NUL}y` } } }), "customFields.note.text"],
        ["a JSON field's key", () => admin().post("/api/leads", { ...validLead("nul4"), aiAnalysis: { [`k${NUL}`]: 1 } }), "aiAnalysis.k\\u0000"],
        ["quizHistory", () => admin().post("/api/leads", { ...validLead("nul5"), quizHistory: [{ answer: NUL }] }), "quizHistory.0.answer"],
        ["GET /api/leads?q=", () => admin().get("/api/leads?q=ab%00c"), "q"],
        ["GET /api/search?q=", () => admin().get("/api/search?q=%00"), "q"],
        ["GET /api/issues?q=", () => admin().get("/api/issues?q=x%00"), "q"],
        ["GET /api/reports?source=", () => admin().get("/api/reports?source=retail%00"), "source"],
        ["feedback", () => admin().post("/api/feedback", { type: "Bug", description: `Broken${NUL}` }), "description"],
        ["API key label", () => admin().post("/api/settings/api-keys", { label: `Website${NUL}` }), "label"],
        ["consent", () => admin().post("/api/consent/update", { email: "a@example.com", consentType: `cookies${NUL}`, granted: true }), "consentType"],
        ["affiliate sign-up", () => admin().post("/api/affiliates/signup", { name: `Pat${NUL}`, businessName: "Pat Co", email: "pat@example.com", password: "long enough pass" }), "name"],
        ["affiliate edit", () => admin().put("/api/affiliates/1", { businessName: `Pat${NUL}Co` }), "businessName"],
        ["issue description", () => admin().post("/api/issues", { email: "rep@example.com", description: `The page breaks ${NUL} here` }), "description"],
        ["issue approval notes", () => admin().post("/api/issues/1/approve", { manualNotes: `ok${NUL}` }), "manualNotes"],
        ["issue rejection notes", () => admin().post("/api/issues/1/reject", { notes: `no${NUL}` }), "notes"],
        [
          "KPI product names",
          () =>
            admin().post("/api/kpi", {
              email: "hostile-nul-target@example.com",
              ytdRevenue: 10,
              mrr: 1,
              topProducts: [{ name: `Widget${NUL}`, totalSales: 1, averageRevenue: 1, totalRevenue: 1, profitMargin: 10 }],
            }),
          "topProducts.0.name",
        ],
        ["a path parameter", () => admin().get("/api/notifications/a%00b@example.com"), "email"],
        ["a body sent as a bare JSON string", () => admin().request("POST", "/api/leads", JSON.stringify(NUL), { "content-type": "application/json" }), "body"],
      ];
      for (const [label, send, field] of cases) {
        const res = await send();
        expect.soft(res.status, `${label}: ${res.text}`).toBe(400);
        if (res.status === 400) expectFieldError(res, field, NUL_MESSAGE);
      }
      await expectHealthy();
    });

    it("are refused on public routes without signing in", async () => {
      const anonymous = suite.rt.client();
      const consent = await anonymous.post("/api/consent/update", { email: "a@example.com", consentType: `x${NUL}`, granted: false });
      expectFieldError(consent, "consentType", NUL_MESSAGE);
      const signup = await anonymous.post("/api/affiliates/signup", { name: "Pat", businessName: `Co${NUL}`, email: "p2@example.com", password: "long enough pass" });
      expectFieldError(signup, "businessName", NUL_MESSAGE);
      const login = await anonymous.post("/api/affiliates/login", { email: "p@example.com", password: `pw${NUL}` });
      expectFieldError(login, "password", NUL_MESSAGE);
      const staffLogin = await anonymous.post("/api/auth/login", { email: `a${NUL}@example.com`, password: "x" });
      expectFieldError(staffLogin, "email", NUL_MESSAGE);
      // A route that requires a session still says so first.
      expect((await anonymous.get("/api/leads?q=%00")).status).toBe(401);
      await expectHealthy();
    });
  });

  describe("lone surrogates", () => {
    it("are refused in JSON text and keys, naming the field", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ businessName: `Acme ${LONE_HIGH}` }, "businessName"],
        [{ businessOwnerLastName: `${LONE_LOW}x` }, "businessOwnerLastName"],
        [{ customFields: { note: `a${LONE_HIGH}` } }, "customFields.note"],
        [{ quizHistory: [1, [`${LONE_LOW}${LONE_HIGH}`]] }, "quizHistory.1.0"],
        [{ aiAnalysis: { [`key${LONE_HIGH}`]: "v" } }, "aiAnalysis.key\\ud800"],
      ];
      for (const [i, [extra, field]] of cases.entries()) {
        // JSON.stringify writes a lone surrogate as the escape \ud800, which is valid JSON.
        const res = await admin().post("/api/leads", { ...validLead(`sur${i}`), ...extra });
        expectFieldError(res, field, SURROGATE_MESSAGE);
      }
      const search = await admin().get(`/api/search?q=${encodeURIComponent("ab")}%ED%A0%80`);
      expect([200, 400]).toContain(search.status);
      const feedback = await admin().post("/api/feedback", { description: `Odd ${LONE_HIGH} text` });
      expectFieldError(feedback, "description", SURROGATE_MESSAGE);
      await expectHealthy();
    });
  });

  describe("deep nesting", () => {
    it("refuses JSON nested 5,000 levels deep in quizHistory, aiAnalysis and customFields, naming the field", async () => {
      const json = { "content-type": "application/json" };
      for (const [field, valueJson] of [
        ["quizHistory", nestedArraysJson(5_000)],
        ["aiAnalysis", nestedObjectsJson(5_000)],
        ["customFields", `{"deep":${nestedArraysJson(5_000)}}`],
      ] as const) {
        const body = `${JSON.stringify(validLead(`deep-${field}`)).slice(0, -1)},"${field}":${valueJson}}`;
        expectFieldError(await admin().request("POST", "/api/leads", body, json), field, DEPTH_MESSAGE);
      }
      const lead = await createLead(admin(), "deep-put");
      const put = await admin().request("PUT", `/api/leads/${lead.id}`, `{"customFields":${nestedObjectsJson(5_000)}}`, json);
      expectFieldError(put, "customFields", DEPTH_MESSAGE);
      // As deep as the 1 MB body limit allows, on a public route.
      const deepest = await suite.rt.client().request("POST", "/api/affiliates/signup", `{"name":${nestedArraysJson(500_000)}}`, json);
      expectFieldError(deepest, "name", DEPTH_MESSAGE);
      await expectHealthy();
    });

    it(`accepts exactly ${MAX_INPUT_DEPTH} levels (the body itself being the first) and refuses one more`, async () => {
      // The body is level 1 and customFields level 2, so customFields may hold MAX_INPUT_DEPTH - 1 levels of objects.
      const atLimit = await admin().post("/api/leads", { ...validLead("depth-limit"), customFields: nestedObjects(MAX_INPUT_DEPTH - 1) });
      expect(atLimit.status, atLimit.text).toBe(201);
      const fetched = await admin().get<{ customFields: unknown }>(`/api/leads/${(atLimit.body as { id: number }).id}`);
      expect(fetched.body.customFields).toEqual(nestedObjects(MAX_INPUT_DEPTH - 1));
      const beyond = await admin().post("/api/leads", { ...validLead("depth-beyond"), customFields: nestedObjects(MAX_INPUT_DEPTH) });
      expectFieldError(beyond, "customFields", DEPTH_MESSAGE);
    });
  });

  describe("ids, dates and URLs", () => {
    it("answers 404 for an id beyond the integer range, like any unknown id", async () => {
      for (const [method, url] of [
        ["GET", "/api/leads/99999999999"],
        ["PUT", "/api/leads/99999999999"],
        ["DELETE", "/api/leads/99999999999"],
        ["GET", "/api/issues/2147483648"],
        ["GET", "/api/kpi/99999999999"],
        ["PUT", "/api/affiliates/99999999999"],
        ["DELETE", "/api/settings/api-keys/99999999999"],
      ] as const) {
        const res = await admin().request(method, url, method === "PUT" ? { businessName: "Renamed Co" } : undefined);
        expect.soft(res.status, `${method} ${url}: ${res.text}`).toBe(404);
        expect.soft((res.body as ApiError).error).toEqual(expect.any(String));
      }
      // Every :id route, including ones added later: never found, never a failure, never a change.
      for (const route of suite.rt.routes.filter((r) => r.url.includes("/:id"))) {
        const url = route.url.replace(":id", "99999999999");
        const withoutBody = route.method === "GET" || route.method === "DELETE";
        const res = await admin().request(route.method as "GET", url, withoutBody ? undefined : {});
        // A write with an empty body may first be told what its body lacks.
        expect.soft(withoutBody ? [404] : [400, 404], `${route.method} ${url}: ${res.text}`).toContain(res.status);
      }
      // Not a number at all is still a 400 naming the parameter.
      expectFieldError(await admin().get("/api/leads/abc"), "id");
      await expectHealthy();
    });

    it("names the field of an impossible date", async () => {
      for (const [url, field] of [
        ["/api/reports?startDate=2024-02-30", "startDate"],
        ["/api/reports?startDate=2024-01-01&endDate=2023-02-29", "endDate"],
        ["/api/reports/export.csv?endDate=2024-13-01", "endDate"],
        ["/api/referrals?since=2024-02-30", "since"],
        ["/api/referrals/stats?since=2023-04-31", "since"],
        ["/api/referrals?since=0000-01-01", "since"],
      ] as const) {
        const res = await admin().get(url);
        expectFieldError(res, field);
        expect((res.body as ApiError).fields![field]).toMatch(/date/);
      }
      expect((await admin().get("/api/reports?startDate=2024-02-29")).status).toBe(200);
      expect((await admin().get("/api/referrals?since=2024-02-29")).status).toBe(200);
    });

    it("answers a malformed % escape in the path in the API's error shape", async () => {
      for (const url of ["/api/leads/%E0%A4%A", "/api/%zz", "/api/leads/%"]) {
        const res = await admin().get(url);
        expectFieldError(res, "path");
        expect(res.headers["content-type"]).toMatch(/application\/json/);
      }
      // In the query a malformed escape is kept as the literal text it is.
      const query = await admin().get("/api/leads?q=%E0%A4%A");
      expect(query.status, query.text).toBe(200);
      await expectHealthy();
    });
  });

  describe("exports", () => {
    it("validate every filter before the first byte, answering 400 JSON", async () => {
      for (const [url, field] of [
        ["/api/leads/export.csv?q=ab%00", "q"],
        ["/api/leads/export.csv?status=nope", "status"],
        ["/api/reports/export.csv?startDate=2024-02-30", "startDate"],
        ["/api/reports/export.csv?source=%00", "source"],
      ] as const) {
        const res = await admin().get(url);
        expect(res.headers["content-type"], url).toMatch(/application\/json/);
        expect(res.headers["content-disposition"]).toBeUndefined();
        expectFieldError(res, field);
      }
      const ok = await admin().get("/api/reports/export.csv?startDate=2024-02-29");
      expect(ok.status).toBe(200);
      expect(ok.headers["content-type"]).toMatch(/text\/csv/);
    });
  });

  it("stores and answers accents, emoji and CJK text unchanged", async () => {
    const input = {
      businessOwnerName: "Zoë",
      businessOwnerLastName: "Ñúñez-Çelik",
      businessName: "Café 東京 🚀 Ltd",
      email: "zoe.unicode@example.com",
      tags: ["日本語", "emoji 👩🏽‍💻", "ä"],
      customFields: { "ключ": "значение 😀", nested: { "漢字": ["🇪🇸", "naïve"] } },
      quizHistory: [{ q: "¿Qué?", a: "Sí 👍" }],
    };
    const created = await admin().post<{ id: number }>("/api/leads", input);
    expect(created.status, created.text).toBe(201);
    const fetched = await admin().get<Record<string, unknown>>(`/api/leads/${created.body.id}`);
    expect(fetched.body).toMatchObject(input);
    const found = await admin().get<{ id: number }[]>(`/api/leads?q=${encodeURIComponent("Cafe 東京")}`);
    expect(found.body.map((l) => l.id)).toContain(created.body.id);
  });
});

describe.each(floorDrivers)("failed statements in the log on %s", (driver) => {
  it("answer 400 for values the database refuses, and log the code and statement, never the parameters", async () => {
    const lines: string[] = [];
    const rt = await startTestRuntime(driver, { logLevel: "warn" }, { pollingIntervalSeconds: 0.5, logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const admin = await signedInAdmin(rt);
      // Real statements that really fail: a constraint and a trigger added to the database behind the app's back.
      await rt.ctx.db.execute(sql.raw(`ALTER TABLE leads ADD CONSTRAINT hostile_test_check CHECK (business_name <> 'Refused Trading Co')`));
      await rt.ctx.db.execute(
        sql.raw(`CREATE FUNCTION hostile_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$`),
      );
      await rt.ctx.db.execute(sql.raw(`CREATE TRIGGER hostile_test_fail BEFORE INSERT ON affiliates FOR EACH ROW EXECUTE FUNCTION hostile_test_fail()`));

      const refused = await admin.post("/api/leads", {
        businessOwnerName: "Secretina",
        businessOwnerLastName: "Privatova",
        businessName: "Refused Trading Co",
        email: "secretina.privatova@example.com",
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.text).not.toContain("Secretina");

      const failed = await rt.client().post("/api/affiliates/signup", {
        name: "Hidden Partner",
        businessName: "Hidden Partner Ltd",
        email: "hidden.partner@example.com",
        password: "a very secret password",
      });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ error: "Something went wrong on our side. Please try again.", code: "server.error" });

      // Whatever the database refuses in a value (class 22 data exceptions, class 54 limits) is the client's 400, not a 500.
      await rt.ctx.db.execute(
        sql.raw(
          `CREATE FUNCTION hostile_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
            `IF NEW.description ~ '^[0-9A-Z]{5}$' THEN RAISE EXCEPTION 'refused' USING ERRCODE = NEW.description; END IF; RETURN NEW; END $$`,
        ),
      );
      await rt.ctx.db.execute(sql.raw(`CREATE TRIGGER hostile_test_refuse BEFORE INSERT ON feedback FOR EACH ROW EXECUTE FUNCTION hostile_test_refuse()`));
      for (const code of ["22021", "22P05", "2201B", "22008", "22012", "54001"]) {
        const res = await admin.post("/api/feedback", { description: code });
        expect.soft(res.status, `${code}: ${res.text}`).toBe(400);
        expect.soft(res.text).not.toMatch(/refused|\bat |stack/);
      }

      // Any `{ err }` logged elsewhere (Fastify itself, shutdown, an unhandled rejection) goes through the same filter.
      const direct = await rt.ctx.db.execute(sql`SELECT ${"Directly Secret"}::int`).catch((error: unknown) => error);
      expect(direct).toBeInstanceOf(Error);
      rt.app.log.error({ err: direct }, "direct failure");

      const log = lines.join("");
      expect(log).toContain('"code":"22P02"');
      // The check violation (400, logged as a warning) and the trigger's exception (500) are both in the log...
      expect(log).toContain('"code":"23514"');
      expect(log).toContain('"constraint":"hostile_test_check"');
      expect(log).toContain('"code":"P0001"');
      expect(log).toMatch(/"statement":"insert into affiliates #[0-9a-f]{8}"/);
      expect(log).toContain('"route":"POST /api/affiliates/signup"');
      // ...without a single parameter: not the lead's personal data, not the partner's password hash.
      for (const secret of ["Directly Secret", "Secretina", "Privatova", "secretina.privatova", "Hidden Partner", "hidden.partner", "$argon2", "params:", "Failed query"]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await rt.stop();
    }
  });
});
