import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiKey } from "@contract/api-keys";
import { multipartBody } from "../../test/multipart";
import { ADMIN, signedInAdmin, startTestRuntime, floorDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

const HOST = "127.0.0.1:5000";
const lead = (n: number) => ({ businessOwnerName: "Olga", businessOwnerLastName: `Origin${n}`, businessName: `Origin Co ${n}`, email: `origin${n}@example.com` });

describe.each(floorDrivers)("writes with the session cookie come from the app's own pages, on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    admin = await signedInAdmin(rt);
  });
  afterAll(() => rt.stop());

  const leadCount = async () => Number((await admin.get("/api/leads", { host: HOST })).headers["x-total-count"]);

  it("refuses a write whose Origin is another port of the same host, and writes nothing", async () => {
    const before = await leadCount();
    const res = await admin.request("POST", "/api/leads", lead(1), { host: HOST, origin: "http://127.0.0.1:8080" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Refused: this change was sent from a page outside Leadwell", code: "auth.cross_origin" });
    expect(await leadCount()).toBe(before);
  });

  it("refuses a CSV upload posted as a form from another origin, and stores no import", async () => {
    const { payload, headers } = multipartBody([{ name: "file", filename: "leads.csv", content: "First Name,Last Name,Email\nAda,Lovelace,ada@example.com\n" }]);
    const res = await rt.app.inject({
      method: "POST",
      url: "/api/migration/import-csv",
      payload,
      headers: { ...headers, host: HOST, origin: "http://127.0.0.1:8080", cookie: admin.cookieHeader() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "auth.cross_origin" });
    expect((await admin.get<unknown[]>("/api/migration/status")).body).toEqual([]);
  });

  it("refuses Origin null and a cross-site or same-site Sec-Fetch-Site without Origin", async () => {
    const variants: Record<string, string>[] = [{ origin: "null" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const headers of variants) {
      const res = await admin.request("POST", "/api/leads", lead(2), { host: HOST, ...headers });
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
    }
  });

  it("takes a write from the app's own origin, a same-origin fetch without Origin, and a client that is no browser", async () => {
    const before = await leadCount();
    expect((await admin.request("POST", "/api/leads", lead(3), { host: HOST, origin: `http://${HOST}` })).status).toBe(201);
    expect((await admin.request("POST", "/api/leads", lead(4), { host: HOST, "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await admin.request("POST", "/api/leads", lead(5), { host: HOST })).status).toBe(201);
    expect(await leadCount()).toBe(before + 3);
  });

  it("lets reads through from anywhere, and never checks an API key's origin", async () => {
    expect((await admin.request("GET", "/api/leads", undefined, { host: HOST, origin: "http://evil.example" })).status).toBe(200);
    const key = await admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Origin test", scope: "full" });
    expect(key.status).toBe(201);
    const withKey = await rt.client().request("POST", "/api/leads", lead(6), { host: HOST, origin: "http://evil.example", authorization: `Bearer ${key.body.key}` });
    expect(withKey.status).toBe(201);
  });
});

describe("APP_ORIGIN: the configured origins, https cookies and headers", () => {
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime("pglite", { appOrigins: ["https://crm.example.com"] });
    admin = await signedInAdmin(rt);
  });
  afterAll(() => rt.stop());

  it("takes writes only from a configured origin, even when the host matches", async () => {
    const fromHost = await admin.request("POST", "/api/leads", lead(10), { host: "crm.example.com", origin: "http://crm.example.com" });
    expect(fromHost.status).toBe(403);
    const fromApp = await admin.request("POST", "/api/leads", lead(11), { host: "internal:5000", origin: "https://crm.example.com" });
    expect(fromApp.status).toBe(201);
  });

  it("marks the session cookie Secure and sends HSTS, although the proxy in front spoke plain http", async () => {
    const res = await rt.client().post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/leadwell_session=[^;]+;.*Secure/i);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});

describe("cookies, HSTS and caching without APP_ORIGIN", () => {
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime("pglite", { trustProxy: ["127.0.0.1"] });
    admin = await signedInAdmin(rt);
  });
  afterAll(() => rt.stop());

  it("sets no Secure flag and no HSTS over plain http, and both when a trusted proxy says https", async () => {
    const plain = await rt.client().post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password });
    expect(String(plain.headers["set-cookie"])).not.toMatch(/Secure/i);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await rt.client().post("/api/auth/login", { email: ADMIN.email, password: ADMIN.password }, { "x-forwarded-proto": "https" });
    expect(String(proxied.headers["set-cookie"])).toMatch(/Secure/i);
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("answers API reads that carry personal data with Cache-Control: no-store, and keeps a CSV download's own", async () => {
    for (const url of ["/api/leads", "/api/auth/me", "/api/enterprise/users", "/api/leads/export.csv"]) {
      const res = await admin.get(url);
      expect({ url, status: res.status, cache: res.headers["cache-control"] }).toEqual({ url, status: 200, cache: "no-store" });
    }
  });
});
