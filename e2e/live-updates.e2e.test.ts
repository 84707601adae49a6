import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../server/src/modules/auth/users.data";
import { hashPassword } from "../server/src/lib/password";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const GRACE = { name: "Grace Hopper", email: "grace@leadwell.test", password: "another long password" };
const LEAD = { businessOwnerName: "Ines", businessOwnerLastName: "Duarte", businessName: "Lumen Pottery", email: "ines@lumen.test", industry: "retail" };

/**
 * Issue 25.6: what someone else changes shows on an open screen without a reload. Ada's browser stays on a page while
 * Grace, in a browser context of her own (her own session), changes things through the API.
 */
describe("live updates from someone else's changes", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let grace: BrowserContext;
  let graceApi: APIRequestContext;
  let leadId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await insertUser(e2e.runtime.ctx.db, { name: GRACE.name, email: GRACE.email, passwordHash: await hashPassword(GRACE.password), role: "manager" });
    expect((await context.request.post("/api/pipeline-stages", { data: { name: "Qualified" } })).status()).toBe(201);
    const created = await context.request.post("/api/leads", { data: LEAD });
    expect(created.status()).toBe(201);
    leadId = ((await created.json()) as { id: number }).id;
    grace = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    graceApi = grace.request;
    expect((await graceApi.post("/api/auth/login", { data: { email: GRACE.email, password: GRACE.password } })).status()).toBe(200);
  });
  afterAll(async () => {
    await grace?.close();
    await e2e?.stop();
  });

  it("updates the open lead page: its fields and its timeline", async () => {
    await page.goto(`/leads/${leadId}`);
    await page.getByTestId("lead-page-name").waitFor();
    const entries = page.getByTestId("lead-timeline").getByTestId("timeline-entry");
    await expect.poll(() => entries.count()).toBeGreaterThan(0);
    const before = await entries.count();

    const changed = await graceApi.put(`/api/leads/${leadId}`, { data: { businessName: "Lumen Ceramics" } });
    expect(changed.status()).toBe(200);
    await expect.poll(() => page.getByTestId("lead-page-name").textContent(), { timeout: 10_000 }).toContain("Lumen Ceramics");
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(before + 1);
    expect(await entries.first().textContent()).toContain(GRACE.name);

    // A note Grace adds appears in the notes card too.
    const note = await graceApi.post(`/api/leads/${leadId}/notes`, { data: { body: "Kiln arrives Monday" } });
    expect(note.status()).toBe(201);
    await expect.poll(() => page.getByTestId("lead-notes").textContent(), { timeout: 10_000 }).toContain("Kiln arrives Monday");
  });

  it("updates the open leads table with a lead someone else adds", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).click();
    const rows = page.getByTestId("lead-row");
    await expect.poll(() => rows.count()).toBe(1);
    const added = await graceApi.post("/api/leads", { data: { ...LEAD, businessName: "Orbit Bakery", email: "hello@orbit.test" } });
    expect(added.status()).toBe(201);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId("lead-row").filter({ hasText: "Orbit Bakery" }).count()).toBe(1);
  });

  it("moves a card on the open pipeline board when someone else changes the lead's stage", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Productivity Pipeline", exact: true }).click();
    const board = page.getByTestId("pipeline-board");
    await board.getByTestId("board-card").first().waitFor();
    const card = board.locator('[data-testid="board-column"][data-stage="Qualified"]').getByTestId("board-card").filter({ hasText: "Lumen Ceramics" });
    expect(await card.count()).toBe(0);
    const moved = await graceApi.put(`/api/leads/${leadId}`, { data: { pipelineStage: "Qualified" } });
    expect(moved.status()).toBe(200);
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
  });

  it("adds and removes a column on the open pipeline board when someone else adds or deletes a stage", async () => {
    const column = page.getByTestId("pipeline-board").locator('[data-testid="board-column"][data-stage="Negotiation"]');
    expect(await column.count()).toBe(0);
    const added = await graceApi.post("/api/pipeline-stages", { data: { name: "Negotiation" } });
    expect(added.status()).toBe(201);
    await expect.poll(() => column.count(), { timeout: 10_000 }).toBe(1);
    expect((await graceApi.delete(`/api/pipeline-stages/${((await added.json()) as { id: number }).id}`)).status()).toBe(200);
    await expect.poll(() => column.count(), { timeout: 10_000 }).toBe(0);
  });

  it("lights the bell when someone else gives Ada a task, without polling", async () => {
    const dot = page.getByTestId("notification-dot");
    expect(await dot.count()).toBe(0);
    const me = (await (await context.request.get("/api/auth/me")).json()) as { id: number };
    const task = await graceApi.post("/api/tasks", { data: { title: "Glaze the samples", assigneeId: me.id } });
    expect(task.status()).toBe(201);
    await expect.poll(() => dot.count(), { timeout: 10_000 }).toBe(1);
  });
});
