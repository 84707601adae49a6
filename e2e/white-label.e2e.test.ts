import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const BRAND = { name: "Harbor Foods", domain: "CRM.HarborFoods.example", logoUrl: "https://logos.harborfoods.example/mark.svg", primary: "#0f5132", primaryText: "#ffffff", accent: "#f59e0b" };
const LEAD = { firstName: "Ines", lastName: "Porto", business: "Porto Fishmongers", email: "ines@porto.test" };
/** A small SVG the browser gets for the logo's https address (this machine has no internet). */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#0f5132"/></svg>`;

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

const rootVariable = (page: Page, name: string) => page.evaluate((variable) => document.documentElement.style.getPropertyValue(variable), name);

describe("white label in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await context.route("https://logos.harborfoods.example/**", (route) => route.fulfill({ status: 200, contentType: "image/svg+xml", body: LOGO_SVG }));
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens on Enterprise → White Label with no brands, the brand 'default' and empty verticals", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await page.goto(`${e2e.baseUrl}/enterprise?tab=white-label`);
    await page.getByRole("tab", { name: "White Label", selected: true }).waitFor();
    await page.getByTestId("brands-empty").getByText("No brands yet.").waitFor();
    await page.getByTestId("verticals-empty").getByText("No leads yet.").waitFor();
    expect(await text(page.getByTestId("brand-choice-current"))).toBe("Current brand: default");
    expect(await page.getByTestId("app-brand").count()).toBe(0);
  });

  it("adds a brand through the form, refusing low contrast first, and lists it with its domain, logo and colours", async () => {
    await page.getByTestId("brand-add").click();
    const dialog = page.getByTestId("brand-dialog");
    await dialog.getByLabel("Name").fill(BRAND.name);
    await dialog.getByLabel("Domain").fill(BRAND.domain);
    await dialog.getByLabel("Logo URL (https, optional)").fill(BRAND.logoUrl);
    await dialog.getByLabel("Primary colour").fill("#777777");
    await dialog.getByLabel("Text on primary").fill("#ffffff");
    await dialog.getByRole("button", { name: "Add brand" }).click();
    await dialog.getByText("Text on the primary colour has a contrast of 4.47:1; at least 4.5:1 is needed (WCAG AA)").waitFor();

    await dialog.getByLabel("Primary colour").fill(BRAND.primary);
    await dialog.getByLabel("Accent colour").fill(BRAND.accent);
    await dialog.getByRole("button", { name: "Add brand" }).click();
    await toastSays(page, `Brand ${BRAND.name} added`);
    await dialog.waitFor({ state: "detached" });

    const row = page.getByTestId("brand-row");
    await row.waitFor();
    expect(await text(row.getByRole("cell").nth(1))).toBe("crm.harborfoods.example");
    expect(await row.getByRole("img", { name: `${BRAND.name} logo` }).getAttribute("src")).toBe(BRAND.logoUrl);
    expect(await row.getByTestId("brand-swatch-primary").getAttribute("title")).toBe(`Primary: ${BRAND.primary}`);
    expect(await row.getByTestId("brand-swatch-accent").getAttribute("title")).toBe(`Accent: ${BRAND.accent}`);
  });

  it("chooses the brand: 'Brand Set', kept in local storage, and the shell shows its name, logo and colours", async () => {
    const choice = page.getByTestId("brand-choice");
    await choice.getByRole("combobox", { name: "Brand", exact: true }).click();
    await page.getByRole("option", { name: BRAND.name }).click();
    await choice.getByRole("button", { name: "Set Brand" }).click();
    await toastSays(page, "Brand Set");
    expect(await text(choice.getByTestId("brand-choice-current"))).toBe(`Current brand: ${BRAND.name}`);
    expect(await page.evaluate(() => window.localStorage.getItem("leadwell.brand"))).toBe(BRAND.name);

    const sidebar = page.getByTestId("sidebar");
    expect(await text(sidebar.getByTestId("app-brand"))).toBe(BRAND.name);
    await expect.poll(() => sidebar.getByTestId("app-brand-logo").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await sidebar.getByTestId("app-brand-logo").getAttribute("src")).toBe(BRAND.logoUrl);
    expect(await rootVariable(page, "--primary")).toBe(BRAND.primary);
    expect(await rootVariable(page, "--primary-foreground")).toBe(BRAND.primaryText);
    // A primary button takes the brand's colour (once the pointer is off it: hovering tints it).
    await page.mouse.move(0, 0);
    const button = choice.getByRole("button", { name: "Set Brand" });
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(15, 81, 50)");

    // After a reload the choice and the colours are still there, and Settings shows the same choice.
    await page.reload();
    await page.getByTestId("sidebar").getByTestId("app-brand").getByText(BRAND.name).waitFor();
    await expect.poll(() => rootVariable(page, "--primary")).toBe(BRAND.primary);
    await page.goto(`${e2e.baseUrl}/settings`);
    expect(await page.getByTestId("settings-brand").getByLabel("Brand or project").inputValue()).toBe(BRAND.name);
  });

  it("tags a new lead with the brand, and the verticals count it", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).click();
    const form = page.getByTestId("lead-create");
    await form.getByLabel("First Name").fill(LEAD.firstName);
    await form.getByLabel("Last Name").fill(LEAD.lastName);
    await form.getByLabel("Business Name").fill(LEAD.business);
    await form.getByLabel("Email").fill(LEAD.email);
    const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/leads");
    await form.getByRole("button", { name: "Add Lead" }).click();
    expect(((await sent).postDataJSON() as { tags: unknown }).tags).toEqual([BRAND.name]);
    await toastSays(page, "Lead created successfully!");
    const stored = (await (await page.request.get(`/api/leads?q=${encodeURIComponent(LEAD.email)}&view=full`)).json()) as { tags: string[] }[];
    expect(stored.map((lead) => lead.tags)).toEqual([[BRAND.name]]);

    await page.goto(`${e2e.baseUrl}/enterprise?tab=white-label`);
    const vertical = page.getByTestId("vertical-row");
    await vertical.waitFor();
    expect(await text(vertical.getByRole("cell").nth(0))).toBe("No industry");
    expect(await text(vertical.getByRole("cell").nth(1))).toBe("1");
  });

  it("refuses to delete a brand a lead carries, saying why, and going back to 'default' restores the app's colours", async () => {
    await page.getByRole("button", { name: `Delete ${BRAND.name}` }).click();
    await page.getByTestId("brand-delete-confirm").getByRole("button", { name: "Delete brand" }).click();
    await page.getByText("Leads carrying this brand's name as a tag: 1. It cannot be deleted while any do.").first().waitFor();
    expect(await page.getByTestId("brand-row").count()).toBe(1);

    const choice = page.getByTestId("brand-choice");
    await choice.getByRole("combobox", { name: "Brand", exact: true }).click();
    await page.getByRole("option", { name: "default (no brand)" }).click();
    await choice.getByRole("button", { name: "Set Brand" }).click();
    await toastSays(page, "Brand Set");
    await expect.poll(() => rootVariable(page, "--primary")).toBe("");
    expect(await page.getByTestId("sidebar").getByTestId("app-brand").count()).toBe(0);
  });

  it("has no serious accessibility violation on the tab in Spanish, with the brand applied", async () => {
    await page.evaluate((name) => {
      window.localStorage.setItem("leadwell.brand", name);
      window.localStorage.setItem("i18nextLng", "es");
    }, BRAND.name);
    await page.goto(`${e2e.baseUrl}/enterprise?tab=white-label`);
    await page.getByRole("tab", { name: "Marca blanca", selected: true }).waitFor();
    await page.getByTestId("brand-row").waitFor();
    await page.getByTestId("vertical-row").waitFor();
    await expect.poll(() => rootVariable(page, "--primary")).toBe(BRAND.primary);
    expect((await seriousViolations(page)).map((finding) => `${finding.id}: ${finding.targets.join(", ")}`)).toEqual([]);
  });
});
