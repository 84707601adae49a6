import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The hue (0–360°) an element's background shows over white, read back from a canvas (Chromium reports Tailwind's oklch as it is). */
const backgroundHue = (page: Page, testId: string, status: string) =>
  page.getByTestId(testId).and(page.locator(`[data-status="${status}"]`)).evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, 1, 1);
    context.fillStyle = getComputedStyle(element).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((value) => value / 255) as [number, number, number];
    const max = Math.max(r, g, b);
    const spread = max - Math.min(r, g, b);
    if (spread === 0) return null;
    const hue = max === r ? ((g - b) / spread) % 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
    return (hue * 60 + 360) % 360;
  });
/** The colour name a hue reads as. */
const colourName = (hue: number | null) =>
  hue === null ? "grey" : hue < 20 || hue >= 330 ? "red" : hue < 75 ? "yellow" : hue < 170 ? "green" : hue < 260 ? "blue" : "purple";

describe("Business Health & Evergreen and succession documentation in the browser", () => {
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
    await page.goto("/business-health");
    await page.getByTestId("page-title").getByText("Business Health & Evergreen").waitFor();
    await page.getByText("No upcoming reviews scheduled").waitFor();
    expect(await page.getByTestId("bh-card-overall").textContent()).toBe("0%");
    const expectations: [string, string][] = [
      ["Health", "No financial health data available"],
      ["Risks", "No active risks"],
      ["Incidents", "No simulation data"],
      ["Community", "No community activities yet"],
      ["Legacy", "No legacy plans"],
    ];
    for (const [tab, emptyText] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(emptyText).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("legacy");
  });

  it("adds a risk through the generated form, refuses a missing field by name, and lists it with the figures", async () => {
    await page.getByRole("tab", { name: "Risks" }).click();
    await page.getByTestId("record-add-risk").click();
    const form = page.getByTestId("record-form-risk");
    await form.getByLabel("Risk *").fill("Main supplier goes out of business");
    await form.getByTestId("record-save").click();
    // Nothing was sent: the family's own schema names what is missing.
    await form.getByText("This field is required").first().waitFor();

    await form.getByRole("combobox", { name: "Category *" }).click();
    await page.getByRole("option", { name: "Operational" }).click();
    await form.getByRole("combobox", { name: "Likelihood *" }).click();
    await page.getByRole("option", { name: "Critical" }).click();
    await form.getByRole("combobox", { name: "Impact *" }).click();
    await page.getByRole("option", { name: "High" }).click();
    await form.getByLabel("Mitigation *").fill("Qualify a second supplier this quarter");
    await form.getByLabel("Owner *").fill("Grace Hopper");
    await form.getByLabel("Next review").fill(utcDay(14));
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    const list = page.getByTestId("record-list-risk");
    await list.getByText("Main supplier goes out of business").waitFor();
    await list.getByText("Likelihood: Critical").waitFor();
    expect(await page.getByTestId("bh-high-priority").textContent()).toBe("1");
    expect(await page.getByTestId("bh-total-risks").textContent()).toBe("1");

    await page.getByRole("tab", { name: "Dashboard" }).click();
    await expect.poll(() => page.getByTestId("bh-card-risks").textContent()).toBe("1");
    await page.getByText("Main supplier goes out of business").waitFor();
    await page.getByText("14 days left").waitFor();
  });

  it("downloads the Health Report with the dashboard's figures", async () => {
    const button = page.getByTestId("page-report-button");
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^business-health-evergreen-report-\d{4}-\d{2}-\d{2}\.html$/);
    const html = readFileSync((await download.path())!, "utf8");
    expect(html).toContain("<h1>Business Health &amp; Evergreen report</h1>");
    expect(html).toContain('<tr><th scope="row">Critical Risks</th><td>1</td></tr>');
    expect(html).toContain("Main supplier goes out of business");
  });

  it("creates a succession document, renders its Markdown without raw HTML, and shows the overdue one first", async () => {
    await page.goto("/enterprise?tab=succession");
    const tab = page.getByTestId("succession-tab");
    await tab.getByText("No succession documents yet").waitFor();

    const addDocument = async (title: string, body: string, reviewDue: string) => {
      await tab.getByRole("button", { name: "Add document" }).click();
      const form = page.getByTestId("record-form-successionDocument");
      await form.getByLabel("Title *").fill(title);
      await form.getByLabel("Owner *").fill("Grace Hopper");
      await form.getByLabel("Document (Markdown) *").fill(body);
      await form.getByLabel("Review due *").fill(reviewDue);
      await form.getByTestId("record-save").click();
      await form.waitFor({ state: "detached" });
    };
    await addDocument("Runbook for the database", "## Restore\n\n1. Stop the app\n2. Restore **last night's** backup\n\n<script>window.injected = true</script>", utcDay(30));
    await addDocument("Bank and payroll access", "- Who holds the *tokens*\n- Where the contract lives", utcDay(-3));

    const documents = tab.getByTestId("succession-document");
    await expect.poll(() => documents.count()).toBe(2);
    expect(await documents.first().getAttribute("data-overdue")).toBe("true");
    await documents.first().getByText("Review overdue").waitFor();
    await documents.first().getByRole("heading", { name: /Bank and payroll access/ }).waitFor();
    const runbook = documents.nth(1);
    await runbook.getByRole("heading", { name: "Restore" }).waitFor();
    expect(await runbook.locator("strong").textContent()).toBe("last night's");
    expect(await runbook.locator("ol li").count()).toBe(2);
    expect(await runbook.locator("script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  it("colours the latest simulations' statuses: active and in progress blue, completed and mitigated green, planning yellow, cancelled red", async () => {
    const statuses = { active: "blue", in_progress: "blue", completed: "green", mitigated: "green", planning: "yellow", cancelled: "red" } as const;
    const shown = async () => {
      await page.goto("/business-health?tab=incidents");
      await page.getByTestId("simulation-status").first().waitFor();
    };
    // The tab lists the latest five; the sixth status is checked after one more (newer) simulation.
    const add = async (status: string, daysAgo: number) => {
      const answer = await page.request.post("/api/incident-simulations", {
        data: { scenario: `Drill (${status})`, scenarioType: "service_outage", status, simulationDate: utcDay(-daysAgo), responseTime: 30, effectiveness: 7 },
      });
      expect(answer.status()).toBe(201);
    };
    const entries = Object.entries(statuses);
    for (const [index, [status]] of entries.slice(0, 5).entries()) await add(status, 10 - index);
    await shown();
    for (const [status, colour] of entries.slice(0, 5)) {
      expect([status, colourName(await backgroundHue(page, "simulation-status", status))]).toEqual([status, colour]);
    }
    const [lastStatus, lastColour] = entries[5]!;
    await add(lastStatus, 1);
    await shown();
    expect(colourName(await backgroundHue(page, "simulation-status", lastStatus))).toBe(lastColour);
    expect(await page.getByTestId("simulation-status").and(page.locator('[data-status="in_progress"]')).textContent()).toBe("In progress");
  });
});
