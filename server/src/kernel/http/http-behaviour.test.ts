import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, startTestRuntime, floorDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

describe.each(floorDrivers)("general HTTP behaviour on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  const clientDir = mkdtempSync(path.join(tmpdir(), "leadwell-client-"));
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Leadwell</title><div id=root></div>");

  beforeAll(async () => {
    rt = await startTestRuntime(driver, { clientDir });
    admin = await signedInAdmin(rt);
  });
  afterAll(() => rt.stop());

  it("reports health with a database round trip", async () => {
    const res = await rt.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: driver });
  });

  it("answers unknown API paths with a JSON 404, and other paths with the app", async () => {
    const api = await admin.get("/api/no-such-thing");
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: "No API route for GET /api/no-such-thing", code: "request.no_route", params: { method: "GET", path: "/api/no-such-thing" } });
    const page = await rt.client().get("/leads/42?tab=kpi");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.text).toContain("<div id=root>");
  });

  it("serves a build written over the running server, not the index.html it found at start", async () => {
    const indexFile = path.join(clientDir, "index.html");
    const before = readFileSync(indexFile, "utf8");
    writeFileSync(indexFile, "<!doctype html><title>Leadwell</title><div id=root></div><script src=/assets/rebuilt.js></script>");
    const later = new Date(Date.now() + 5_000);
    utimesSync(indexFile, later, later);
    try {
      const page = await rt.client().get("/dashboard");
      expect(page.status).toBe(200);
      expect(page.text).toContain("/assets/rebuilt.js");
    } finally {
      writeFileSync(indexFile, before);
    }
  });

  it("answers malformed JSON with 400, other body types with 415 and oversized bodies with 413", async () => {
    const broken = await rt.client().request("POST", "/api/auth/login", "{not json", { "content-type": "application/json" });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: "body: is not valid JSON", code: "request.invalid_json" });
    const text = await rt.client().request("POST", "/api/auth/login", "email=a", { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: "Send the body as JSON (Content-Type: application/json)", code: "request.unsupported_media" });
    const huge = await rt.client().request("POST", "/api/auth/login", JSON.stringify({ email: "a@b.co", password: "x".repeat(1_100_000) }), {
      "content-type": "application/json",
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: "The request body is too large", code: "request.body_too_large" });
  });

  it("publishes an OpenAPI 3 document generated from the route schemas, and Swagger UI", async () => {
    const doc = await admin.get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/settings/api-keys", "/api/notifications/{email}"]));
    expect(JSON.stringify(doc.body.paths["/api/auth/login"])).toContain("password");
    const ui = await admin.get("/api/docs/");
    expect(ui.status).toBe(200);
    expect(ui.text).toContain("swagger");
  });

  it("sends protective headers", async () => {
    const res = await rt.client().get("/api/health");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });
});
