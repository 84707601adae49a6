import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

/**
 * Issue 25.1, "reached from everywhere a lead appears": the lead's name opens its page, /leads/{id}, from the pipeline
 * board's cards (which still drag, from the name too), the stage grid, the stage table, task cards, the KPI table,
 * referral rows, the audit trail, and a notification about a lead (the header bell and the pipeline page's list).
 */
const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const PARTNER = { name: "Pia Partner", businessName: "Partner Works", email: "pia@partner.test", password: "partner-pass" };
const AURORA = { businessOwnerName: "Ada", businessOwnerLastName: "Aurora", businessName: "Aurora Bikes", email: "ada@aurora.test" };
const BOREALIS = { businessOwnerName: "Bo", businessOwnerLastName: "Borealis", businessName: "Borealis Foods", email: "bo@borealis.test" };
const CASCADE = { businessOwnerName: "Cy", businessOwnerLastName: "Cascade", businessName: "Cascade Water", email: "cy@cascade.test" };
const STAGE = "Proposal Sent";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const pathOf = (page: Page) => new URL(page.url()).pathname;
const column = (page: Page, stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);

describe("a lead's name opens its page from every screen that shows it", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  const ids: Record<string, number> = {};

  /** Follows the link, checks the lead's page opened, and goes back to where it was. */
  async function opensLeadPage(link: Locator, business: string) {
    const from = pathOf(page);
    await link.click();
    await expect.poll(() => pathOf(page)).toBe(`/leads/${ids[business]}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(business);
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(from);
  }

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await page.setViewportSize({ width: 1280, height: 900 });
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();

    const signup = await context.request.post("/api/affiliates/signup", { data: PARTNER });
    expect(signup.status()).toBe(201);
    const { uniqueCode } = (await signup.json()) as { uniqueCode: string };
    for (const lead of [{ ...AURORA, affiliateCode: uniqueCode }, BOREALIS]) {
      const created = await context.request.post("/api/leads", { data: lead });
      expect(created.status()).toBe(201);
      ids[lead.businessName] = ((await created.json()) as { id: number }).id;
    }
    expect((await context.request.post("/api/pipeline-stages", { data: { name: STAGE, position: 1 } })).status()).toBe(201);
    expect((await context.request.post("/api/tasks", { data: { title: "Call about the bikes", leadId: ids[AURORA.businessName] } })).status()).toBe(201);
    const kpi = await context.request.post("/api/kpi", { data: { email: AURORA.email, ytdRevenue: "12000.00", mrr: "1000.00", topProducts: [] } });
    expect(kpi.status()).toBe(200);
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens the lead from a pipeline board card, and dragging the card by its name still moves it", async () => {
    await page.goto("/productivity");
    const aurora = column(page, "New").getByTestId("board-card").filter({ hasText: AURORA.businessName });
    await opensLeadPage(aurora.getByRole("link", { name: AURORA.businessName, exact: true }), AURORA.businessName);

    // A drag that starts on the name moves the card (and opens nothing).
    const borealisName = column(page, "New").getByTestId("board-card").filter({ hasText: BOREALIS.businessName }).getByTestId("board-card-lead");
    await borealisName.dragTo(column(page, STAGE));
    await expect.poll(() => column(page, STAGE).getByTestId("board-card").allTextContents(), { timeout: 10_000 }).toEqual([
      expect.stringContaining(BOREALIS.businessName),
    ]);
    expect(pathOf(page)).toBe("/productivity");
    await expect.poll(() => text(page.getByTestId("board-announcement"))).toBe("Borealis Foods moved to Proposal Sent, which now holds 1 lead.");
  });

  it("opens the lead from the stage grid's names and from the stage table", async () => {
    const stageCard = page.locator(`[data-testid="stage-card"][data-stage="${STAGE}"]`);
    await opensLeadPage(stageCard.getByTestId("stage-recent-leads").getByRole("link", { name: BOREALIS.businessName, exact: true }), BOREALIS.businessName);
    const row = page.getByTestId("lead-stage-row").filter({ hasText: AURORA.businessName });
    await opensLeadPage(row.getByRole("link", { name: AURORA.businessName, exact: true }), AURORA.businessName);
  });

  it("opens the lead from a task card, and the filter beside it still narrows the list to the lead's tasks", async () => {
    await page.goto("/tasks");
    const card = page.getByTestId("task-card").filter({ hasText: "Call about the bikes" });
    expect(await text(card.getByTestId("task-lead"))).toBe(`Lead: ${AURORA.businessName}`);
    await opensLeadPage(card.getByRole("link", { name: AURORA.businessName, exact: true }), AURORA.businessName);
    // Following the link did not open the task's dialog on the way.
    expect(await page.getByRole("dialog").count()).toBe(0);

    await card.getByRole("button", { name: `Show only the tasks of ${AURORA.businessName}` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("leadId")).toBe(String(ids[AURORA.businessName]));
  });

  it("opens the lead from a referral row", async () => {
    await page.goto("/referrals");
    const row = page.getByTestId("referral-row").filter({ hasText: PARTNER.name });
    await opensLeadPage(row.getByRole("link", { name: `${AURORA.businessOwnerName} ${AURORA.businessOwnerLastName}`, exact: true }), AURORA.businessName);
  });

  it("opens the lead from the KPI table, beside its View", async () => {
    await page.goto("/kpi");
    const row = page.getByTestId("kpi-row").filter({ hasText: AURORA.businessName });
    await row.getByRole("button", { name: /^View/ }).waitFor();
    await opensLeadPage(row.getByRole("link", { name: AURORA.businessName, exact: true }), AURORA.businessName);
  });

  it("opens the lead from an audit trail entry that names it", async () => {
    await page.goto("/enterprise?tab=security");
    const latest = page.getByTestId("audit-trail-card");
    const kpiEntry = latest.getByTestId("audit-row").filter({ hasText: "kpi.sync" });
    expect(await text(kpiEntry.getByTestId("audit-lead"))).toBe(`Lead #${ids[AURORA.businessName]}`);
    await opensLeadPage(kpiEntry.getByTestId("audit-lead"), AURORA.businessName);
    // An entry about no lead (the new stage) carries no lead link.
    const stageEntry = latest.getByTestId("audit-row").filter({ hasText: "pipeline.stage_create" });
    await stageEntry.waitFor();
    expect(await stageEntry.getByTestId("audit-lead").count()).toBe(0);
  });

  it("opens a new lead's page from its notification, in the header bell and in the pipeline page's recent notifications", async () => {
    // A lead from the public form tells the administrators; its notification links the lead's page.
    expect((await context.request.post("/api/join", { data: CASCADE })).status()).toBe(201);
    const found = (await (await context.request.get("/api/leads?q=Cascade")).json()) as { id: number; businessName: string }[];
    expect(found.map((lead) => lead.businessName)).toEqual([CASCADE.businessName]);
    ids[CASCADE.businessName] = found[0]!.id;
    const told = `New lead captured: ${CASCADE.businessName} (${CASCADE.email})`;
    await expect
      .poll(async () => ((await (await context.request.get("/api/notifications")).json()) as { message: string }[]).some((n) => n.message === told), { timeout: 10_000 })
      .toBe(true);

    await page.goto("/productivity");
    const recent = page.getByTestId("recent-notifications").getByTestId("notification-item").filter({ hasText: told });
    await opensLeadPage(recent, CASCADE.businessName);

    await page.getByTestId("notification-bell").click();
    await opensLeadPage(page.getByTestId("notification-panel").getByTestId("notification-item").filter({ hasText: told }), CASCADE.businessName);
  });
});
