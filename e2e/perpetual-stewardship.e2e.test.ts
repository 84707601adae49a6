import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoRecords } from "../scripts/seed-demo-records";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Whether every table on the open tab fits its card (no horizontal overflow). */
const overflowingTables = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("table")].filter((table) => table.scrollWidth > (table.parentElement?.clientWidth ?? 0) + 1).length);

describe("Perpetual Stewardship & Living Archive in the browser", () => {
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
    await page.goto("/perpetual-stewardship");
    await page.getByTestId("page-title").getByText("Perpetual Stewardship & Living Archive").waitFor();
    await page.getByText("No active stewardship").waitFor();
    expect(await page.getByTestId("ps-card-readiness").textContent()).toBe("0%");
    expect(await page.getByTestId("ps-ready").count()).toBe(0);
    const expectations: [string, string][] = [
      ["Packages", "No package data"],
      ["Archives", "No archive data"],
      ["Reviews", "No review data"],
      ["Transitions", "No transition data"],
      ["Declarations", "No declarations available"],
    ];
    for (const [tab, emptyText] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(emptyText).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("declarations");
    expect(await page.getByTestId("ps-total-archives").count()).toBe(0);
  });

  it("creates a declaration from the header button, refusing a missing field by name, then edits it", async () => {
    await page.getByRole("button", { name: "Create Declaration" }).click();
    const form = page.getByTestId("record-form-perpetualDeclaration");
    await form.getByTestId("record-save").click();
    await form.getByText("This field is required").first().waitFor();

    await form.getByLabel("Title *").fill("Forever open records");
    await form.getByRole("combobox", { name: "Type *" }).click();
    await page.getByRole("option", { name: "Perpetual" }).click();
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Active" }).click();
    await form.getByLabel("Published").fill(utcDay(-3));
    await form.getByLabel("Reach").fill("1200");
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    const list = page.getByTestId("record-list-perpetualDeclaration");
    await list.getByText("Forever open records").waitFor();
    await list.getByText("Perpetual", { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId("ps-active-commitments").textContent()).toBe("1");
    await page.getByTestId("ps-perpetual-notice").getByText("1 perpetual commitment in force").waitFor();

    await list.getByRole("button", { name: "Edit Forever open records" }).click();
    const edit = page.getByTestId("record-form-perpetualDeclaration");
    await edit.getByLabel("Version").fill("1.1");
    await edit.getByTestId("record-save").click();
    await edit.waitFor({ state: "detached" });
    await list.getByRole("cell", { name: "1.1", exact: true }).waitFor();
  });

  it("shows every tab with the demo records, 'Unknown' and '0 B' where a size or steward is missing, and the ready message", async () => {
    await seedDemoRecords(e2e.runtime.ctx.db);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/perpetual-stewardship");
    // Five pillars stand: the demo's confirmed package, verified encrypted archive, recent review, completed
    // transition, and the active perpetual declaration made above.
    await page.getByTestId("ps-ready").getByText("System Ready for Perpetual Stewardship").waitFor();
    await page.getByTestId("ps-current-stewardship").getByText("Ada Admin").waitFor();

    await page.getByRole("tab", { name: "Packages" }).click();
    const packages = page.getByTestId("record-list-livingLegacyPackage");
    await packages.getByText("Integration partner guide").waitFor();
    expect(await packages.locator("tbody tr").count()).toBe(5);
    expect(await packages.getByRole("cell", { name: "Unknown", exact: true }).count()).toBe(3);

    await page.getByRole("tab", { name: "Archives" }).click();
    await page.getByTestId("record-list-livingArchive").getByRole("cell", { name: "0 B", exact: true }).waitFor();
    expect(await page.getByTestId("ps-total-size").textContent()).toBe("71.2 GB");

    await page.getByRole("tab", { name: "Reviews" }).click();
    // The tab's list arrives after the click: wait for a row of it before counting them.
    await page.getByText("86/100").waitFor();
    await expect.poll(() => page.getByTestId("record-list-stewardshipReview").locator("tbody tr").count()).toBe(5);

    await page.getByRole("tab", { name: "Transitions" }).click();
    await page.getByText("Community documentation foundation").waitFor();
    expect(await overflowingTables(page)).toBe(0);

    await page.getByRole("tab", { name: "Declarations" }).click();
    await page.getByText("Forever open records").waitFor();
    expect(await overflowingTables(page)).toBe(0);
  });

  it("keeps the latest five packages and reviews on their cards, opens every one from View all, and says what the figures are computed over", async () => {
    await page.goto("/perpetual-stewardship");
    expect(await page.getByTestId("explain-ps-card-preservation").textContent()).toBe("Packages ready, delivered or confirmed, out of 7 not archived");
    expect(await page.getByTestId("explain-ps-card-integrity").textContent()).toBe("Archives verified, out of 5 not deprecated");
    await page.getByText("Mean of the other 4 scores").waitFor();
    expect(await page.getByTestId("explain-ps-system-maturity").textContent()).toBe("5 of 5 stewardship pillars in place");
    // Each pillar and each count of the Perpetual Metrics opens the records it was computed from.
    expect(await page.getByTestId("ps-pillar-transition").textContent()).toBe("Done");
    const activeDeclarations = Number(await page.getByTestId("ps-metric-declarations").textContent());
    expect(activeDeclarations).toBeGreaterThan(0);
    await page.getByTestId("ps-metric-declarations").click();
    const activeList = page.getByTestId("full-list-perpetualDeclaration");
    const declarationRows = activeList.getByTestId("record-list-all-perpetualDeclaration").locator("tbody tr");
    await expect.poll(() => declarationRows.count()).toBe(activeDeclarations);
    await activeList.getByRole("button", { name: "Close", exact: true }).click();
    await activeList.waitFor({ state: "detached" });
    await page.getByTestId("ps-metric-packages").click();
    const everyPackage = page.getByTestId("full-list-livingLegacyPackage");
    await expect.poll(() => everyPackage.getByTestId("record-list-all-livingLegacyPackage").locator("tbody tr").count()).toBe(8);
    await everyPackage.getByRole("button", { name: "Close", exact: true }).click();
    await everyPackage.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Packages" }).click();
    const packages = page.getByTestId("record-list-livingLegacyPackage");
    await packages.getByText("Integration partner guide").waitFor();
    expect(await packages.locator("tbody tr").count()).toBe(5);
    expect(await packages.getByText("2023 onboarding pack").count()).toBe(0);
    expect(await page.getByTestId("view-all-livingLegacyPackage").textContent()).toBe("View all (8)");
    await page.getByTestId("view-all-livingLegacyPackage").click();
    const dialog = page.getByTestId("full-list-livingLegacyPackage");
    const all = dialog.getByTestId("record-list-all-livingLegacyPackage");
    await all.getByText("2023 onboarding pack").waitFor();
    expect(await all.locator("tbody tr").count()).toBe(8);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("ps-package-completeness").textContent()).toBe("71%");
    expect(await page.getByTestId("explain-ps-package-completeness").textContent()).toBe("Packages ready, delivered or confirmed, out of 7 not archived");
    expect(await page.getByTestId("ps-handoff-success").textContent()).toBe("75%");
    expect(await page.getByTestId("explain-ps-handoff-success").textContent()).toBe("Confirmed by the steward with integrity verified, out of 4 handed off");

    await page.getByRole("tab", { name: "Reviews" }).click();
    const reviews = page.getByTestId("record-list-stewardshipReview");
    await reviews.getByText("86/100").waitFor();
    expect(await reviews.locator("tbody tr").count()).toBe(5);
    // The list shows each review's title.
    await reviews.getByText("Special review before the reporting release").waitFor();
    expect(await page.getByTestId("view-all-stewardshipReview").textContent()).toBe("View all (7)");
    await page.getByTestId("view-all-stewardshipReview").click();
    const allReviews = page.getByTestId("full-list-stewardshipReview").getByTestId("record-list-all-stewardshipReview");
    await allReviews.getByText("68/100").waitFor();
    expect(await allReviews.locator("tbody tr").count()).toBe(7);
    await page.getByTestId("full-list-stewardshipReview").getByRole("button", { name: "Close", exact: true }).click();
    expect(await page.getByTestId("explain-ps-average-score").textContent()).toBe("Average over 6 scored reviews, all time");

    await page.getByRole("tab", { name: "Archives" }).click();
    expect(await page.getByTestId("explain-ps-total-size").textContent()).toBe("Sum of the sizes of 6 archives; a missing size counts 0");

    await page.getByRole("tab", { name: "Transitions" }).click();
    expect(await page.getByTestId("explain-ps-community-readiness").textContent()).toBe("Mean readiness over 5 transitions not failed");

    // The demo seed leaves the declarations alone (one was made above): the reach is that one's 1,200.
    await page.getByRole("tab", { name: "Declarations" }).click();
    expect(await page.getByTestId("ps-distribution-reach").textContent()).toBe("1,200");
    await page.getByTestId("explain-ps-distribution-reach").click();
    const declarations = page.getByTestId("full-list-perpetualDeclaration");
    await declarations.getByTestId("record-list-all-perpetualDeclaration").getByText("Forever open records").waitFor();
    await declarations.getByRole("button", { name: "Close", exact: true }).click();
    expect(await page.getByTestId("explain-ps-distribution-reach").textContent()).toBe("Sum of reach over 1 published or active declaration");
  });

  it("shows the tabs in Spanish, each table fitting its card at 1280 px", async () => {
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/perpetual-stewardship");
    await page.getByText("Sistema listo para la custodia perpetua").waitFor();
    expect(await page.getByTestId("explain-ps-card-continuity").textContent()).toBe("Media de 6 revisiones con puntuación del custodio, desde siempre");
    const overflowing: string[] = [];
    for (const [tab, row] of [
      ["Paquetes", "Integration partner guide"],
      ["Archivos", "Support mailbox archive"],
      ["Revisiones", "Ada Admin"],
      ["Transiciones", "Plugin ecosystem to community ownership"],
      ["Declaraciones", "Forever open records"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(row).first().waitFor();
      if ((await overflowingTables(page)) > 0) overflowing.push(tab);
    }
    expect(overflowing).toEqual([]);
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });
});
