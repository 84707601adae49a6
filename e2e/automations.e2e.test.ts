import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Alma Flores", email: "alma@leadwell.test", password: "a long enough password" };
const WORKFLOW = "New lead → create task";

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Serious or critical axe findings on the screen as it is now, once nothing is loading. */
async function axeFindings(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('.animate-pulse, .animate-spin, [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  return (await seriousViolations(page)).map((finding) => `${finding.id}: ${finding.help} (${finding.targets.join(", ")})`);
}

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

describe("automations in the browser", () => {
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

  it("creates 'new lead → create task', and a new lead gets its task", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await go(page, "/automation", "AI Automation");
    await page.getByTestId("automations-empty").getByText("No automation workflows created yet.").waitFor();

    const form = page.getByTestId("automation-form");
    await form.getByLabel("Name").fill(WORKFLOW);
    // Trigger New lead (new_lead in the API) and action Create task are the form's defaults.
    expect((await form.getByLabel("Trigger", { exact: true }).textContent())?.trim()).toBe("New lead");
    await form.getByText("Its name in the API: new_lead").waitFor();
    expect((await form.getByLabel("Action", { exact: true }).textContent())?.trim()).toBe("Create task");
    const config = form.getByLabel("Configuration (JSON)");
    await config.fill("{ title: oops");
    await form.getByRole("button", { name: "Create Workflow" }).click();
    await toastSays(page, "Failed to create automation workflow. Please check your JSON config.");
    expect(await config.getAttribute("aria-invalid")).toBe("true");

    await config.fill(JSON.stringify({ title: "Welcome call for {{lead.businessName}}", priority: "high" }));
    await form.getByRole("button", { name: "Create Workflow" }).click();
    await toastSays(page, "Automation workflow created successfully!");
    const row = page.getByTestId("automation-row").filter({ hasText: WORKFLOW });
    await row.waitFor();
    expect(await row.getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe("true");
    expect(await form.getByLabel("Name").inputValue()).toBe("");

    const lead = await context.request.post("/api/leads", {
      data: { businessOwnerName: "Hana", businessOwnerLastName: "Harbor", businessName: "Harbor Cafe", email: "hana@harbor.test" },
    });
    expect(lead.status()).toBe(201);

    await go(page, "/tasks", "Task Management");
    const taskTitle = page.getByTestId("task-card").getByTestId("task-title").getByText("Welcome call for Harbor Cafe", { exact: true });
    await expect
      .poll(
        async () => {
          if ((await taskTitle.count()) > 0) return true;
          await page.reload();
          await page.getByTestId("page-title").waitFor();
          return (await taskTitle.count()) > 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);

    await go(page, "/automation", "AI Automation");
    await row.getByTestId("automation-show-runs").click();
    const run = row.getByTestId("automation-run");
    await run.first().waitFor();
    expect(await run.first().textContent()).toContain("Lead created");
    expect(await run.first().textContent()).toContain("Succeeded");
    // The form, the list with its switch and the open run log pass axe (headings, labels, contrast).
    expect(await axeFindings(page)).toEqual([]);

    // Switched off, it stays off.
    await row.getByRole("switch", { name: "Enabled" }).click();
    await expect.poll(() => row.getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe("false");
    await page.reload();
    await expect.poll(() => page.getByTestId("automation-row").filter({ hasText: WORKFLOW }).getByRole("switch", { name: "Enabled" }).getAttribute("aria-checked")).toBe("false");
  });

  it("creates 'lead converted → call webhook' and shows its signing secret once", async () => {
    const form = page.getByTestId("automation-form");
    await page.getByTestId("automation-templates").getByRole("button", { name: "Lead converted → call webhook" }).click();
    expect(await form.getByLabel("Webhook URL").inputValue()).toBe("https://example.com/hooks/leadwell");
    await form.getByRole("button", { name: "Create Workflow" }).click();
    await toastSays(page, "Automation workflow created successfully!");

    const secret = page.getByTestId("automation-secret");
    expect(await secret.getByLabel("Signing secret").inputValue()).toMatch(/^whsec_/);
    const row = page.getByTestId("automation-row").filter({ hasText: "Lead converted → call webhook" });
    expect(await row.getByTestId("automation-webhook").textContent()).toContain("POST to https://example.com/hooks/leadwell");
    expect(await row.getByTestId("automation-webhook").textContent()).toContain("Signed");
    expect(await axeFindings(page)).toEqual([]);

    await secret.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.getByTestId("automation-secret").count()).toBe(0);
    await page.reload();
    await row.waitFor();
    expect(await page.getByTestId("automation-secret").count()).toBe(0);
  });
});
