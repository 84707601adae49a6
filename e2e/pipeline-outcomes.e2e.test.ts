import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

/*
 * Issue 23.1 in the browser: a stage created as Won in the New Stage dialog shows its outcome on the board, and a lead
 * dragged into it reads Converted in the leads table (it used to stay New); moved back to an open stage it is no longer
 * converted.
 */

const ADMIN = { name: "Wendy Winner", email: "wendy@leadwell.test", password: "a long enough password" };
const LEADS = [
  { businessOwnerName: "Ada", businessOwnerLastName: "Aurora", businessName: "Aurora Bikes", email: "ada@aurora.test" },
  { businessOwnerName: "Bo", businessOwnerLastName: "Borealis", businessName: "Borealis Foods", email: "bo@borealis.test" },
];

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const column = (page: Page, stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const boardCard = (page: Page, stage: string, business: string) => column(page, stage).getByTestId("board-card").filter({ hasText: business });
const leadRow = (page: Page, business: string) => page.getByTestId("lead-row").filter({ hasText: business });

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

describe("pipeline stage outcomes in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("creates a Won stage through the dialog and shows its outcome on the board", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    for (const lead of LEADS) expect((await context.request.post("/api/leads", { data: lead })).status()).toBe(201);
    expect((await context.request.post("/api/pipeline-stages", { data: { name: "Proposal", position: 1 } })).status()).toBe(201);

    await go(page, "/productivity", "Productivity Pipeline");
    await boardCard(page, "New", "Aurora Bikes").waitFor();
    await page.getByRole("button", { name: "New Stage" }).click();
    const dialog = page.getByTestId("stage-create-dialog");
    expect(await text(dialog.getByLabel("Outcome", { exact: true }))).toBe("Open");
    expect(await dialog.getByLabel("Outcome", { exact: true }).getAttribute("aria-describedby")).toBe("stage-outcome-hint");
    await dialog.getByLabel("Name").fill("Won");
    await dialog.getByLabel("Outcome", { exact: true }).click();
    await page.getByRole("option", { name: "Won", exact: true }).click();
    const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/pipeline-stages");
    await dialog.getByRole("button", { name: "Create Stage" }).click();
    expect((await sent).postDataJSON()).toEqual({ name: "Won", position: 2, outcome: "won" });
    await dialog.waitFor({ state: "detached" });

    await expect.poll(() => column(page, "Won").getAttribute("data-outcome")).toBe("won");
    expect(await column(page, "Won").getByTestId("stage-outcome").getAttribute("title")).toBe("Leads in this stage are Converted");
    expect(await column(page, "Won").getByTestId("stage-outcome").locator('[aria-hidden="true"]').innerText()).toBe("Won");
    expect(await column(page, "Proposal").getByTestId("stage-outcome").count()).toBe(0);
    expect(await page.locator('[data-testid="stage-card"][data-stage="Won"]').getByTestId("stage-outcome").locator('[aria-hidden="true"]').innerText()).toBe("Won");
  });

  it("converts a lead dragged into the Won column: the leads table says Converted", async () => {
    await boardCard(page, "New", "Aurora Bikes").dragTo(column(page, "Won"));
    await boardCard(page, "Won", "Aurora Bikes").waitFor();
    await expect.poll(() => text(column(page, "Won").getByTestId("board-column-count"))).toBe("1");

    await go(page, "/leads", "Lead Management");
    await expect.poll(() => text(leadRow(page, "Aurora Bikes").getByTestId("lead-status"))).toBe("Converted");
    expect(await text(leadRow(page, "Borealis Foods").getByTestId("lead-status"))).toBe("New");
    // The dashboard counts it: Converted is 1, as the Won column holds one lead.
    const stats = (await (await context.request.get("/api/dashboard")).json()) as { leadsByStatus: { status: string; count: number }[] };
    expect(stats.leadsByStatus.find((s) => s.status === "converted")?.count).toBe(1);
  });

  it("reopens a lead moved out of Won into an open stage", async () => {
    await go(page, "/productivity", "Productivity Pipeline");
    await boardCard(page, "Won", "Aurora Bikes").getByRole("button", { name: "Move Aurora Bikes" }).click();
    await page.getByRole("menuitem", { name: "Proposal", exact: true }).click();
    await boardCard(page, "Proposal", "Aurora Bikes").waitFor();
    await expect.poll(() => text(column(page, "Won").getByTestId("board-column-count"))).toBe("0");

    await go(page, "/leads", "Lead Management");
    await expect.poll(() => text(leadRow(page, "Aurora Bikes").getByTestId("lead-status"))).toBe("Qualified");
  });

  it("renames a stage through its Edit dialog: its lead stays in it under the new name, with its status", async () => {
    await go(page, "/productivity", "Productivity Pipeline");
    const card = page.locator('[data-testid="stage-card"][data-stage="Proposal"]');
    await card.getByRole("button", { name: "Edit stage Proposal" }).click();
    const dialog = page.getByTestId("stage-edit-dialog");
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Proposal");
    expect(await text(dialog.getByLabel("Outcome", { exact: true }))).toBe("Open");
    expect(await text(dialog.getByTestId("stage-edit-moving"))).toBe("Its 1 lead takes the new name too.");
    expect((await seriousViolations(page, '[data-testid="stage-edit-dialog"]')).map((f) => `${f.id}: ${f.help}`)).toEqual([]);
    // A name another stage has is refused under the field, and nothing changes.
    await dialog.getByLabel("Name").fill("won");
    await dialog.getByRole("button", { name: "Save Stage" }).click();
    await dialog.getByText("A pipeline stage with this name already exists").waitFor();
    await dialog.getByLabel("Name").fill("Proposal sent");
    const sent = page.waitForRequest((request) => request.method() === "PUT" && new URL(request.url()).pathname.startsWith("/api/pipeline-stages/"));
    await dialog.getByRole("button", { name: "Save Stage" }).click();
    expect((await sent).postDataJSON()).toEqual({ name: "Proposal sent", outcome: "open" });
    await dialog.waitFor({ state: "detached" });

    await boardCard(page, "Proposal sent", "Aurora Bikes").waitFor();
    expect(await page.locator('[data-testid="stage-card"][data-stage="Proposal"]').count()).toBe(0);
    await go(page, "/leads", "Lead Management");
    await expect.poll(() => text(leadRow(page, "Aurora Bikes").getByTestId("lead-status"))).toBe("Qualified");
    // The lead's timeline tells the rename from a move.
    await leadRow(page, "Aurora Bikes").getByRole("link", { name: "Aurora Bikes", exact: true }).first().click();
    await page.getByText("Wendy Winner renamed the lead's stage").waitFor();
  });

  it("says the outcome in Spanish too, with nothing axe finds serious", async () => {
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/productivity");
    await expect.poll(() => column(page, "Won").getByTestId("stage-outcome").locator('[aria-hidden="true"]').innerText()).toBe("Ganada");
    expect(await column(page, "Won").getByTestId("stage-outcome").getAttribute("title")).toBe("Los prospectos de esta etapa están convertidos");
    await expect.poll(() => page.locator('.animate-pulse, .animate-spin, [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
    expect((await seriousViolations(page, '[data-testid="pipeline-board"]')).map((f) => `${f.id}: ${f.help}`)).toEqual([]);
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });
});
