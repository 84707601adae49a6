import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../server/src/config";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };

/** 300 good rows, then two a person must fix: enough for the upload and the import to be seen moving. */
const CSV =
  "name,email,company,phone,industry,revenue\n" +
  Array.from({ length: 300 }, (_, i) => `Row Person${i},row${i}@browser.test,"Browser Co ${i}, Ltd",+1 555 0100,retail,${i * 10}`).join("\n") +
  "\nNo Email,not-an-email,Broken Co,,,\n" +
  'Formula Row,=cmd@evil,"=HYPERLINK(""http://evil.test"")",,,\n';

/**
 * From Enterprise → Migration: uploads a small file, starts it with the mapping the server detected, waits for the
 * result. `onMapping` runs at the mapping step, before the start.
 */
async function importWithDetectedMapping(page: Page, name: string, csv: string, onMapping?: () => Promise<void>) {
  await page.goto("/enterprise");
  await page.getByRole("tab", { name: "Migration" }).waitFor();
  await page.getByTestId("migration-file-input").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByTestId("migration-upload").click();
  await page.getByTestId("migration-mapping").waitFor();
  await onMapping?.();
  await page.getByTestId("migration-start").click();
  await page.getByTestId("migration-result").waitFor({ timeout: 30_000 });
}

describe("the CSV migration in the browser", () => {
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E({ migration: { ...loadConfig({}).migration, maxBytes: 10 * 1024 * 1024, chunkRows: 50 } });
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("asks for a file, and refuses one that is not .csv", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await page.goto("/enterprise");
    await page.getByRole("tab", { name: "Migration" }).waitFor();
    expect(await page.getByRole("tab", { name: "Migration" }).getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("migration-upload").click();
    await page.getByTestId("migration-file-problem").getByText("Please select a CSV file to import").waitFor();
    await page.getByTestId("migration-file-input").setInputFiles({ name: "leads.xlsx", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("x") });
    await page.getByTestId("migration-upload").click();
    await page.getByTestId("migration-file-problem").getByText("Only .csv files are accepted").waitFor();
    await page.getByTestId("migrations-empty").waitFor();
  });

  it("uploads a file with a progress bar, confirms the mapping, shows rows processed and the result line, and downloads the error report", async () => {
    // Record whether the upload's progress bar was shown: on a local server it may be up for a moment only.
    await page.evaluate(() => {
      const seen = window as unknown as { uploadProgressSeen?: boolean };
      seen.uploadProgressSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="migration-upload-progress"] [role="progressbar"]')) seen.uploadProgressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId("migration-file-input").setInputFiles({ name: "browser-leads.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await page.getByTestId("migration-upload").click();

    const mapping = page.getByTestId("migration-mapping");
    await mapping.waitFor();
    expect(await page.evaluate(() => (window as unknown as { uploadProgressSeen?: boolean }).uploadProgressSeen)).toBe(true);
    await mapping.getByText("browser-leads.csv: 302 rows.", { exact: false }).waitFor();
    // Until when the upload waits for its mapping (MIGRATION_UPLOAD_EXPIRY_MINUTES, a day by default).
    expect(await mapping.getByTestId("migration-expires").textContent()).toMatch(/^Start the import by .+: after that this upload and its rows are discarded/);
    const selects = mapping.getByTestId("migration-mapping-select");
    expect(await selects.count()).toBe(6);
    expect(await selects.nth(0).textContent()).toBe("Name (first and last)");
    expect(await selects.nth(2).textContent()).toBe("Company");
    expect(await selects.nth(5).textContent()).toBe("Revenue (KPI year to date)");
    // The phone column is left out, by the user's choice.
    await selects.nth(3).click();
    await page.getByRole("option", { name: "Not imported" }).click();
    expect(await selects.nth(3).textContent()).toBe("Not imported");
    await page.getByTestId("migration-start").click();

    const progress = page.getByTestId("migration-progress");
    await progress.getByRole("progressbar", { name: "Rows processed" }).waitFor();
    await progress.getByTestId("migration-rows-processed").waitFor();
    const result = page.getByTestId("migration-result");
    await result.waitFor({ timeout: 30_000 });
    expect((await result.textContent())?.trim()).toBe("Migration completed: 300 records imported, 2 errors");
    expect((await progress.getByTestId("migration-rows-processed").textContent())?.trim()).toBe("302 of 302 rows processed");

    const [download] = await Promise.all([page.waitForEvent("download"), progress.getByTestId("migration-error-report").click()]);
    expect(download.suggestedFilename()).toMatch(/^migration-\d+-errors-\d{4}-\d{2}-\d{2}\.csv$/);
    const report = readFileSync((await download.path())!, "utf8");
    expect(report.startsWith("\uFEFFrow,field,message,lead_id,lead_url,imported_lead_id,merge_url\r\n")).toBe(true);
    expect(report).toContain("302,email,Valid email is required");
    expect(report).toContain("303,email,Valid email is required");
    expect(report).not.toMatch(/(^|,)[=+\-@]/m);

    const row = page.getByTestId("migration-status-card").getByTestId("migration-row").first();
    await row.getByText("browser-leads.csv").waitFor();
    await row.getByText("Completed").waitFor();
    await page.goto("/leads");
    await page.getByText("Browser Co 299, Ltd").waitFor();
  });

  it("shows the report of an import whose row matched an existing lead, and its name opens that lead's page", async () => {
    await importWithDetectedMapping(page, "again.csv", "name,email,company\nRow Again,ROW7@browser.test,Someone Else Co\nNew Person,new@browser.test,New Co\n", async () => {
      // The preview shows each row's likely duplicates among the leads before anything is written.
      await page.getByTestId("migration-preview-button").click();
      const rows = page.getByTestId("migration-preview-row");
      await expect.poll(() => rows.count()).toBe(2);
      const again = rows.first().getByTestId("migration-preview-duplicates");
      expect(await again.getByRole("link", { name: "Browser Co 7, Ltd", exact: true }).count()).toBe(1);
      expect(await again.getByTestId("lead-duplicate-reasons").textContent()).toContain("Same email");
      expect(await rows.nth(1).getByTestId("migration-preview-duplicates").count()).toBe(0);
    });
    const result = page.getByTestId("migration-result");
    expect((await result.textContent())?.trim()).toBe("Migration completed: 1 records imported, 0 errors");

    await page.getByTestId("migration-progress").getByRole("button", { name: "View report" }).click();
    const dialog = page.getByTestId("migration-report");
    await dialog.getByRole("heading", { name: "Import report" }).waitFor();
    const line = dialog.getByTestId("migration-report-line");
    await line.first().waitFor();
    expect(await line.count()).toBe(1);
    expect((await line.textContent()) ?? "").toContain("Skipped: a lead with this email already exists");
    const link = line.getByRole("link", { name: "Browser Co 7, Ltd" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/leads\/\d+$/);
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(async () => ((await page.getByTestId("page-title").textContent()) ?? "").trim()).toBe("Browser Co 7, Ltd");
    expect(await page.getByTestId("migration-report").count()).toBe(0);
  });

  it("imports a row whose phone number is already a lead's, says so, and its report line compares the two leads", async () => {
    const twins = "name,email,company,phone\nTwin One,twin1@browser.test,Twin One Co,+1 (415) 555-0199\nTwin Two,twin2@browser.test,Twin Two Co,415 555 0199\n";
    await importWithDetectedMapping(page, "twins.csv", twins);
    expect((await page.getByTestId("migration-likely-duplicates").textContent())?.trim()).toBe(
      "1 imported lead has the phone number of an existing lead: see the report to compare them.",
    );

    await page.getByTestId("migration-progress").getByRole("button", { name: "View report" }).click();
    const line = page.getByTestId("migration-report").getByTestId("migration-report-line");
    await line.first().waitFor();
    expect(await line.count()).toBe(1);
    expect((await line.textContent()) ?? "").toContain("Imported, but a lead with this phone number already exists");
    expect(await line.getByRole("link", { name: "Twin One Co", exact: true }).count()).toBe(1);
    await line.getByRole("link", { name: "Compare and merge Twin One Co and Twin Two Co" }).click();
    await page.waitForURL((url) => /^\/leads\/\d+\/merge\/\d+$/.test(url.pathname));
    await expect.poll(async () => ((await page.getByTestId("page-title").textContent()) ?? "").trim()).toBe("Merge Leads");
  });
});
