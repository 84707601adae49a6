import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Export", email: "ada.export@leadwell.test", password: "a long enough password" };

/** Clicks Export Data, waits for the browser's download and answers the file's text without the BOM. */
async function exportData(page: Page): Promise<{ csv: string; filename: string }> {
  const button = page.getByTestId("export-data-button");
  expect(await button.getAttribute("aria-disabled")).toBeNull();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return { csv: text.slice(1), filename: download.suggestedFilename() };
}

async function go(page: Page, path: string, nav: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: nav, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; uniqueCode?: string };
}

describe("Export Data on every screen", () => {
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("is disabled on the Dashboard, with the reason shown on hover and focus and given as its description", async () => {
    await completeSetup(page, ADMIN);
    await page.getByTestId("cookie-panel").getByRole("button", { name: "Necessary Only" }).click();
    const button = page.getByTestId("export-data-button");
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    expect(await button.getAttribute("href")).toBeNull();
    const reason = "The dashboard shows summaries; export leads from Lead Management";
    const describedBy = await button.getAttribute("aria-describedby");
    expect(((await page.locator(`[id="${describedBy}"]`).textContent()) ?? "").trim()).toBe(reason);

    await button.hover();
    await page.getByTestId("export-data-reason").getByText(reason).waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("export-data-reason").waitFor({ state: "detached" });
    await page.mouse.move(0, 0, { steps: 5 });
    await button.focus();
    await page.getByTestId("export-data-reason").getByText(reason).waitFor();

    let downloads = 0;
    page.on("download", () => (downloads += 1));
    // Playwright counts aria-disabled as disabled; a person can still click it, and nothing must happen.
    await button.click({ force: true });
    await page.waitForTimeout(300);
    expect(downloads).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("says there is nothing to export on Settings", async () => {
    await go(page, "/settings", "Settings");
    const button = page.getByTestId("export-data-button");
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    await button.focus();
    await page.getByTestId("export-data-reason").getByText("Nothing to export on this page").waitFor();
  });

  it("downloads the KPI records the KPI screen lists", async () => {
    await post(page, "/api/leads", { businessOwnerName: "José", businessOwnerLastName: "Núñez", businessName: "Panadería Núñez", email: "jose@nunez.es" });
    await post(page, "/api/kpi", { email: "jose@nunez.es", ytdRevenue: 1234.5, mrr: 99, topProducts: [] });
    await go(page, "/kpi", "KPI Metrics");
    await expect.poll(() => page.getByTestId("kpi-row").count()).toBe(1);
    const { csv, filename } = await exportData(page);
    expect(filename).toMatch(/^kpi-records-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(header).toBe("ID,Lead ID,Business,Email,YTD revenue,MRR,Top products,Updated");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(",Panadería Núñez,jose@nunez.es,1234.50,99.00,");
  });

  it("downloads the feedback the Feedback screen lists", async () => {
    await post(page, "/api/feedback", { type: "Bug", description: "=1+1 looks odd in the chart" });
    await post(page, "/api/feedback", { description: "Gracias por el diseño" });
    await go(page, "/feedback", "Feedback");
    await expect.poll(() => page.getByTestId("feedback-item").count()).toBe(2);
    const { csv } = await exportData(page);
    const rows = csv.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`,General,${ADMIN.email},Gracias por el diseño,`);
    expect(rows[1]).toContain(`,Bug,${ADMIN.email},'=1+1 looks odd in the chart,`);
  });

  it("downloads the Technical Issues list with the search the screen shows", async () => {
    await post(page, "/api/issues", { email: "ana@example.com", description: "La factura sale vacía en el informe" });
    await post(page, "/api/issues", { email: "bo@example.com", description: "The chart legend overlaps on mobile" });
    await go(page, "/issues", "Technical Issues");
    await page.getByRole("tab", { name: "Manage Issues" }).click();
    await expect.poll(() => page.getByTestId("issue-row").count()).toBe(2);
    expect((await exportData(page)).csv.trimEnd().split("\r\n")).toHaveLength(3);

    await page.getByTestId("issue-search").fill("factura");
    await expect.poll(() => page.getByTestId("issue-row").count()).toBe(1);
    await expect.poll(() => page.getByTestId("export-data-button").getAttribute("href")).toContain("q=factura");
    const { csv } = await exportData(page);
    const rows = csv.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("La factura sale vacía en el informe");
  });

  it("downloads the referrals the Referral Tracking filter applies to", async () => {
    const maria = await post(page, "/api/affiliates/signup", { name: "María", businessName: "María Partners", email: "maria@partners.test", password: "secret1" });
    const bob = await post(page, "/api/affiliates/signup", { name: "Bob", businessName: "Bob Partners", email: "bob@partners.test", password: "secret1" });
    await post(page, "/api/leads", { businessOwnerName: "Lía", businessOwnerLastName: "Ruiz", businessName: "Ruiz Café", email: "lia@ruiz.es", affiliateCode: maria.uniqueCode });
    await post(page, "/api/leads", { businessOwnerName: "Ben", businessOwnerLastName: "Bay", businessName: "Bay Tools", email: "ben@bay.test", affiliateCode: bob.uniqueCode });
    await go(page, "/referrals", "Referral Tracking");
    await expect.poll(() => page.getByTestId("referral-row").count()).toBe(2);
    const all = (await exportData(page)).csv;
    expect(all).toContain("Ruiz Café");
    expect(all).toContain("Bay Tools");

    const filters = page.getByTestId("referral-filters");
    await filters.getByLabel("Affiliate", { exact: true }).click();
    await page.getByRole("option", { name: `María (${maria.uniqueCode})`, exact: true }).click();
    await page.getByTestId("referral-filter-submit").click();
    await expect.poll(() => page.getByTestId("referral-row").count()).toBe(1);
    const { csv, filename } = await exportData(page);
    expect(filename).toMatch(/^referrals-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csv.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`,María,${maria.uniqueCode},`);
    expect(rows[0]).toContain(",Lía Ruiz,Ruiz Café,lia@ruiz.es,");
  });
});
