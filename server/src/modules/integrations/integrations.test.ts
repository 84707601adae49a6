import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CreatedApiKey } from "@contract/api-keys";
import type { IntegrationCheck, IntegrationStatusRow } from "@contract/integrations";
import type { CreatedWebhookEndpoint } from "@contract/webhooks";
import { auditLogs, integrations, webhookAttempts, webhookDeliveries } from "../../db/schema";
import { hashPassword } from "../../lib/password";
import { insertUser } from "../auth/users.data";
import { ADMIN, suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

const STAFF = { name: "Sam Staff", email: "sam@leadwell.test", password: "staff password 1" };
const SLACK_URL = "https://hooks.slack.com/services/T000/B000/abcdefghijklmnopqrstWXYZ";
const STRIPE_KEY = "sk_test_51Leadwell0000000000000000Ab12";

async function cards(client: TestClient): Promise<Record<string, IntegrationStatusRow>> {
  const res = await client.get<{ integrations: IntegrationStatusRow[] }>("/api/integrations/status");
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.integrations.map((card) => [card.kind, card]));
}

describe.each(testDrivers)("Integrations on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("shows the four cards as available to any signed-in staff member and reading API keys, and to nobody else", async () => {
    const res = await suite.admin.get<{ integrations: IntegrationStatusRow[] }>("/api/integrations/status");
    expect(res.status).toBe(200);
    expect(res.body.integrations.map((card) => [card.kind, card.status])).toEqual([
      ["zapier", "available"],
      ["slack", "available"],
      ["stripe", "available"],
      ["google_workspace", "available"],
    ]);
    expect(res.body.integrations[0]).toMatchObject({ enabled: false, settings: {}, secretHint: null, lastUsedAt: null, zapier: { webhookCount: 0, apiKeyCount: 0 } });
    expect(res.body.integrations[1]).not.toHaveProperty("zapier");

    await insertUser(suite.rt.ctx.db, { name: STAFF.name, email: STAFF.email, passwordHash: await hashPassword(STAFF.password), role: "manager" });
    const staff = suite.rt.client();
    await staff.post("/api/auth/login", { email: STAFF.email, password: STAFF.password });
    expect((await staff.get("/api/integrations/status")).status).toBe(200);

    const key = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Dashboard reader", scope: "read" });
    expect((await suite.rt.client().get("/api/integrations/status", { authorization: `Bearer ${key.body.key}` })).status).toBe(200);
    expect((await suite.rt.client().get("/api/integrations/status")).status).toBe(401);
  });

  it("refuses settings that are incomplete or for another kind, naming the field", async () => {
    const missingSecret = await suite.admin.put("/api/integrations/slack", { kind: "slack", events: ["lead.created"] });
    expect(missingSecret.status).toBe(400);
    expect(missingSecret.body).toMatchObject({ code: "integration.secret_required", fieldCodes: { webhookUrl: { code: "integration.secret_required" } } });

    const stripeMissing = await suite.admin.put("/api/integrations/stripe", { kind: "stripe" });
    expect(stripeMissing.body).toMatchObject({ fieldCodes: { secretKey: { code: "integration.secret_required" } } });
    const googleMissing = await suite.admin.put("/api/integrations/google_workspace", { kind: "google_workspace", domain: "example.com", clientId: "123.apps" });
    expect(googleMissing.body).toMatchObject({ fieldCodes: { clientSecret: { code: "integration.secret_required" } } });

    const otherKind = await suite.admin.put("/api/integrations/slack", { kind: "stripe", secretKey: STRIPE_KEY });
    expect(otherKind.status).toBe(400);
    expect(otherKind.body).toMatchObject({ fieldCodes: { kind: { code: "field.invalid_option", params: { options: "slack" } } } });

    const zapier = await suite.admin.put("/api/integrations/zapier", { kind: "zapier" });
    expect(zapier.status).toBe(400);
    expect(zapier.body).toMatchObject({ fieldCodes: { kind: { code: "integration.not_configurable" } } });
    const zapierPath = await suite.admin.put("/api/integrations/zapier", { kind: "slack", webhookUrl: SLACK_URL, events: ["lead.created"] });
    expect(zapierPath.body).toMatchObject({ fieldCodes: { kind: { code: "integration.not_configurable" } } });

    const badUrl = await suite.admin.put("/api/integrations/slack", { kind: "slack", webhookUrl: "https://example.com/services/x", events: ["lead.created"] });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toMatchObject({ fieldCodes: { webhookUrl: { code: "integration.invalid_slack_url" } } });
    const plainHttp = await suite.admin.put("/api/integrations/slack", { kind: "slack", webhookUrl: SLACK_URL.replace("https", "http"), events: ["lead.created"] });
    expect(plainHttp.body).toMatchObject({ fieldCodes: { webhookUrl: { code: "integration.invalid_slack_url" } } });
    const noEvents = await suite.admin.put("/api/integrations/slack", { kind: "slack", webhookUrl: SLACK_URL, events: [] });
    expect(noEvents.body).toMatchObject({ fieldCodes: { events: { code: "integration.no_events" } } });
    const unknownEvent = await suite.admin.put("/api/integrations/slack", { kind: "slack", webhookUrl: SLACK_URL, events: ["lead.exploded"] });
    expect(unknownEvent.status).toBe(400);
    expect(Object.keys((unknownEvent.body as { fieldCodes: object }).fieldCodes)[0]).toMatch(/^events/);
    const badKey = await suite.admin.put("/api/integrations/stripe", { kind: "stripe", secretKey: "pk_test_123" });
    expect(badKey.body).toMatchObject({ fieldCodes: { secretKey: { code: "integration.invalid_stripe_key" } } });
    const badDomain = await suite.admin.put("/api/integrations/google_workspace", { kind: "google_workspace", domain: "not a domain", clientId: "x", clientSecret: "y" });
    expect(badDomain.body).toMatchObject({ fieldCodes: { domain: { code: "integration.invalid_domain" } } });
    const unknownKind = await suite.admin.put("/api/integrations/hubspot", { kind: "slack" });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body).toMatchObject({ fieldCodes: { kind: { code: "integration.not_found" } } });

    expect(Object.values(await cards(suite.admin)).map((card) => card.status)).toEqual(["available", "available", "available", "available"]);
  });

  it("stores a secret encrypted, answers only its last 4 characters, and keeps it when a later save leaves it out", async () => {
    const saved = await suite.admin.put<IntegrationStatusRow>("/api/integrations/stripe", { kind: "stripe", secretKey: STRIPE_KEY, publishableKey: "pk_test_abc" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ kind: "stripe", status: "configured", enabled: true, settings: { publishableKey: "pk_test_abc" }, secretHint: "Ab12", lastUsedAt: null });
    expect(saved.body.configuredAt).not.toBeNull();
    expect(saved.text).not.toContain(STRIPE_KEY);
    const [stored] = await suite.rt.ctx.db.select().from(integrations).where(eq(integrations.kind, "stripe"));
    expect(JSON.stringify(stored)).not.toContain(STRIPE_KEY.slice(8));

    const kept = await suite.admin.put<IntegrationStatusRow>("/api/integrations/stripe", { kind: "stripe", enabled: false });
    expect(kept.body).toMatchObject({ status: "configured", enabled: false, secretHint: "Ab12", settings: { publishableKey: "" } });
    const list = await suite.admin.get("/api/integrations/status");
    expect(list.text).not.toContain(STRIPE_KEY);

    const actions = (await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.userEmail, ADMIN.email))).map((row) => [row.action, row.details]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ["integration.configure", "Stripe settings saved (enabled, secret stored)"],
        ["integration.update", "Stripe settings saved (disabled, secret kept)"],
      ]),
    );
    expect(JSON.stringify(actions)).not.toContain(STRIPE_KEY);
  });

  it("lets only a signed-in administrator change, test or forget an integration", async () => {
    const staff = suite.rt.client();
    await staff.post("/api/auth/login", { email: STAFF.email, password: STAFF.password });
    const body = { kind: "stripe", secretKey: STRIPE_KEY };
    for (const res of [await staff.put("/api/integrations/stripe", body), await staff.post("/api/integrations/stripe/test"), await staff.delete("/api/integrations/stripe")]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "auth.permission_required", params: { permission: "integrations.manage" } });
    }
    const key = await suite.admin.post<CreatedApiKey>("/api/settings/api-keys", { label: "Full", scope: "full" });
    const withKey = await suite.rt.client().request("PUT", "/api/integrations/stripe", body, { authorization: `Bearer ${key.body.key}` });
    expect(withKey.status).toBe(403);
    expect(withKey.body).toMatchObject({ code: "auth.api_key_not_allowed" });
  });

  it("tests Stripe and Google honestly: unreachable or refused, the card stays configured with the reason", async () => {
    await suite.admin.put("/api/integrations/stripe", { kind: "stripe", enabled: true });
    const stripe = await suite.admin.post<IntegrationCheck>("/api/integrations/stripe/test");
    expect(stripe.status).toBe(200);
    // This machine has no internet (the check cannot reach api.stripe.com); with internet Stripe refuses the made-up key.
    expect(stripe.body.ok).toBe(false);
    expect(stripe.body.message).toMatch(/Stripe/);
    expect(stripe.body.integration).toMatchObject({ kind: "stripe", status: "configured", lastUsedAt: null, lastError: stripe.body.message });
    expect(stripe.body.integration.lastErrorAt).not.toBeNull();
    expect((await cards(suite.admin)).stripe).toMatchObject({ status: "configured", lastError: stripe.body.message });

    const google = await suite.admin.put<IntegrationStatusRow>("/api/integrations/google_workspace", {
      kind: "google_workspace",
      domain: "Example.COM",
      clientId: "1234-abc.apps.googleusercontent.com",
      clientSecret: "GOCSPX-secretvalue9876",
    });
    expect(google.body).toMatchObject({ status: "configured", settings: { domain: "example.com", clientId: "1234-abc.apps.googleusercontent.com" }, secretHint: "9876" });
    const check = await suite.admin.post<IntegrationCheck>("/api/integrations/google_workspace/test");
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ ok: false, integration: { status: "configured" } });
    expect(check.body.message).toMatch(/Google/);

    const slackUnset = await suite.admin.post("/api/integrations/slack/test");
    expect(slackUnset.status).toBe(400);
    expect(slackUnset.body).toMatchObject({ code: "integration.not_configured", fieldCodes: { kind: { code: "integration.not_configured" } } });
    const zapier = await suite.admin.post("/api/integrations/zapier/test");
    expect(zapier.body).toMatchObject({ code: "integration.not_configurable" });
  });

  it("limits checks to 10 a minute from one address, since each one reaches an outside service", async () => {
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<TestClient["post"]>> | undefined;
    for (let n = 0; n < 11 && !refusal; n++) {
      const res = await suite.admin.post("/api/integrations/zapier/test");
      statuses.push(res.status);
      if (res.status === 429) refusal = res;
    }
    // The earlier tests' checks (staff's refused ones included) count too: the 11th in the minute is refused.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(refusal!.body).toMatchObject({ code: "request.too_many" });
    expect(Number(refusal!.headers["retry-after"])).toBeGreaterThan(0);
    expect((await suite.admin.get("/api/integrations/status")).status).toBe(200);
  });

  it("forgets an integration with its secret, and answers 404 for one not configured", async () => {
    expect((await suite.admin.delete("/api/integrations/google_workspace")).body).toEqual({ ok: true });
    expect((await cards(suite.admin)).google_workspace).toMatchObject({ status: "available", secretHint: null, settings: {} });
    expect(await suite.rt.ctx.db.select().from(integrations).where(eq(integrations.kind, "google_workspace"))).toEqual([]);
    const again = await suite.admin.delete("/api/integrations/google_workspace");
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "integration.not_configured" });
    expect((await suite.admin.delete("/api/integrations/zapier")).status).toBe(404);
    const audit = await suite.rt.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "integration.disconnect"));
    expect(audit.map((row) => row.details)).toEqual(["Google Workspace settings and secret forgotten"]);
  });

  it("derives Zapier from Zapier webhook endpoints and API keys, connected once a delivery reached it", async () => {
    // hooks.zapier.com does not resolve here: the endpoint is accepted (every delivery checks again when it sends).
    const endpoint = await suite.admin.post<CreatedWebhookEndpoint>("/api/settings/webhooks", { url: "https://hooks.zapier.com/hooks/catch/123/abc/", event: "lead.deleted" });
    expect(endpoint.status).toBe(201);
    await suite.admin.post("/api/settings/webhooks", { url: "https://example.com/not-zapier", event: "lead.deleted" });
    expect((await cards(suite.admin)).zapier).toMatchObject({ status: "configured", enabled: true, lastUsedAt: null, zapier: { webhookCount: 1, apiKeyCount: 0 } });
    const [earlierFailure] = await suite.rt.ctx.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.body.id, eventName: "lead.deleted", payload: { type: "lead.deleted" }, status: "failed", attempts: 1 })
      .returning();
    await suite.rt.ctx.db.insert(webhookAttempts).values({ deliveryId: earlierFailure!.id, statusCode: null, durationMs: 3, error: "getaddrinfo ENOTFOUND hooks.zapier.com" });
    expect((await cards(suite.admin)).zapier).toMatchObject({ status: "configured", lastError: "getaddrinfo ENOTFOUND hooks.zapier.com" });

    await suite.admin.post("/api/settings/api-keys", { label: "My ZAPIER zaps", scope: "read" });
    expect((await cards(suite.admin)).zapier).toMatchObject({ status: "configured", zapier: { webhookCount: 1, apiKeyCount: 1 } });

    // A delivery Zapier accepted (what the delivery job records after a 2xx).
    const db = suite.rt.ctx.db;
    const [delivered] = await db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.body.id, eventName: "lead.deleted", payload: { type: "lead.deleted" }, status: "delivered", attempts: 1 })
      .returning();
    const [attempt] = await db.insert(webhookAttempts).values({ deliveryId: delivered!.id, statusCode: 200, durationMs: 40, responseSnippet: "ok" }).returning();
    const connected = (await cards(suite.admin)).zapier!;
    expect(connected).toMatchObject({ status: "connected", lastUsedAt: attempt!.at.toISOString(), lastError: null, lastErrorAt: null });

    // A later delivery it refused: back to configured, with the reason.
    const [failed] = await db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.body.id, eventName: "lead.deleted", payload: { type: "lead.deleted" }, status: "failed", attempts: 1 })
      .returning();
    await db.insert(webhookAttempts).values({ deliveryId: failed!.id, statusCode: 410, durationMs: 30, at: new Date(Date.now() + 1000) });
    expect((await cards(suite.admin)).zapier).toMatchObject({ status: "configured", lastError: "HTTP 410" });
  });
});
