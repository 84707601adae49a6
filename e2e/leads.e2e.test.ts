import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };

/** Created through the Add New Lead form. */
const LEAD = {
  firstName: "Marta",
  lastName: "Quintero",
  business: "Zephyrine Robotics",
  email: "marta@zephyrine.test",
  phone: "+34 600 123 456",
};
/** Created through the API, to have something to search and filter between. */
const OTHER = {
  businessOwnerName: "Olaf",
  businessOwnerLastName: "Brandt",
  businessName: "Kestrel Clinics",
  email: "olaf@kestrel.test",
  industry: "healthcare",
  status: "qualified",
};

const PRODUCTS = JSON.stringify([{ name: "Premium Plan", totalSales: 120, averageRevenue: 250, totalRevenue: 30000, profitMargin: 35 }]);

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const leadRows = (page: Page) => page.getByTestId("lead-row");
const today = () => new Date().toISOString().slice(0, 10);

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function rowTexts(page: Page): Promise<string[]> {
  return page.getByTestId("lead-row").allTextContents();
}

describe("leads, KPI, dashboard, analytics and search in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("signs in through the one-time set-up and shows an empty dashboard", async () => {
    await completeSetup(page, ADMIN);
    // Keep the cookie panel out of the way of the forms.
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await expect.poll(() => text(page.getByTestId("stat-total-leads"))).toBe("0");
    expect(await text(page.getByTestId("stat-total-revenue"))).toBe("$0K");
    expect(await text(page.getByTestId("stat-active-affiliates"))).toBe("0");
    await page.getByText("No affiliates yet").waitFor();
    await page.getByTestId("recent-leads").getByText("No leads yet").waitFor();
  });

  it("checks the Add New Lead form, creates a lead, and lists it", async () => {
    await go(page, "/leads", "Lead Management");
    await page.getByTestId("leads-empty").getByText("No leads found").waitFor();
    const form = page.getByTestId("lead-create");
    await form.getByRole("button", { name: "Add Lead" }).click();
    for (const message of ["First name is required", "Last name is required", "Business name is required", "Valid email is required"]) {
      await form.getByText(message).waitFor();
    }

    await form.getByLabel("First Name").fill(LEAD.firstName);
    await form.getByLabel("Last Name").fill(LEAD.lastName);
    await form.getByLabel("Business Name").fill(LEAD.business);
    await form.getByLabel("Email").fill(LEAD.email);
    await form.getByLabel("Phone Number").fill(LEAD.phone);
    await choose(page, form, "Years in Business", "2-5 years");
    await choose(page, form, "Industry", "Technology");
    await form.getByRole("button", { name: "Add Lead" }).click();
    await toastSays(page, "Lead created successfully!");

    await expect.poll(() => leadRows(page).count()).toBe(1);
    const row = await text(leadRows(page).first());
    for (const part of [LEAD.business, `${LEAD.firstName} ${LEAD.lastName}`, LEAD.email, LEAD.phone, "Technology", "New"]) {
      expect(row).toContain(part);
    }
    expect(await form.getByLabel("Business Name").inputValue()).toBe("");
    expect(await text(page.getByTestId("leads-pagination-summary"))).toBe("Showing 1–1 of 1");
  });

  it("shows a duplicate email on the email field", async () => {
    const form = page.getByTestId("lead-create");
    await form.getByLabel("First Name").fill("Someone");
    await form.getByLabel("Last Name").fill("Else");
    await form.getByLabel("Business Name").fill("Copycat Ltd");
    await form.getByLabel("Email").fill(LEAD.email.toUpperCase());
    await form.getByRole("button", { name: "Add Lead" }).click();
    const emailError = page.locator("#lead-create-email-error");
    await expect.poll(() => text(emailError)).toBe("A lead with this email already exists");
    expect(await form.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await leadRows(page).count()).toBe(1);
    await form.getByLabel("First Name").fill("");
    await form.getByLabel("Last Name").fill("");
    await form.getByLabel("Business Name").fill("");
    await form.getByLabel("Email").fill("");
  });

  it("shows the new lead on the dashboard", async () => {
    await go(page, "/", "Dashboard");
    await expect.poll(() => text(page.getByTestId("stat-total-leads"))).toBe("1");
    const recent = page.getByTestId("recent-lead");
    await expect.poll(() => recent.count()).toBe(1);
    const entry = await text(recent.first());
    expect(entry).toContain(LEAD.business);
    expect(entry).toContain(LEAD.email);
    expect(entry).toContain("ZR");
    expect(entry).toContain("New");
    // The name opens the lead's page; back returns to the dashboard.
    await recent.first().getByRole("link", { name: LEAD.business }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/leads\/\d+$/);
    await page.getByTestId("lead-page-name").getByText(LEAD.business).waitFor();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  });

  it("filters the list by search text and by status", async () => {
    const created = await context.request.post("/api/leads", { data: OTHER });
    expect(created.status()).toBe(201);
    await go(page, "/leads", "Lead Management");
    await expect.poll(() => leadRows(page).count()).toBe(2);

    await page.getByLabel("Search leads").fill("kestrel");
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringContaining(OTHER.businessName)]);
    await page.getByLabel("Search leads").fill("zzz-nothing-like-this");
    await page.getByTestId("leads-empty").getByText("No leads found").waitFor();
    await page.getByLabel("Search leads").fill("");
    await expect.poll(() => leadRows(page).count()).toBe(2);

    await page.getByTestId("lead-filter-button").click();
    const panel = page.getByTestId("lead-filter-panel");
    await panel.getByTestId("lead-filter-status").getByRole("checkbox", { name: "Qualified", exact: true }).check();
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringContaining(OTHER.businessName)]);
    expect(await text(page.getByTestId("lead-filter-count"))).toBe("1");
    await panel.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => leadRows(page).count()).toBe(2);
    expect(await page.getByTestId("lead-filter-count").count()).toBe(0);
    await page.keyboard.press("Escape");
  });

  it("edits a lead: the new status shows in its badge", async () => {
    const row = leadRows(page).filter({ hasText: LEAD.business });
    await row.getByRole("button", { name: `Edit ${LEAD.business}` }).click();
    const dialog = page.getByTestId("lead-edit-dialog");
    await dialog.getByText("Edit Lead").waitFor();
    expect(await dialog.getByLabel("Email").inputValue()).toBe(LEAD.email);
    await choose(page, dialog, "Status", "Contacted");
    const put = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/leads\/\d+$/.test(r.url()));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    expect((await put).postDataJSON()).toEqual({ status: "contacted" });
    await toastSays(page, "Lead updated successfully");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => text(row.getByTestId("lead-status"))).toBe("Contacted");
  });

  it("syncs KPI data and shows it in the cards and the table", async () => {
    await go(page, "/kpi", "KPI Metrics");
    await page.getByTestId("kpi-empty").waitFor();
    // The totals card is its own query: it may show the cached figure until its refetch arrives.
    await expect.poll(() => text(page.getByTestId("kpi-leads-with-kpi"))).toBe("0");
    const form = page.getByTestId("kpi-sync");
    await form.getByRole("button", { name: "Sync KPI Data" }).click();
    for (const message of ["Valid email is required", "YTD Revenue is required", "MRR is required", "Top Products data is required"]) {
      await form.getByText(message).waitFor();
    }

    await form.getByLabel("Lead Email").fill("nobody@nowhere.test");
    await form.getByLabel("YTD Revenue").fill("1");
    await form.getByLabel("Monthly Recurring Revenue (MRR)").fill("1");
    // Top Products opens on its rows editor (e2e/kpi.e2e.test.ts); this test pastes JSON.
    await form.getByRole("tab", { name: "Paste JSON" }).click();
    await form.getByLabel("Top Products (JSON)").fill(PRODUCTS);
    await form.getByRole("button", { name: "Sync KPI Data" }).click();
    await expect.poll(() => text(page.locator("#kpi-email-error"))).toBe("No lead with this email");

    await form.getByLabel("Lead Email").fill(LEAD.email);
    await form.getByLabel("YTD Revenue").fill("125000");
    await form.getByLabel("Monthly Recurring Revenue (MRR)").fill("10400.50");
    const sent = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/kpi"));
    await form.getByRole("button", { name: "Sync KPI Data" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect({ ytdRevenue: body.ytdRevenue, mrr: body.mrr }).toEqual({ ytdRevenue: 125000, mrr: 10400.5 });
    await toastSays(page, "KPI data synced successfully!");

    await expect.poll(() => text(page.getByTestId("kpi-total-ytd"))).toBe("$125K");
    expect(await text(page.getByTestId("kpi-total-mrr"))).toBe("$10K");
    expect(await text(page.getByTestId("kpi-leads-with-kpi"))).toBe("1");
    const row = page.getByTestId("kpi-row");
    await expect.poll(() => row.count()).toBe(1);
    const cells = await text(row.first());
    for (const part of [LEAD.business, LEAD.email, "$125,000.00", "$10,400.50"]) expect(cells).toContain(part);
    expect(await form.getByLabel("Lead Email").inputValue()).toBe("");
  });

  it("sends nothing when Top Products is not JSON", async () => {
    let kpiPosts = 0;
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/kpi") kpiPosts += 1;
    };
    page.on("request", count);
    const form = page.getByTestId("kpi-sync");
    await form.getByLabel("Lead Email").fill(LEAD.email);
    await form.getByLabel("YTD Revenue").fill("1000");
    await form.getByLabel("Monthly Recurring Revenue (MRR)").fill("100");
    await form.getByLabel("Top Products (JSON)").fill("{ not json");
    await form.getByRole("button", { name: "Sync KPI Data" }).click();
    await toastSays(page, "Invalid JSON format for top products");
    await page.waitForTimeout(300);
    page.off("request", count);
    expect(kpiPosts).toBe(0);
    expect(await text(page.getByTestId("kpi-total-ytd"))).toBe("$125K");
  });

  it("shows a KPI record's detail with its products", async () => {
    await page.getByTestId("kpi-row").first().getByRole("button", { name: /^View/ }).click();
    const dialog = page.getByTestId("kpi-detail-dialog");
    await dialog.getByText("KPI Details").waitFor();
    await dialog.getByText(`${LEAD.business} · ${LEAD.email}`).waitFor();
    expect(await text(dialog.getByTestId("kpi-detail-ytd"))).toBe("$125,000.00");
    const product = await text(dialog.getByTestId("kpi-product-row").first());
    for (const part of ["Premium Plan", "120", "$250.00", "$30,000.00", "35%"]) expect(product).toContain(part);
    await dialog.getByTestId("kpi-products-chart").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("shows the synced revenue on the dashboard", async () => {
    await go(page, "/", "Dashboard");
    await expect.poll(() => text(page.getByTestId("stat-total-revenue"))).toBe("$125K");
    expect(await text(page.getByTestId("stat-monthly-mrr"))).toBe("$10K");
    expect(await text(page.getByTestId("stat-total-leads"))).toBe("2");
  });

  it("filters the lead report by business type and dates", async () => {
    await go(page, "/analytics", "Analytics");
    const heading = page.getByTestId("report-results-heading");
    await expect.poll(() => text(heading)).toBe("Report Results (2 leads)");

    const form = page.getByTestId("report-filters");
    await choose(page, form, "Business Type", "Technology");
    await form.getByRole("button", { name: "Generate Report" }).click();
    await expect.poll(() => text(heading)).toBe("Report Results (1 lead)");
    expect(await page.getByTestId("report-row").allTextContents()).toEqual([expect.stringContaining(LEAD.email)]);

    await form.getByLabel("Start Date").fill(today());
    await form.getByLabel("End Date").fill(today());
    await form.getByRole("button", { name: "Generate Report" }).click();
    await expect.poll(() => text(heading)).toBe("Report Results (1 lead)");

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("Start Date").fill(tomorrow);
    await form.getByLabel("End Date").fill(tomorrow);
    await form.getByRole("button", { name: "Generate Report" }).click();
    await expect.poll(() => text(heading)).toBe("Report Results (0 leads)");
    await page.getByText("No results found. Try adjusting your filters.").waitFor();

    await form.getByLabel("End Date").fill(today());
    await form.getByRole("button", { name: "Generate Report" }).click();
    await form.getByText("End date must be on or after start date").waitFor();

    await form.getByRole("button", { name: "Reset" }).click();
    await expect.poll(() => text(heading)).toBe("Report Results (2 leads)");
  });

  it("searches everything from Referral Tracking, grouped with counts", async () => {
    await go(page, "/referrals", "Referral Tracking");
    const card = page.getByTestId("global-search");
    await page.getByTestId("issue-report-slot").waitFor();
    expect(await card.getByRole("button", { name: "Search" }).isDisabled()).toBe(true);
    await card.getByLabel("Search term").fill("zephyrine");
    await card.getByRole("button", { name: "Search" }).click();
    const leads = page.getByTestId("search-group-leads");
    await leads.getByText("Leads (1)").waitFor();
    await leads.getByText(LEAD.business).waitFor();
    await leads.getByText(LEAD.email).waitFor();
    await page.getByTestId("search-group-affiliates").getByText("Affiliates (0)").waitFor();
    await page.getByTestId("search-group-affiliates").getByText("No affiliates found").waitFor();
    await page.getByTestId("search-group-issues").getByText("Issues (0)").waitFor();
    await page.getByTestId("search-group-issues").getByText("No issues found").waitFor();

    await card.getByLabel("Search term").fill("no-such-lead-anywhere");
    await card.getByRole("button", { name: "Search" }).click();
    await leads.getByText("Leads (0)").waitFor();
    await leads.getByText("No leads found").waitFor();
  });

  it("exports the lead list with its current filters as CSV", async () => {
    await go(page, "/settings", "Settings");
    expect(await page.getByTestId("export-data-button").getAttribute("aria-disabled")).toBe("true");

    await go(page, "/leads", "Lead Management");
    await expect.poll(() => leadRows(page).count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-data-button").click()]);
    await toastSays(page, "Export started");
    const csv = readFileSync((await download.path())!, "utf8");
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(header).toContain("Business");
    expect(header).toContain("Email");
    expect(lines).toHaveLength(2);
    expect(csv).toContain(LEAD.email);
    expect(csv).toContain(LEAD.business);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    await page.getByLabel("Search leads").fill("kestrel");
    await expect.poll(() => leadRows(page).count()).toBe(1);
    const [filtered] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-data-button").click()]);
    const filteredCsv = readFileSync((await filtered.path())!, "utf8");
    expect(filteredCsv).toContain(OTHER.email);
    expect(filteredCsv).not.toContain(LEAD.email);
    await page.getByLabel("Search leads").fill("");
    await expect.poll(() => leadRows(page).count()).toBe(2);
  });

  it("exports exactly the applied lead report from Analytics", async () => {
    await go(page, "/analytics", "Analytics");
    const form = page.getByTestId("report-filters");
    await choose(page, form, "Business Type", "Healthcare");
    await form.getByRole("button", { name: "Generate Report" }).click();
    await expect.poll(() => text(page.getByTestId("report-results-heading"))).toBe("Report Results (1 lead)");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-data-button").click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain(OTHER.email);
    expect(csv).not.toContain(LEAD.email);
  });

  it("deletes a lead after confirming, and its KPI data with it", async () => {
    await go(page, "/leads", "Lead Management");
    await expect.poll(() => leadRows(page).count()).toBe(2);
    const row = leadRows(page).filter({ hasText: LEAD.business });
    await row.getByRole("button", { name: `Delete ${LEAD.business}` }).click();
    const dialog = page.getByTestId("lead-delete-dialog");
    expect(await text(dialog)).toContain("KPI data");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await leadRows(page).count()).toBe(2);

    await row.getByRole("button", { name: `Delete ${LEAD.business}` }).click();
    await dialog.getByRole("button", { name: "Delete Lead" }).click();
    await toastSays(page, "Lead deleted successfully");
    await expect.poll(() => rowTexts(page)).toEqual([expect.stringContaining(OTHER.businessName)]);

    await go(page, "/kpi", "KPI Metrics");
    await page.getByTestId("kpi-empty").waitFor();
    // The totals card is its own query: it may show the cached figure until its refetch arrives.
    await expect.poll(() => text(page.getByTestId("kpi-leads-with-kpi"))).toBe("0");
  });

  it("pages through the list with Next and Previous", async () => {
    for (let i = 0; i < 55; i += 1) {
      const res = await context.request.post("/api/leads", {
        data: { businessOwnerName: "Bulk", businessOwnerLastName: `Owner ${i}`, businessName: `Bulk Co ${i}`, email: `bulk${i}@bulk.test` },
      });
      expect(res.status()).toBe(201);
    }
    await go(page, "/leads", "Lead Management");
    await page.reload();
    const summary = page.getByTestId("leads-pagination-summary");
    await expect.poll(() => text(summary)).toBe("Showing 1–50 of 56");
    expect(await leadRows(page).count()).toBe(50);
    expect(await text(leadRows(page).first())).toContain("Bulk Co 54");

    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => text(summary)).toBe("Showing 51–56 of 56");
    expect(await leadRows(page).count()).toBe(6);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    expect(await text(leadRows(page).last())).toContain(OTHER.businessName);

    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => text(summary)).toBe("Showing 1–50 of 56");
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
  });

  it("says about how many leads a search matches when it matches more than a thousand", async () => {
    // 2,000 leads with the ids 64,000,001–64,002,000: 31 of them are sampled (multiples of 64), so 1,984 → about 2,000.
    await e2e.runtime.ctx.db.execute(sql`
      INSERT INTO leads (id, business_owner_name, business_owner_last_name, business_name, email)
      OVERRIDING SYSTEM VALUE
      SELECT 64000000 + i, 'Ana', 'Owner ' || i, 'Quokka Traders ' || i, 'quokka' || i || '@bulk.test' FROM generate_series(1, 2000) AS i`);
    await page.getByLabel("Search leads").fill("quokka");
    const summary = page.getByTestId("leads-pagination-summary");
    await expect.poll(() => text(summary)).toBe("Showing 1–50 of about 2,000");
    expect(await text(leadRows(page).first())).toContain("Quokka Traders 2000");
    await page.getByLabel("Search leads").fill("quokka traders 1999");
    await expect.poll(() => text(summary)).toBe("Showing 1–1 of 1");
  });
});
