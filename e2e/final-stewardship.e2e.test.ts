import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoRecords } from "../scripts/seed-demo-records";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("Final Stewardship & Legacy in the browser", () => {
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
    await page.goto("/final-stewardship");
    await page.getByTestId("page-title").getByText("Final Stewardship & Legacy").waitFor();
    await page.getByText("No upcoming reviews scheduled").waitFor();
    expect(await page.getByTestId("fs-card-health").textContent()).toBe("0%");
    expect(await page.getByTestId("fs-phases").textContent()).toBe("0/5");
    expect(await page.getByTestId("fs-ready").count()).toBe(0);
    const expectations: [string, string][] = [
      ["Validation", "No validation data"],
      ["Audits", "No audit data"],
      ["Archives", "No archival data"],
      ["Plans", "No stewardship plans"],
      ["Statements", "No statements available"],
    ];
    for (const [tab, emptyText] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(emptyText).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("statements");
  });

  it("adds an archive through the generated form, shows its size in GB and labels, then edits it", async () => {
    await page.getByRole("tab", { name: "Archives" }).click();
    await page.getByTestId("record-add-archivalSystem").click();
    const form = page.getByTestId("record-form-archivalSystem");
    await form.getByLabel("Title *").fill("Nightly full backup");
    await form.getByTestId("record-save").click();
    await form.getByText("This field is required").first().waitFor();

    await form.getByRole("combobox", { name: "Type *" }).click();
    await page.getByRole("option", { name: "Full backup" }).click();
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Verified" }).click();
    await form.getByLabel("Archived *").fill(utcDay(-2));
    // The size is declared in GB (10^9 bytes, one decimal): typed as GB, sent and stored as bytes.
    await form.getByLabel("Size (GB)").fill("5.4");
    await form.getByRole("combobox", { name: "Storage location *" }).click();
    await page.getByRole("option", { name: "Cloud" }).click();
    await form.getByLabel("Encrypted").check();
    await form.getByLabel("Next verification").fill(utcDay(12));
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    const list = page.getByTestId("record-list-archivalSystem");
    const row = list.getByRole("row", { name: /Nightly full backup/ });
    await row.getByText("5.4 GB").waitFor();
    await row.getByText("Never").waitFor();
    await row.getByText("Encrypted").waitFor();
    await row.getByText("Verified", { exact: true }).first().waitFor();
    expect(await page.getByTestId("fs-total-size").textContent()).toBe("5.4 GB");
    const stored = await page.request.get("/api/archival-systems?q=Nightly");
    expect(((await stored.json()) as { archives: { archivalSize: number }[] }).archives.map((a) => a.archivalSize)).toEqual([5_400_000_000]);
    expect(await page.getByTestId("fs-verifications-due").textContent()).toBe("1 archive is due for verification within 30 days");

    await list.getByRole("button", { name: "Edit Nightly full backup" }).click();
    const edit = page.getByTestId("record-form-archivalSystem");
    expect(await edit.getByLabel("Size (GB)").inputValue()).toBe("5.4");
    await edit.getByLabel("Last verified").fill(utcDay(-1));
    await edit.getByTestId("record-save").click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => row.getByText("Never").count()).toBe(0);

    await page.getByRole("tab", { name: "Dashboard" }).click();
    // One archive, verified: archival complete 100%; its next verification is an upcoming review.
    await expect.poll(() => page.getByTestId("fs-card-archival").textContent()).toBe("100%");
    await page.getByText("12 days left").waitFor();
  });

  it("shows the demo records on every tab and downloads a report holding the dashboard's figures", async () => {
    await seedDemoRecords(e2e.runtime.ctx.db);
    await page.goto("/final-stewardship");
    const current = page.getByTestId("fs-current-validation");
    await current.getByText("92/100").waitFor();
    await current.getByText("Certified").waitFor();

    await page.getByRole("tab", { name: "Validation" }).click();
    await page.getByTestId("record-list-stewardshipValidation").getByText("Comprehensive pre-handover validation").waitFor();
    expect(await page.getByTestId("record-list-stewardshipValidation").getByRole("row").count()).toBe(6);
    await page.getByRole("tab", { name: "Audits" }).click();
    await page.getByTestId("record-list-legacyAudit").getByText("Annual compliance audit").waitFor();
    expect(await page.getByTestId("fs-audit-change").textContent()).toBe("Change: +5");
    await page.getByRole("tab", { name: "Plans" }).click();
    await page.getByTestId("record-list-stewardshipPlan").getByText("Founder succession plan").waitFor();
    // Only active plans are listed: the draft community hand-off is not.
    expect(await page.getByTestId("record-list-stewardshipPlan").getByText("Community hand-off plan").count()).toBe(0);
    await page.getByRole("tab", { name: "Statements" }).click();
    const statements = page.getByTestId("record-list-stewardshipStatement");
    await statements.getByRole("row", { name: /Final stewardship statement/ }).getByRole("img", { name: "Final statement" }).waitFor();

    const health = await page.getByRole("tab", { name: "Dashboard" }).click().then(() => page.getByTestId("fs-card-health").textContent());
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("page-report-button").click()]);
    expect(download.suggestedFilename()).toMatch(/^final-stewardship-report-\d{4}-\d{2}-\d{2}\.html$/);
    const html = readFileSync((await download.path())!, "utf8");
    expect(html).toContain("<h1>Final Stewardship Report</h1>");
    expect(html).toContain(`<tr><th scope="row">Stewardship Health</th><td>${health}</td></tr>`);
    expect(html).toContain("Comprehensive pre-handover validation");
  });

  it("keeps the latest five validations and audits on their cards, opens every one from View all, and says what each figure is computed over", async () => {
    // The demo records (6 validations, 6 audits, 7 plans of which 4 active, 5 statements of which 3 published); the
    // archives keep the one added above (the demo seed skips a family that already holds records).
    await page.goto("/final-stewardship?tab=validation");
    const card = page.getByTestId("record-list-stewardshipValidation");
    await card.getByText("Comprehensive pre-handover validation").waitFor();
    expect(await card.locator("tbody tr").count()).toBe(5);
    expect(await card.getByText("Initial stewardship baseline").count()).toBe(0);
    expect(await page.getByTestId("view-all-stewardshipValidation").textContent()).toBe("View all (6)");
    await page.getByTestId("view-all-stewardshipValidation").click();
    const dialog = page.getByTestId("full-list-stewardshipValidation");
    await dialog.getByRole("heading", { name: "Latest validations: every record" }).waitFor();
    const all = dialog.getByTestId("record-list-all-stewardshipValidation");
    await all.getByText("Initial stewardship baseline").waitFor();
    expect(await all.locator("tbody tr").count()).toBe(6);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("explain-fs-validation-average").textContent()).toBe("Average over 6 validations, all time");
    expect(await page.getByTestId("explain-fs-compliance").textContent()).toBe("The latest of 6 validations, by validation date");

    await page.getByRole("tab", { name: "Audits" }).click();
    await page.getByTestId("record-list-legacyAudit").getByText("Annual compliance audit").waitFor();
    expect(await page.getByTestId("record-list-legacyAudit").locator("tbody tr").count()).toBe(5);
    expect(await page.getByTestId("view-all-legacyAudit").textContent()).toBe("View all (6)");
    expect(await page.getByTestId("explain-fs-audit-average").textContent()).toBe("Average over 5 scored audits, all time");
    expect(await page.getByTestId("fs-overdue-actions").textContent()).toBe("2");
    expect(await page.getByTestId("explain-fs-overdue-actions").textContent()).toBe("Action items of 1 audit not resolved and past its due date");

    await page.getByRole("tab", { name: "Archives" }).click();
    expect(await page.getByTestId("explain-fs-total-size").textContent()).toBe("Sum over 1 archive, 1 GB = 10^9 bytes");

    // The tab lists only the 4 active plans; the Active Plans line opens all 7.
    await page.getByRole("tab", { name: "Plans" }).click();
    expect(await page.getByTestId("record-list-stewardshipPlan").locator("tbody tr").count()).toBe(4);
    expect(await page.getByTestId("explain-fs-active-plans").textContent()).toBe("Plans with status active, out of 7 plans in all");
    await page.getByTestId("explain-fs-active-plans").click();
    const plans = page.getByTestId("full-list-stewardshipPlan");
    await plans.getByTestId("record-list-all-stewardshipPlan").getByText("Community hand-off plan").waitFor();
    expect(await plans.getByTestId("record-list-all-stewardshipPlan").locator("tbody tr").count()).toBe(7);
    await plans.getByRole("button", { name: "Close", exact: true }).click();
    await plans.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Statements" }).click();
    expect(await page.getByTestId("explain-fs-distribution-reach").textContent()).toBe("Recipients of 3 published statements, summed");

    await page.getByRole("tab", { name: "Dashboard" }).click();
    expect(await page.getByTestId("explain-fs-card-audit").textContent()).toBe("Average over 5 scored audits, all time");
    expect(await page.getByTestId("explain-fs-card-archival").textContent()).toBe("Completed or verified archives, out of 1 not archived");
    expect(await page.getByTestId("explain-fs-current-validation").textContent()).toBe("The latest of 6 validations, by validation date");

    // Completion's phases each say whether they are done and open the records that decide it: the plans phase, the
    // 4 active plans (of 7).
    const phasesDone = await page.getByTestId("fs-phases").textContent();
    const done = await Promise.all(["validation", "audit", "archival", "plans", "statement"].map((phase) => page.getByTestId(`fs-phase-${phase}`).textContent()));
    expect(done.every((mark) => mark === "Done" || mark === "Not yet")).toBe(true);
    expect(`${done.filter((mark) => mark === "Done").length}/5`).toBe(phasesDone);
    const health = await page.getByTestId("fs-card-health").textContent();
    expect(await page.getByTestId("explain-fs-final-readiness").textContent()).toBe(
      `Mean of Stewardship Health (${health}) and Completion (${await page.getByTestId("fs-completion").textContent()}); each phase above opens its records`,
    );
    await page.getByTestId("fs-phase-plans").click();
    const activePlans = page.getByTestId("full-list-stewardshipPlan");
    await activePlans.getByRole("heading", { name: "Stewardship plan: every record" }).waitFor();
    await expect.poll(() => activePlans.getByTestId("record-list-all-stewardshipPlan").locator("tbody tr").count()).toBe(4);
    await activePlans.getByRole("button", { name: "Close", exact: true }).click();
    await activePlans.waitFor({ state: "detached" });
  });

  it("shows every tab in Spanish, with the demo records", async () => {
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/final-stewardship");
    await page.getByTestId("page-title").getByText("Custodia final y legado").waitFor();
    await page.getByText("Validación actual del sistema").waitFor();
    await page.getByRole("button", { name: "Generar informe" }).waitFor();
    const expectations: [string, string][] = [
      ["Validación", "Últimas validaciones"],
      ["Auditorías", "Últimas auditorías"],
      ["Archivos", "Resumen de archivo"],
      ["Planes", "Planes de custodia activos"],
      ["Declaraciones", "Impacto de las declaraciones"],
    ];
    for (const [tab, heading] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(heading, { exact: true }).waitFor();
    }
    await page.getByRole("tabpanel").getByText("Borrador").first().waitFor();
    await page.getByRole("tab", { name: "Validación" }).click();
    expect(await page.getByTestId("view-all-stewardshipValidation").textContent()).toBe("Ver todos (6)");
    expect(await page.getByTestId("explain-fs-validation-average").textContent()).toBe("Media de 6 validaciones, desde siempre");
    await page.getByRole("tab", { name: "Planes" }).click();
    expect(await page.getByTestId("explain-fs-active-plans").textContent()).toBe("Planes con estado activo, de 7 planes en total");
  });
});
