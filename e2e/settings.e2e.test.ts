import type { BrowserContext, Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Katherine Johnson", email: "katherine@leadwell.test", password: "a long enough password" };
const BRAND = "Acme Spring Launch";
const KEY_LABEL = "Website form";
const LEAD = { firstName: "Tomas", lastName: "Brand", business: "Brandtown Bakery", email: "tomas@brandtown.test" };

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

describe("settings in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let key = "";

  /** Calls the API as an outside system would, with only the key. */
  const withKey = (path: string) => fetch(`${e2e.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.baseUrl });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("starts with the brand 'default' and an empty key list", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await go(page, "/settings", "Settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    const brand = page.getByTestId("settings-brand");
    expect(await brand.getByLabel("Brand or project").inputValue()).toBe("default");
    expect(await text(brand.getByTestId("settings-brand-note"))).toContain("All new leads created in this browser will be tagged with the chosen brand");
    await page.getByTestId("api-keys-empty").getByText("No API keys yet").waitFor();
    expect(await page.getByTestId("settings-webhooks").count()).toBe(1);
  });

  it("sets the brand in this browser, says 'Brand Set', and keeps it after a reload", async () => {
    const brand = page.getByTestId("settings-brand");
    await brand.getByLabel("Brand or project").fill(`  ${BRAND} `);
    await brand.getByRole("button", { name: "Set Brand" }).click();
    await toastSays(page, "Brand Set");
    expect(await text(brand.getByTestId("settings-brand-current"))).toBe(`Current brand: ${BRAND}`);
    expect(await page.evaluate(() => window.localStorage.getItem("leadwell.brand"))).toBe(BRAND);

    await page.reload();
    expect(await page.getByTestId("settings-brand").getByLabel("Brand or project").inputValue()).toBe(BRAND);
  });

  it("tags a lead created from this browser with the brand", async () => {
    await go(page, "/leads", "Lead Management");
    const form = page.getByTestId("lead-create");
    await form.getByLabel("First Name").fill(LEAD.firstName);
    await form.getByLabel("Last Name").fill(LEAD.lastName);
    await form.getByLabel("Business Name").fill(LEAD.business);
    await form.getByLabel("Email").fill(LEAD.email);
    const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/leads");
    await form.getByRole("button", { name: "Add Lead" }).click();
    expect(((await sent).postDataJSON() as { tags: unknown }).tags).toEqual([BRAND]);
    await toastSays(page, "Lead created successfully!");

    const stored = await page.request.get(`/api/leads?q=${encodeURIComponent(LEAD.email)}&view=full`);
    const leads = (await stored.json()) as { email: string; tags: string[] }[];
    expect(leads.map((lead) => [lead.email, lead.tags])).toEqual([[LEAD.email, [BRAND]]]);
  });

  it("ignores a blank label: nothing is sent", async () => {
    await go(page, "/settings", "Settings");
    await page.getByTestId("api-keys-empty").waitFor();
    let posts = 0;
    const count = (request: Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/settings/api-keys") posts += 1;
    };
    page.on("request", count);
    const form = page.getByTestId("api-key-create");
    await form.getByLabel("Label").fill("   ");
    await form.getByRole("button", { name: "Create API Key" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("api-key-label");
    page.off("request", count);
    expect(posts).toBe(0);
    expect(await page.getByTestId("api-key-created").count()).toBe(0);
  });

  it("creates a key with a scope and shows the whole key once, with a copy button", async () => {
    const form = page.getByTestId("api-key-create");
    await form.getByLabel("Label").fill(KEY_LABEL);
    await form.getByLabel("Scope", { exact: true }).click();
    await page.getByRole("option", { name: "Read only", exact: true }).click();
    expect(await text(page.getByTestId("api-key-scope-hint"))).toBe("May read everything (GET requests) and change nothing.");
    const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/settings/api-keys");
    await form.getByRole("button", { name: "Create API Key" }).click();
    expect((await sent).postDataJSON()).toEqual({ label: KEY_LABEL, scope: "read" });
    await toastSays(page, "API Key Created");

    const created = page.getByTestId("api-key-created");
    await created.getByRole("heading", { level: 3, name: `New key: ${KEY_LABEL}` }).waitFor();
    key = await created.getByLabel("The new API key").inputValue();
    expect(key).toMatch(/^[0-9A-Za-z]{64}$/);
    expect(await form.getByLabel("Label").inputValue()).toBe("");

    await created.getByRole("button", { name: "Copy key" }).click();
    await toastSays(page, "Key copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The key is what an outside system uses, within its scope.
    expect((await withKey("/api/leads")).status).toBe(200);
    expect((await fetch(`${e2e.baseUrl}/api/leads`, { method: "POST", headers: { authorization: `Bearer ${key}` } })).status).toBe(403);
  });

  it("lists the key with label, prefix, scope, created and last used, and never shows the key again", async () => {
    const rows = page.getByTestId("api-key-row");
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await text(row.getByTestId("api-key-label"))).toBe(KEY_LABEL);
    expect(await text(row.getByTestId("api-key-prefix"))).toBe(`${key.slice(0, 8)}…`);
    expect(await text(row.getByTestId("api-key-scope"))).toBe("Read only");
    expect(await row.getByTestId("api-key-created-at").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await page.getByTestId("api-key-created").getByRole("button", { name: "Done" }).click();
    await page.getByTestId("api-key-created").waitFor({ state: "detached" });
    await page.reload();
    const reloaded = page.getByTestId("api-key-row").first();
    // The key was used just above, so the list now says when.
    await expect.poll(() => reloaded.getByTestId("api-key-last-used").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await page.content()).not.toContain(key);
  });

  it("deletes the key after a confirmation, and the key stops working", async () => {
    await page.getByRole("button", { name: `Delete API key ${KEY_LABEL}` }).click();
    const dialog = page.getByTestId("api-key-delete-dialog");
    await dialog.getByRole("heading", { name: "Delete this API key?" }).waitFor();
    expect(await text(dialog)).toContain(`“${KEY_LABEL}” (${key.slice(0, 8)}…)`);

    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("api-key-row").count()).toBe(1);

    await page.getByRole("button", { name: `Delete API key ${KEY_LABEL}` }).click();
    await page.getByTestId("api-key-delete-dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await toastSays(page, "API Key Deleted");
    await page.getByTestId("api-keys-empty").getByText("No API keys yet").waitFor();
    expect((await withKey("/api/leads")).status).toBe(401);
  });
});
