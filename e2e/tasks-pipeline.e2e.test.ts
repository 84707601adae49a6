import type { BrowserContext, Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Rosa Parks", email: "rosa@leadwell.test", password: "a long enough password" };

/** Created through the API once signed in; the board and the lead table show them newest first. */
const LEADS = [
  { businessOwnerName: "Ada", businessOwnerLastName: "Aurora", businessName: "Aurora Bikes", email: "ada@aurora.test" },
  { businessOwnerName: "Bo", businessOwnerLastName: "Borealis", businessName: "Borealis Foods", email: "bo@borealis.test" },
  { businessOwnerName: "Cy", businessOwnerLastName: "Cirrus", businessName: "Cirrus Dental", email: "cy@cirrus.test" },
];
const STAGE = "Proposal Sent";
const NEW_STAGE = "New";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const isPost = (path: string) => (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === path;

/** A UTC day `offset` days from today, as YYYY-MM-DD (tasks are due on calendar days, counted in UTC). */
function utcDay(offset: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}
const shownDay = (day: string) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const taskCards = (page: Page) => page.getByTestId("task-card");
const taskCard = (page: Page, title: string) => taskCards(page).filter({ has: page.getByTestId("task-title").getByText(title, { exact: true }) });
const column = (page: Page, stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const stageCard = (page: Page, stage: string) => page.locator(`[data-testid="stage-card"][data-stage="${stage}"]`);
const boardCard = (page: Page, stage: string, business: string) => column(page, stage).getByTestId("board-card").filter({ hasText: business });

/** The count a board column shows and the count its stage card shows, which must agree. */
async function counts(page: Page, stage: string) {
  return {
    column: await text(column(page, stage).getByTestId("board-column-count")),
    stage: await stageCard(page, stage).getByTestId("stage-lead-count").getAttribute("data-count"),
    cards: await column(page, stage).getByTestId("board-card").count(),
  };
}
/** Serious or critical axe findings on the screen as it is now, once nothing is loading. */
async function axeFindings(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('.animate-pulse, .animate-spin, [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  return (await seriousViolations(page)).map((finding) => `${finding.id}: ${finding.help} (${finding.targets.join(", ")})`);
}

/** How far <main> scrolls sideways (0 when the screen fits the window). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector("main") ?? document.documentElement;
    return main.scrollWidth - main.clientWidth;
  });

/** Set LEADWELL_SCREENSHOTS to a folder to keep pictures of the screens (to look at the layout by eye). */
async function screenshot(page: Page, name: string) {
  const folder = process.env.LEADWELL_SCREENSHOTS;
  if (!folder) return;
  // The shell scrolls inside <main>: a tall window shows the whole screen.
  const size = page.viewportSize();
  await page.setViewportSize({ width: size?.width ?? 1280, height: 2400 });
  await page.screenshot({ path: `${folder}/${name}.png` });
  if (size) await page.setViewportSize(size);
}

const expectCounts = (page: Page, stage: string, n: number) =>
  expect.poll(() => counts(page, stage), { timeout: 10_000 }).toEqual({ column: String(n), stage: String(n), cards: n });

describe("tasks and the productivity pipeline in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  const leadIds: Record<string, number> = {};

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows the empty task list and checks the title before sending", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    for (const lead of LEADS) {
      const res = await context.request.post("/api/leads", { data: lead });
      expect(res.status()).toBe(201);
      leadIds[lead.businessName] = ((await res.json()) as { id: number }).id;
    }

    await go(page, "/tasks", "Task Management");
    await page.getByTestId("tasks-empty").getByText("No tasks found. Create your first task to get started.").waitFor();

    let posts = 0;
    const count = (request: Request) => {
      if (isPost("/api/tasks")(request)) posts += 1;
    };
    page.on("request", count);
    await page.getByRole("button", { name: "New Task" }).click();
    const dialog = page.getByTestId("task-create-dialog");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect.poll(() => text(page.locator("#task-title-error"))).toBe("This field is required");
    expect(await dialog.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
    page.off("request", count);
    expect(posts).toBe(0);
  });

  it("creates an overdue, weekly, high-priority task for a lead through the dialog", async () => {
    const dialog = page.getByTestId("task-create-dialog");
    await dialog.getByLabel("Title").fill("Send the proposal");
    await dialog.getByLabel("Description").fill("Pricing for 12 bikes, delivery in spring.");
    await dialog.getByLabel("Due date").fill(utcDay(-1));
    await choose(page, dialog.getByLabel("Priority", { exact: true }), "High");
    await choose(page, dialog.getByLabel("Repeats", { exact: true }), "Weekly");
    expect(await text(dialog.getByLabel("Assignee", { exact: true }))).toBe(`${ADMIN.name} (me)`);
    await dialog.getByLabel("Lead", { exact: true }).click();
    await page.getByLabel("Search leads").fill("Aurora");
    await page.getByTestId("lead-option").filter({ hasText: "Aurora Bikes" }).click();
    expect(await text(dialog.getByLabel("Lead", { exact: true }))).toBe("Aurora Bikes");

    const sent = page.waitForRequest(isPost("/api/tasks"));
    await dialog.getByRole("button", { name: "Create Task" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      title: "Send the proposal",
      description: "Pricing for 12 bikes, delivery in spring.",
      dueDate: utcDay(-1),
      priority: "high",
      status: "open",
      recurring: true,
      recurrence: "weekly",
      leadId: leadIds["Aurora Bikes"],
    });
    await toastSays(page, "Task created successfully");
    await dialog.waitFor({ state: "detached" });

    const card = taskCard(page, "Send the proposal");
    await card.waitFor();
    expect(await text(card.getByTestId("task-priority"))).toBe("High priority");
    expect(await card.getAttribute("data-overdue")).toBe("true");
    expect(await text(card.getByTestId("task-due"))).toBe(`Overdue ·Due ${shownDay(utcDay(-1))}`);
    expect(await text(card.getByTestId("task-recurrence"))).toBe("Repeats: Weekly");
    expect(await text(card.getByTestId("task-lead"))).toBe("Lead: Aurora Bikes");
    expect(await text(card.getByTestId("task-assignee"))).toBe(`Assigned to ${ADMIN.name}`);
    expect(await text(card.getByTestId("task-status"))).toBe("Open");

    // The dialog opens empty again.
    await page.getByRole("button", { name: "New Task" }).click();
    expect(await dialog.getByLabel("Title").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("colours the priorities low green, medium yellow and high red", async () => {
    for (const body of [
      { title: "Book the demo", priority: "medium", leadId: leadIds["Borealis Foods"] },
      { title: "Check the invoices", priority: "low" },
    ]) {
      expect((await context.request.post("/api/tasks", { data: body })).status()).toBe(201);
    }
    await page.reload();
    await expect.poll(() => taskCards(page).count()).toBe(3);
    const badgeClass = (title: string) => taskCard(page, title).getByTestId("task-priority").getAttribute("class");
    expect(await badgeClass("Check the invoices")).toContain("bg-success");
    expect(await badgeClass("Book the demo")).toContain("bg-warning");
    expect(await badgeClass("Send the proposal")).toContain("bg-destructive");
    expect(await taskCard(page, "Book the demo").getAttribute("data-overdue")).toBe("false");
  });

  it("updates a task's status, and completing a weekly task brings its next occurrence", async () => {
    const card = taskCard(page, "Send the proposal");
    await choose(page, card.getByLabel("Status of Send the proposal"), "In Progress");
    await toastSays(page, "Task updated successfully");
    await expect.poll(() => text(card.getByTestId("task-status"))).toBe("In Progress");

    await choose(page, card.getByLabel("Status of Send the proposal"), "Completed");
    await expect.poll(() => taskCard(page, "Send the proposal").count()).toBe(2);
    const statuses = await taskCard(page, "Send the proposal").getByTestId("task-status").allTextContents();
    expect(statuses.sort()).toEqual(["Completed", "Open"]);
    const next = taskCard(page, "Send the proposal").filter({ has: page.getByTestId("task-status").getByText("Open", { exact: true }) });
    expect(await text(next.getByTestId("task-due"))).toBe(`Due ${shownDay(utcDay(6))}`);
    expect(await next.getAttribute("data-overdue")).toBe("false");
    // The completed task has gone to the end, after all the work still to do.
    await expect
      .poll(async () => {
        const shown = await taskCards(page).getByTestId("task-status").allTextContents();
        const firstCompleted = shown.indexOf("Completed");
        return firstCompleted > 0 && shown.slice(firstCompleted).every((status) => status === "Completed");
      })
      .toBe(true);
  });

  it("reaches a lead's tasks from the lead list and filters by lead", async () => {
    await go(page, "/leads", "Lead Management");
    const row = page.getByTestId("lead-row").filter({ hasText: "Borealis Foods" });
    await row.getByRole("link", { name: "Tasks of Borealis Foods" }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/tasks?leadId=${leadIds["Borealis Foods"]}`);
    await page.getByRole("heading", { name: "Showing the tasks of Borealis Foods" }).waitFor();
    await expect.poll(() => taskCards(page).count()).toBe(1);
    expect(await text(taskCards(page).first().getByTestId("task-title"))).toBe("Book the demo");

    const leadFilter = page.getByTestId("task-filters").getByLabel("Lead", { exact: true });
    expect(await text(leadFilter)).toBe("Borealis Foods");
    await leadFilter.click();
    await page.getByTestId("lead-option").filter({ hasText: "All leads" }).click();
    await expect.poll(() => taskCards(page).count()).toBe(4);

    await leadFilter.click();
    await page.getByLabel("Search leads").fill("aurora");
    await page.getByTestId("lead-option").filter({ hasText: "Aurora Bikes" }).click();
    await expect.poll(() => taskCards(page).count()).toBe(2);
    expect(new URL(page.url()).searchParams.get("leadId")).toBe(String(leadIds["Aurora Bikes"]));

    // A task card's lead narrows the list the same way; Clear filters shows everything again.
    await page.getByTestId("tasks-clear-filters").click();
    await expect.poll(() => taskCards(page).count()).toBe(4);
  });

  it("deletes a task once confirmed", async () => {
    const card = taskCard(page, "Check the invoices");
    await card.getByRole("button", { name: "Delete task Check the invoices" }).click();
    const confirm = page.getByTestId("task-delete-dialog");
    await confirm.getByText("Delete this task?").waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await taskCards(page).count()).toBe(4);

    await card.getByRole("button", { name: "Delete task Check the invoices" }).click();
    await confirm.getByRole("button", { name: "Delete Task" }).click();
    await toastSays(page, "Task deleted successfully");
    await expect.poll(() => taskCards(page).count()).toBe(3);
    expect(await taskCard(page, "Check the invoices").count()).toBe(0);
  });

  it("shows the task a link points at (a notification's /tasks?id=) above the list", async () => {
    const tasks = (await (await context.request.get("/api/tasks?limit=50")).json()) as { id: number; title: string }[];
    const demo = tasks.find((task) => task.title === "Book the demo");
    await page.goto(`/tasks?id=${demo?.id}&leadId=${leadIds["Aurora Bikes"]}`);
    const linked = page.getByTestId("linked-task");
    await expect.poll(() => text(linked.getByTestId("task-title"))).toBe("Book the demo");
    // The list below keeps its own filter (Aurora Bikes' tasks), which the linked task is not part of.
    await expect.poll(() => page.getByTestId("task-list").getByTestId("task-card").count()).toBe(2);
    await linked.getByRole("button", { name: "Close" }).click();
    await linked.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("id")).toBeNull();
    await page.getByTestId("tasks-clear-filters").click();
    await expect.poll(() => taskCards(page).count()).toBe(3);
  });

  it("shows the pipeline figures and creates a stage through the dialog", async () => {
    await go(page, "/productivity", "Productivity Pipeline");
    await expect.poll(() => text(page.getByTestId("stat-pipeline-leads"))).toBe("3");
    expect(await text(page.getByTestId("stat-active-tasks"))).toBe("2");
    expect(await text(page.getByTestId("stat-pipeline-stages"))).toBe("0");
    expect(await text(page.getByTestId("stat-unread-notifications"))).toBe("0");
    await expectCounts(page, NEW_STAGE, 3);
    await page.getByTestId("recent-notifications-empty").waitFor();

    await page.getByRole("button", { name: "New Stage" }).click();
    const dialog = page.getByTestId("stage-create-dialog");
    expect(await dialog.getByLabel("Position").inputValue()).toBe("1");
    await dialog.getByLabel("Name").fill(STAGE);
    await dialog.getByRole("button", { name: "Create Stage" }).click();
    await toastSays(page, "Pipeline stage created successfully");
    await dialog.waitFor({ state: "detached" });
    await expectCounts(page, STAGE, 0);
    expect(await text(stageCard(page, STAGE))).toContain("Position 1");
    await expect.poll(() => text(page.getByTestId("stat-pipeline-stages"))).toBe("1");

    // A name already used, in another letter case, is refused by the server and said in the dialog.
    await page.getByRole("button", { name: "New Stage" }).click();
    await dialog.getByLabel("Name").fill(STAGE.toUpperCase());
    await dialog.getByRole("button", { name: "Create Stage" }).click();
    await expect.poll(() => text(page.locator("#stage-name-error"))).toBe("A pipeline stage with this name already exists");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByTestId("stage-card").count()).toBe(2);
  });

  it("moves a lead by dragging it to another column, and the counts follow", async () => {
    await boardCard(page, NEW_STAGE, "Aurora Bikes").dragTo(column(page, STAGE));
    await expectCounts(page, STAGE, 1);
    await expectCounts(page, NEW_STAGE, 2);
    await expect
      .poll(() => text(page.getByTestId("board-announcement")))
      .toBe("Aurora Bikes moved to Proposal Sent, which now holds 1 lead.");
    expect(await stageCard(page, STAGE).getByTestId("stage-recent-leads").allTextContents()).toEqual(["Aurora Bikes"]);
    const row = page.getByTestId("lead-stage-row").filter({ hasText: "Aurora Bikes" });
    await expect.poll(() => text(row.getByTestId("lead-stage-select"))).toBe(STAGE);
  });

  it("moves a lead from the keyboard, keeping the focus on it", async () => {
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return { label: active?.getAttribute("aria-label"), stage: active?.closest("[data-testid='board-column']")?.getAttribute("data-stage") };
      });
    // The press goes to the button itself (focus and key in one step): a live refresh of the drag before may land
    // between a separate focus() and press on a loaded machine.
    await boardCard(page, NEW_STAGE, "Borealis Foods").getByRole("button", { name: "Move Borealis Foods" }).press("ArrowRight");
    await expectCounts(page, STAGE, 2);
    await expectCounts(page, NEW_STAGE, 1);
    await expect.poll(focused).toEqual({ label: "Move Borealis Foods", stage: STAGE });
    await expect
      .poll(() => text(page.getByTestId("board-announcement")))
      .toBe("Borealis Foods moved to Proposal Sent, which now holds 2 leads.");

    // The Move menu offers every stage; the current one is there but cannot be chosen. The press goes to the card's
    // button itself: a live refresh arriving after the move may re-render the column and move the focus.
    await boardCard(page, STAGE, "Borealis Foods").getByRole("button", { name: "Move Borealis Foods" }).press("Enter");
    await page.getByRole("menuitem", { name: `${STAGE} (current)` }).waitFor();
    await page.getByRole("menuitem", { name: NEW_STAGE, exact: true }).click();
    await expectCounts(page, NEW_STAGE, 2);
    await expectCounts(page, STAGE, 1);
    // The menu gives the focus back to the card in its new column, so the next arrow moves it again.
    await expect.poll(focused).toEqual({ label: "Move Borealis Foods", stage: NEW_STAGE });
    await page.keyboard.press("ArrowRight");
    await expectCounts(page, STAGE, 2);
  });

  it("moves a lead with the stage selector in Lead Pipeline Management", async () => {
    const table = page.getByTestId("lead-stage-table");
    await expect.poll(() => table.getByTestId("lead-stage-row").count()).toBe(3);
    await choose(page, table.getByLabel("Stage of Cirrus Dental"), STAGE);
    await toastSays(page, "Lead pipeline updated successfully");
    await expectCounts(page, STAGE, 3);
    await expectCounts(page, NEW_STAGE, 0);
    expect(await text(page.getByTestId("stat-pipeline-leads"))).toBe("3");
  });

  it("refuses to delete a stage that holds leads, saying why, and deletes an empty one", async () => {
    const guarded = stageCard(page, STAGE).getByRole("button", { name: `Delete stage ${STAGE}` });
    expect(await guarded.getAttribute("aria-disabled")).toBe("true");
    const reasonId = await guarded.getAttribute("aria-describedby");
    expect(await text(page.locator(`[id="${reasonId}"]`))).toBe("It holds 3 leads: move them to another stage before deleting this one.");
    await guarded.click({ force: true });
    await page.waitForTimeout(300);
    expect(await page.getByTestId("stage-delete-dialog").count()).toBe(0);
    // The built-in stage is never deletable.
    expect(await stageCard(page, NEW_STAGE).getByRole("button", { name: `Delete stage ${NEW_STAGE}` }).getAttribute("aria-disabled")).toBe("true");

    await page.getByRole("button", { name: "New Stage" }).click();
    const dialog = page.getByTestId("stage-create-dialog");
    expect(await dialog.getByLabel("Position").inputValue()).toBe("2");
    await dialog.getByLabel("Name").fill("Archive");
    await dialog.getByRole("button", { name: "Create Stage" }).click();
    await toastSays(page, "Pipeline stage created successfully");
    await expectCounts(page, "Archive", 0);

    const deletable = stageCard(page, "Archive").getByRole("button", { name: "Delete stage Archive" });
    expect(await deletable.getAttribute("aria-disabled")).toBeNull();
    await deletable.click();
    await page.getByTestId("stage-delete-dialog").getByRole("button", { name: "Delete Stage" }).click();
    await toastSays(page, "Pipeline stage deleted successfully");
    await expect.poll(() => stageCard(page, "Archive").count()).toBe(0);
    await expect.poll(() => column(page, "Archive").count()).toBe(0);
    await expect.poll(() => text(page.getByTestId("stat-pipeline-stages"))).toBe("1");
  });

  it("passes axe and fits 1280 px in English and Spanish, with tasks, stages and leads on screen", async () => {
    for (const lng of ["en", "es"]) {
      await page.evaluate((code) => window.localStorage.setItem("i18nextLng", code), lng);
      for (const path of ["/tasks", "/productivity"]) {
        await page.goto(path);
        await page.getByTestId(path === "/tasks" ? "task-card" : "board-card").first().waitFor();
        expect(await axeFindings(page), `${path} in ${lng}`).toEqual([]);
        expect(await sidewaysOverflow(page), `${path} in ${lng}`).toBe(0);
        await screenshot(page, `${path.slice(1)}-${lng}`);
      }
    }
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
    await page.reload();
    await page.getByTestId("board-card").first().waitFor();
  });

  it("shows a new notification in the bell and the figures without a reload, and a click marks it read", async () => {
    expect(await page.getByTestId("notification-dot").count()).toBe(0);
    // A partner signing up tells every administrator.
    const signup = await context.request.post("/api/affiliates/signup", {
      data: { name: "Nora Partner", businessName: "Nora Referrals", email: "nora@partners.test", password: "partner-pass" },
    });
    expect(signup.status()).toBe(201);

    // The bell asks for the unread count every 30 s.
    await page.getByTestId("notification-dot").waitFor({ timeout: 45_000 });
    await expect.poll(() => text(page.getByTestId("stat-unread-notifications"))).toBe("1");
    const item = page.getByTestId("recent-notifications").getByTestId("notification-item");
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute("data-read")).toBe("false");
    expect(await text(item)).toContain("New affiliate registered: Nora Partner (Nora Referrals)");

    await item.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/affiliates");
    await go(page, "/productivity", "Productivity Pipeline");
    await expect.poll(() => item.getAttribute("data-read")).toBe("true");
    await expect.poll(() => text(page.getByTestId("stat-unread-notifications"))).toBe("0");
    expect(await page.getByTestId("notification-dot").count()).toBe(0);
  });
});
