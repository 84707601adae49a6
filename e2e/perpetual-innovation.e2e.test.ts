import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const LIST_TABS = ["innovation", "handover", "legacy", "sustainability", "reports"] as const;

/** The open tab's tables wider than their card, and any sideways scroll of the page itself. */
const misfits = (page: Page) =>
  page.evaluate(() => {
    const tables = [...document.querySelectorAll<HTMLTableElement>("[role=tabpanel] table")].filter((table) => table.scrollWidth > table.parentElement!.clientWidth);
    const pageOverflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    return [...tables.map((table) => `${table.getAttribute("aria-label")}: ${table.scrollWidth}px in ${table.parentElement!.clientWidth}px`), ...(pageOverflow > 0 ? [`page ${pageOverflow}px`] : [])];
  });

describe("Perpetual Innovation & Legacy in the browser", () => {
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens each of the six tabs, showing its empty texts before any record exists", async () => {
    await page.goto("/perpetual-innovation");
    await page.getByTestId("page-title").getByText("Perpetual Innovation & Legacy").waitFor();
    await page.getByText("No upcoming reviews scheduled").waitFor();
    expect(await page.getByTestId("pi-card-innovation").textContent()).toBe("0%");
    expect(await page.getByTestId("pi-next-refresh").textContent()).toBe("Next refresh: Not scheduled");
    expect(await page.getByTestId("pi-overdue").count()).toBe(0);
    const expectations: [string, string][] = [
      ["Innovation", "No tech assessments"],
      ["Handover", "No handover packages"],
      ["Legacy", "None scheduled"],
      ["Legacy", "No legacy plans"],
      ["Sustainability", "No sustainability plans"],
      ["Reports", "No legacy reports"],
    ];
    for (const [tab, emptyText] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(emptyText).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("reports");
  });

  it("adds a handover package through the generated form, then edits it, and the readiness follows", async () => {
    await page.getByRole("tab", { name: "Handover" }).click();
    await page.getByTestId("record-add-handoverPackage").click();
    const form = page.getByTestId("record-form-handoverPackage");
    await form.getByLabel("Title *").fill("Platform runbooks");
    await form.getByTestId("record-save").click();
    await form.getByText("This field is required").first().waitFor();

    await form.getByRole("combobox", { name: "Type *" }).click();
    await page.getByRole("option", { name: "Technical" }).click();
    await form.getByLabel("Target audience *").fill("Incoming engineering lead");
    await form.getByLabel("Handover date").fill(utcDay(10));
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    const list = page.getByTestId("record-list-handoverPackage");
    await list.getByText("Platform runbooks").waitFor();
    await list.getByText("Draft").waitFor();
    await list.getByText("Pending").waitFor();
    await expect.poll(() => page.getByTestId("pi-total-packages").textContent()).toBe("1");
    expect(await page.getByTestId("pi-readiness").textContent()).toBe("0%");

    await list.getByRole("button", { name: "Edit Platform runbooks" }).click();
    const edit = page.getByTestId("record-form-handoverPackage");
    await edit.getByRole("combobox", { name: "Completion status" }).click();
    await page.getByRole("option", { name: "Ready" }).click();
    await edit.getByLabel("Documentation done").check();
    await edit.getByTestId("record-save").click();
    await edit.waitFor({ state: "detached" });
    await list.getByText("Documented").waitFor();
    await expect.poll(() => page.getByTestId("pi-readiness").textContent()).toBe("100%");

    await page.getByRole("tab", { name: "Dashboard" }).click();
    await expect.poll(() => page.getByTestId("pi-card-succession").textContent()).toBe("100%");
    await page.getByText("10 days left").waitFor();
  });

  it("shows every tab with data, and the Legacy Report downloads the figures on screen", async () => {
    const post = async (path: string, data: Record<string, unknown>) => expect((await page.request.post(`/api${path}`, { data })).status()).toBe(201);
    await post("/tech-refresh", { title: "Security review", reviewType: "security", status: "completed", reviewDate: utcDay(-20), innovationScore: 85, technologyDebt: "low", debtIssues: 4, innovationOpportunities: ["Passkeys", "Audit log export"] });
    await post("/tech-refresh", { title: "Quarterly check", reviewType: "quarterly", reviewDate: utcDay(30) });
    await post("/community-legacy", { title: "CSV import library", legacyType: "open_source", status: "in_progress", transitionDate: utcDay(45), repositoryUrl: "https://example.com/csv", licenseType: "MIT", stakeholderReach: 2300 });
    await post("/sunset-evergreen", { title: "Legacy REST API v1", planType: "sunset", status: "active", endOfLifeDate: utcDay(120), budgetAllocation: "6000", maintenancePlan: true });
    await post("/project-legacy", { title: "Annual legacy report", reportType: "annual", publicationStatus: "public", publishDate: utcDay(-5), achievements: ["Open-sourced the CSV library"], lessonsLearned: ["Publish early"], impactAreas: ["open source"], quantifiedImpact: "120000" });

    await page.goto("/perpetual-innovation");
    await expect.poll(() => page.getByTestId("pi-card-innovation").textContent()).toBe("85%");
    expect(await page.getByTestId("pi-impact-value").textContent()).toBe("$120,000.00");
    await page.getByTestId("pi-next-refresh").getByText("Next refresh: ").waitFor();
    const withData: [string, string][] = [
      ["Innovation", "Security review"],
      ["Handover", "Platform runbooks"],
      ["Legacy", "CSV import library"],
      ["Sustainability", "Legacy REST API v1"],
      ["Reports", "Annual legacy report"],
    ];
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [tab, title] of withData) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(title).waitFor();
      expect(await misfits(page), tab).toEqual([]);
    }
    expect(await page.getByTestId("pi-legacy-value").textContent()).toBe("$120,000.00");

    const button = page.getByTestId("page-report-button");
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^perpetual-innovation-legacy-report-\d{4}-\d{2}-\d{2}\.html$/);
    const html = readFileSync((await download.path())!, "utf8");
    expect(html).toContain("<h1>Perpetual Innovation &amp; Legacy report</h1>");
    expect(html).toContain("<tr><th scope=\"row\">Innovation Health</th><td>85%</td></tr>");
    expect(html).toContain("$120,000.00");
  });

  it("keeps the latest five assessments on the card, opens every one from View all, and says what the figures are computed over", async () => {
    const post = async (path: string, data: Record<string, unknown>) => expect((await page.request.post(`/api${path}`, { data })).status()).toBe(201);
    for (const n of [1, 2, 3, 4]) await post("/tech-refresh", { title: `Older check ${n}`, reviewType: "quarterly", reviewDate: utcDay(-60 - n) });

    await page.goto("/perpetual-innovation?tab=innovation");
    const card = page.getByTestId("record-list-techRefresh");
    await card.getByText("Security review").waitFor();
    expect(await card.locator("tbody tr").count()).toBe(5);
    expect(await card.getByText("Older check 4").count()).toBe(0);
    expect(await page.getByTestId("view-all-techRefresh").textContent()).toBe("View all (6)");
    await page.getByTestId("view-all-techRefresh").click();
    const dialog = page.getByTestId("full-list-techRefresh");
    await dialog.getByRole("heading", { name: "Latest tech assessments: every record" }).waitFor();
    const all = dialog.getByTestId("record-list-all-techRefresh");
    await all.getByText("Older check 4").waitFor();
    expect(await all.locator("tbody tr").count()).toBe(6);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Handover" }).click();
    expect(await page.getByTestId("explain-pi-total-packages").textContent()).toBe("Every handover package, all time");
    expect(await page.getByTestId("explain-pi-readiness").textContent()).toBe("Packages ready or completed with their documentation done, out of 1 not cancelled");
    await page.getByRole("tab", { name: "Sustainability" }).click();
    expect(await page.getByTestId("explain-pi-sustainability-score").textContent()).toBe("Safeguards in place over 1 plan not cancelled");
    await page.getByRole("tab", { name: "Reports" }).click();
    await page.getByTestId("explain-pi-legacy-value").click();
    const reports = page.getByTestId("full-list-projectLegacyReport");
    await reports.getByTestId("record-list-all-projectLegacyReport").getByText("Annual legacy report").waitFor();
    await reports.getByRole("button", { name: "Close", exact: true }).click();
    expect(await page.getByTestId("explain-pi-legacy-value").textContent()).toBe("Sum of the quantified impact of 1 report, all time");
  });

  it("speaks Spanish when the reader chose it, every table still fitting its card at 1280 px", async () => {
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/perpetual-innovation?tab=sustainability");
    await page.getByRole("tab", { name: "Sostenibilidad" }).waitFor();
    await page.getByRole("tabpanel").getByText("Planes de sostenibilidad").waitFor();
    await page.getByRole("button", { name: "Informe de legado" }).waitFor();
    for (const tab of LIST_TABS) {
      await page.goto(`/perpetual-innovation?tab=${tab}`);
      await page.getByRole("tabpanel").locator("tbody tr td button").first().waitFor();
      expect(await misfits(page), tab).toEqual([]);
    }
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });
});
