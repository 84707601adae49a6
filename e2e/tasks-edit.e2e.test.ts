import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

/*
 * Issue 23.2: a task can be opened from its card (by mouse or keyboard) and edited in the New Task form, filled in
 * with what it holds; only what changed is sent, and the list shows the change. A viewer sees it read-only, with why.
 */

const ADMIN = { name: "Lin Admin", email: "lin@leadwell.test", password: "a long enough password" };
const PASSWORD = "a member's long password";

function utcDay(offset: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}
const shownDay = (day: string) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const isPut = (request: Request) => request.method() === "PUT" && /^\/api\/tasks\/\d+$/.test(new URL(request.url()).pathname);

/** Invites someone with a role through the API as the administrator, then accepts the link in a fresh browser. */
async function memberWithRole(e2e: E2EServer, admin: Page, role: "viewer" | "agent", name: string, email: string): Promise<Page> {
  const invited = await admin.request.post("/api/enterprise/invitations", { data: { email, name, role } });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: { path: string } };
  const { page } = await e2e.newPage();
  const accepted = await page.request.post("/api/auth/invitations/accept", { data: { token: link.path.split("#")[1], name, password: PASSWORD } });
  expect(accepted.ok()).toBe(true);
  return page;
}

const taskCard = (page: Page, title: string) => page.getByTestId("task-card").filter({ has: page.getByTestId("task-title").getByText(title, { exact: true }) });

describe("editing a task in the browser", () => {
  let e2e: E2EServer;
  let page: Page;
  let agent: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
    await page.setViewportSize({ width: 1280, height: 900 });
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    agent = await memberWithRole(e2e, page, "agent", "Sam Agent", "sam@leadwell.test");
    for (const task of [
      { title: "Call the florist", description: "About the spring order", dueDate: utcDay(3), priority: "high" },
      { title: "Count the stock", recurrence: "weekly", dueDate: utcDay(1) },
    ]) {
      expect((await page.request.post("/api/tasks", { data: task })).status()).toBe(201);
    }
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens a task from its card, prefilled, and saves a new title, due date and assignee", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Task Management", exact: true }).click();
    const card = taskCard(page, "Call the florist");
    await card.waitFor();
    expect(await text(card.getByTestId("task-due"))).toBe(`Due ${shownDay(utcDay(3))}`);
    expect(await text(card.getByTestId("task-assignee"))).toBe(`Assigned to ${ADMIN.name}`);

    // A click on the card (not on one of its controls) opens it.
    await card.getByText("About the spring order").click();
    const dialog = page.getByTestId("task-edit-dialog");
    await dialog.getByRole("heading", { name: "Edit Task" }).waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Call the florist");
    expect(await dialog.getByLabel("Description").inputValue()).toBe("About the spring order");
    expect(await dialog.getByLabel("Due date").inputValue()).toBe(utcDay(3));
    expect(await text(dialog.getByLabel("Priority"))).toBe("High");
    expect(await text(dialog.getByLabel("Assignee"))).toBe(`${ADMIN.name} (me)`);
    expect(await text(dialog.getByLabel("Repeats"))).toBe("Does not repeat");
    expect(await seriousViolations(page, '[data-testid="task-edit-dialog"]')).toEqual([]);

    // The create form's rules: a blank title is refused before anything is sent.
    let puts = 0;
    const countPut = (request: Request) => {
      if (isPut(request)) puts += 1;
    };
    page.on("request", countPut);
    await dialog.getByLabel("Title").fill("  ");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => text(dialog.locator("#task-title-error"))).toBe("This field is required");
    expect(puts).toBe(0);
    page.off("request", countPut);

    await dialog.getByLabel("Title").fill("Call the florist back");
    await dialog.getByLabel("Due date").fill(utcDay(5));
    await dialog.getByLabel("Assignee").click();
    await page.getByRole("option", { name: "Sam Agent", exact: true }).click();
    const sent = page.waitForRequest(isPut);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    // Only what changed travels: the priority, description and the rest stay as they are.
    expect(Object.keys(body).sort()).toEqual(["assigneeId", "dueDate", "title"]);
    expect(body).toMatchObject({ title: "Call the florist back", dueDate: utcDay(5) });
    await page.getByText("Task updated successfully", { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    const edited = taskCard(page, "Call the florist back");
    await edited.waitFor();
    expect(await taskCard(page, "Call the florist").count()).toBe(0);
    expect(await text(edited.getByTestId("task-due"))).toBe(`Due ${shownDay(utcDay(5))}`);
    expect(await text(edited.getByTestId("task-assignee"))).toBe("Assigned to Sam Agent");
    expect(await text(edited.getByTestId("task-priority"))).toBe("High priority");

    // Sam is told, as when a task is created for them.
    await expect
      .poll(
        async () => ((await (await agent.request.get("/api/notifications")).json()) as { message: string }[]).map((n) => n.message),
        { timeout: 15_000 },
      )
      .toContain(`${ADMIN.name} assigned you a task: Call the florist back`);
  });

  it("opens a task from the keyboard and changes how often it repeats", async () => {
    const open = taskCard(page, "Count the stock").getByRole("button", { name: "Open task Count the stock" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("task-edit-dialog");
    await dialog.getByRole("heading", { name: "Edit Task" }).waitFor();
    expect(await text(dialog.getByLabel("Repeats"))).toBe("Weekly");
    await dialog.getByText("Changes this task and its later open occurrences; completed ones keep theirs.").waitFor();

    // Escape closes it unchanged, and the focus goes back to the card's title.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await dialog.getByLabel("Repeats").click();
    await page.getByRole("option", { name: "Monthly", exact: true }).click();
    const sent = page.waitForRequest(isPut);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    expect((await sent).postDataJSON()).toEqual({ recurrence: "monthly" });
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => text(taskCard(page, "Count the stock").getByTestId("task-recurrence"))).toBe("Repeats: Monthly");
  });

  it("shows a viewer the task read-only, with Save disabled and the reason", async () => {
    const viewer = await memberWithRole(e2e, page, "viewer", "Vic Viewer", "vic@leadwell.test");
    await viewer.goto("/tasks");
    await taskCard(viewer, "Call the florist back").getByRole("button", { name: "Open task Call the florist back" }).click();
    const dialog = viewer.getByTestId("task-edit-dialog");
    await dialog.getByText("Your role (Viewer) can see tasks but not change them.").waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Call the florist back");
    expect(await dialog.getByLabel("Title").isDisabled()).toBe(true);
    expect(await dialog.getByLabel("Assignee").isDisabled()).toBe(true);
    const save = dialog.getByRole("button", { name: "Save Changes" });
    expect(await save.isDisabled()).toBe(true);
    expect(await save.getAttribute("aria-describedby")).toBe(await dialog.getByTestId("task-form-read-only").getAttribute("id"));
    expect(await seriousViolations(viewer, '[data-testid="task-edit-dialog"]')).toEqual([]);
  });
});
