import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const ORIOLE = { businessOwnerName: "Ines", businessOwnerLastName: "Ferrer", businessName: "Oriole Bakeries", email: "ines@oriole.test", industry: "retail" };

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const pathOf = (page: Page) => new URL(page.url()).pathname;
const palette = (page: Page) => page.getByRole("dialog", { name: /Command palette|Paleta de comandos/ });
const options = (page: Page) => palette(page).getByRole("option");
const combobox = (page: Page) => palette(page).getByRole("combobox");

async function openWithShortcut(page: Page) {
  await page.keyboard.press("Control+k");
  await palette(page).waitFor();
  // The box has the focus: typing goes into it.
  await expect.poll(() => combobox(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

/** The option the combobox's aria-activedescendant points at: what Enter opens. */
async function activeOption(page: Page) {
  const id = await combobox(page).getAttribute("aria-activedescendant");
  return id ? text(page.locator(`[id="${id}"]`)) : "";
}

describe("the command palette (Ctrl+K)", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let orioleId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    const created = await context.request.post("/api/leads", { data: ORIOLE });
    expect(created.status()).toBe(201);
    orioleId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens with Ctrl+K, lists a lead found by name, and Enter opens its page", async () => {
    await openWithShortcut(page);
    // Before typing: the actions the role may take and the pages.
    expect(await options(page).allTextContents()).toEqual(expect.arrayContaining(["New lead", "New task", "Switch language to Español"]));
    expect(await palette(page).getByRole("group", { name: "Pages" }).getByRole("option", { name: "Lead Management" }).count()).toBe(1);

    // The arrows move the highlighted choice, and wrap around at either end.
    expect(await activeOption(page)).toBe("New lead");
    await page.keyboard.press("ArrowDown");
    expect(await activeOption(page)).toBe("New task");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await activeOption(page)).toContain("Feedback");

    await page.keyboard.type("oriole bak");
    const leads = palette(page).getByRole("group", { name: "Leads" });
    await expect.poll(() => leads.getByRole("option").allTextContents()).toEqual([expect.stringContaining(ORIOLE.businessName)]);
    await expect.poll(() => activeOption(page)).toContain(ORIOLE.businessName);
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page)).toBe(`/leads/${orioleId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(ORIOLE.businessName);
    expect(await palette(page).count()).toBe(0);
  });

  it("goes to a page typed by its name, with the arrows choosing", async () => {
    await openWithShortcut(page);
    await page.keyboard.type("task manag");
    await expect.poll(() => palette(page).getByRole("group", { name: "Pages" }).getByRole("option").allTextContents()).toEqual([
      expect.stringContaining("Task Management"),
    ]);
    // The arrows move the highlighted choice (and wrap); Enter opens the one highlighted.
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    const count = await options(page).count();
    for (let i = 0; i < count; i++) {
      if ((await activeOption(page)).includes("Task Management")) break;
      await page.keyboard.press("ArrowDown");
    }
    expect(await activeOption(page)).toContain("Task Management");
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page)).toBe("/tasks");
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe("Task Management");
  });

  it("opens from the header's Search button, and Escape closes it where it was", async () => {
    await page.getByRole("button", { name: /^Search…/ }).click();
    await palette(page).waitFor();
    await page.keyboard.type("something");
    await page.keyboard.press("Escape");
    await expect.poll(() => palette(page).count()).toBe(0);
    expect(pathOf(page)).toBe("/tasks");
    // It opens empty again.
    await openWithShortcut(page);
    expect(await combobox(page).inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await expect.poll(() => palette(page).count()).toBe(0);
  });

  it("closed and reopened at once, the box has the focus (the closing's late focus return does not take it)", async () => {
    await page.getByRole("button", { name: /^Search…/ }).click();
    await palette(page).waitFor();
    // Escape and Ctrl+K back to back: the browser handles the key before the closing dialog's queued focus return.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+k");
    await palette(page).waitFor();
    await expect.poll(() => combobox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("abc");
    expect(await combobox(page).inputValue()).toBe("abc");
    await page.keyboard.press("Escape");
    await expect.poll(() => palette(page).count()).toBe(0);
  });

  it("New lead opens Lead Management with the Add New Lead form's first field focused", async () => {
    await openWithShortcut(page);
    await page.keyboard.type("new lead");
    await expect.poll(() => activeOption(page)).toBe("New lead");
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page)).toBe("/leads");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("lead-create-businessName");
  });

  it("switches the language, and speaks Spanish afterwards", async () => {
    await openWithShortcut(page);
    await page.keyboard.type("language");
    await expect.poll(() => activeOption(page)).toBe("Switch language to Español");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
    await expect.poll(() => page.getByRole("button", { name: /^Buscar…/ }).count()).toBe(1);
    await openWithShortcut(page);
    expect(await options(page).allTextContents()).toEqual(expect.arrayContaining(["Nuevo prospecto", "Nueva tarea", "Cambiar el idioma a English"]));
    await page.keyboard.type("idioma");
    await expect.poll(() => activeOption(page)).toBe("Cambiar el idioma a English");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
  });

  it("finds a note by its words, and Enter opens its lead's page", async () => {
    const note = await context.request.post(`/api/leads/${orioleId}/notes`, { data: { body: "Sourdough starter samples promised for Friday" } });
    expect(note.status()).toBe(201);
    await page.goto("/dashboard");
    // The shell (and its shortcut) is there once its Search button is.
    await page.getByRole("button", { name: /^Search…/ }).waitFor();
    await openWithShortcut(page);
    await page.keyboard.type("sourdough");
    const group = palette(page).getByRole("group", { name: "Notes" });
    await expect.poll(() => group.getByRole("option").count()).toBe(1);
    expect(await text(group.getByRole("option").first())).toContain("Oriole Bakeries");
    await expect.poll(() => activeOption(page)).toContain("Sourdough starter samples");
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page)).toBe(`/leads/${orioleId}`);
    await expect.poll(() => page.getByTestId("lead-notes").textContent()).toContain("Sourdough starter samples");
  });

  it("finds a task and a knowledge article by keyboard, and Enter opens each", async () => {
    const task = await context.request.post("/api/tasks", { data: { title: "Renew the Oriole contract" } });
    expect(task.status()).toBe(201);
    const taskId = ((await task.json()) as { id: number }).id;
    const article = await context.request.post("/api/knowledge-base", { data: { title: "Oriole returns guide", body: "Refunds within **30 days**." } });
    expect(article.status()).toBe(201);
    const articleId = ((await article.json()) as { id: number }).id;

    await openWithShortcut(page);
    await page.keyboard.type("renew the");
    const tasks = palette(page).getByRole("group", { name: "Tasks" });
    await expect.poll(() => tasks.getByRole("option").allTextContents()).toEqual([expect.stringContaining("Renew the Oriole contract")]);
    expect(await text(tasks.getByRole("option"))).toContain("Open");
    await expect.poll(() => activeOption(page)).toContain("Renew the Oriole contract");
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page)).toBe("/tasks");
    expect(new URL(page.url()).searchParams.get("id")).toBe(String(taskId));
    await expect.poll(() => text(page.getByTestId("linked-task"))).toContain("Renew the Oriole contract");
    expect(await palette(page).count()).toBe(0);

    // Both groups at once: the arrows reach the article below the task, and Enter opens it in the Knowledge tab.
    await openWithShortcut(page);
    await page.keyboard.type("oriole");
    const articles = palette(page).getByRole("group", { name: "Knowledge articles" });
    await expect.poll(() => articles.getByRole("option").allTextContents()).toEqual([expect.stringContaining("Oriole returns guide")]);
    expect(await palette(page).getByRole("group", { name: "Tasks" }).getByRole("option").count()).toBe(1);
    for (let i = 0; i < 10 && !(await activeOption(page)).includes("Oriole returns guide"); i++) await page.keyboard.press("ArrowDown");
    expect(await activeOption(page)).toContain("Oriole returns guide");
    await page.keyboard.press("Enter");
    await expect.poll(() => pathOf(page)).toBe("/innovation");
    expect(new URL(page.url()).searchParams.get("tab")).toBe("knowledge");
    // The article's title has the focus, in view.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-knowledge-article-id") ?? null), { timeout: 10_000 })
      .toBe(String(articleId));
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Oriole returns guide");
    expect(await palette(page).count()).toBe(0);
  });

  it("does not offer a viewer New lead or New task, but finds leads and pages", async () => {
    const invited = await context.request.post("/api/enterprise/invitations", { data: { email: "vera@leadwell.test", name: "Vera Viewer", role: "viewer" } });
    expect(invited.status()).toBe(201);
    const token = ((await invited.json()) as { link: { path: string } }).link.path.split("#")[1];
    const { page: viewer } = await e2e.newPage();
    const accepted = await viewer.request.post("/api/auth/invitations/accept", { data: { token, name: "Vera Viewer", password: "a viewer's long password" } });
    expect(accepted.ok()).toBe(true);
    await viewer.goto("/");
    await viewer.getByTestId("page-title").waitFor();
    await openWithShortcut(viewer);
    const offered = await options(viewer).allTextContents();
    expect(offered).toContain("Switch language to Español");
    expect(offered).not.toContain("New lead");
    expect(offered).not.toContain("New task");
    await viewer.keyboard.type("oriole");
    await expect.poll(() => palette(viewer).getByRole("group", { name: "Leads" }).getByRole("option").allTextContents()).toEqual([
      expect.stringContaining(ORIOLE.businessName),
    ]);
    // A viewer may read tasks and knowledge articles: they are found too.
    await expect.poll(() => palette(viewer).getByRole("group", { name: "Tasks" }).getByRole("option").allTextContents()).toEqual([
      expect.stringContaining("Renew the Oriole contract"),
    ]);
    await expect.poll(() => palette(viewer).getByRole("group", { name: "Knowledge articles" }).getByRole("option").allTextContents()).toEqual([
      expect.stringContaining("Oriole returns guide"),
    ]);
    await viewer.context().close();
  });
});
