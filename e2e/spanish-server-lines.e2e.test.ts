import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskDueRemindersJob } from "../server/src/modules/tasks/tasks.jobs";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Lucía Romero", email: "lucia@leadwell.test", password: "a long enough password" };
const TASK = "Llamar a Ana por el presupuesto";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** A calendar day as a Spanish reader reads it ("17 nov 2026"). */
const spanishDay = (day: string) => new Intl.DateTimeFormat("es", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/*
 * What the server writes for a person is stored as a code with params and rendered in the reader's language: a task
 * reminder (with its due date) in the bell, and a webhook's event name on Settings, both read in Spanish.
 */
describe("server-written lines in Spanish", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
  });

  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows an overdue task's reminder in Spanish, its due date in the Spanish format", async () => {
    const overdueSince = utcDay(-3);
    const created = await context.request.post("/api/tasks", { data: { title: TASK, dueDate: overdueSince } });
    expect(created.status()).toBe(201);
    const { ctx } = e2e.runtime;
    // The reminder job, as its schedule runs it: it writes the notification as a code with the due date as a param.
    await taskDueRemindersJob.handler({ db: ctx.db, config: ctx.config, jobs: ctx.jobs, eventSubscribers: [] }, {}, { id: "e2e", attempt: 1, attemptsAllowed: 1 });

    await page.goto("/");
    await page.getByTestId("notification-dot").waitFor();
    await page.getByRole("button", { name: "Notificaciones" }).click();
    const item = page.getByTestId("notification-panel").getByTestId("notification-item").first();
    await expect.poll(() => text(item)).toContain(`Tarea vencida desde el ${spanishDay(overdueSince)}: ${TASK}`);
    expect(await text(item)).not.toContain(overdueSince);
    expect(await text(item)).not.toContain("overdue");
    await page.keyboard.press("Escape");
  });

  it("names a webhook's event in Spanish, with the name integrators use beside it", async () => {
    const created = await context.request.post("/api/settings/webhooks", { data: { url: "https://hooks.example.com/leadwell", event: "lead.created" } });
    expect(created.status()).toBe(201);
    await page.goto("/settings");
    const row = page.getByTestId("webhook-row").first();
    await row.waitFor();
    const event = row.getByTestId("webhook-event");
    await expect.poll(() => text(event.locator("code"))).toBe("lead.created");
    expect(await text(event.locator(":scope > *").first())).toBe("Prospecto creado");
  });
});
