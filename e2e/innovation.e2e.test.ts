import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_DIFF, startFakeChatServer, type FakeChatServer } from "../server/src/test/fake-chat-completions";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
}

describe("Innovation & Legacy in the browser", () => {
  let fake: FakeChatServer;
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    // A fix can be approved only when a model proposed it (issue 23.9): a local stand-in for the AI provider writes it.
    fake = await startFakeChatServer();
    fake.defaultReply = { kind: "proposal", summary: "Read dates as YYYY-MM-DD and name the row that is not.", codeDiff: FAKE_DIFF };
    e2e = await startE2E({ ai: { baseUrl: fake.baseUrl, apiKey: "k", model: "fake-model", timeoutMs: 5000 } });
    ({ page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
  });
  afterAll(async () => {
    await e2e?.stop();
    await fake?.close();
  });

  it("opens each of the six tabs, showing its empty texts before any record exists", async () => {
    await page.goto("/innovation");
    await page.getByTestId("page-title").getByText("Innovation & Legacy").waitFor();
    await page.getByTestId("inn-deadlines").getByText("Next 30 days", { exact: true }).waitFor();
    await page.getByText("No deadlines in the next 30 days").waitFor();
    expect(await page.getByTestId("inn-card-radar").textContent()).toBe("0");
    const expectations: [string, string][] = [
      ["Tech Radar", "No technologies on the radar"],
      ["Experiments", "No experiments"],
      ["Knowledge", "No knowledge articles"],
      ["Compliance", "No compliance audits"],
      ["Legacy", "No legacy integrations"],
    ];
    for (const [tab, emptyText] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(emptyText).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("legacy");
  });

  it("adds a technology through the generated form and sees it on the radar, then moves it to another ring", async () => {
    await page.goto("/innovation?tab=radar");
    await page.getByTestId("record-add-techRadarItem").first().click();
    const form = page.getByTestId("record-form-techRadarItem");
    await form.getByLabel("Name *").fill("Passkeys");
    await form.getByRole("combobox", { name: "Quadrant *" }).click();
    await page.getByRole("option", { name: "Tools" }).click();
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Trial" }).click();
    await form.getByLabel("Moved in *").fill(utcDay(-3));
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    const radar = page.getByTestId("tech-radar-svg");
    const point = radar.locator('[data-name="Passkeys"]');
    await point.waitFor();
    expect(await point.getAttribute("data-ring")).toBe("trial");
    expect(await point.locator("title").textContent()).toBe("1. Passkeys: Trial, Tools");
    expect(await radar.getAttribute("aria-label")).toBe("Tech radar with 1 technology: Adopt 0, Trial 1, Assess 0, Hold 0");
    await page.getByTestId("tech-radar-list").getByText("Passkeys").waitFor();
    expect(await page.getByTestId("inn-total-technologies").textContent()).toBe("1");

    await page.getByTestId("record-list-techRadarItem").getByRole("button", { name: "Edit Passkeys" }).click();
    const edit = page.getByTestId("record-form-techRadarItem");
    await edit.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Adopt" }).click();
    await edit.getByTestId("record-save").click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => point.getAttribute("data-ring")).toBe("adopt");
  });

  it("shows every tab's records, the dashboard's deadlines and a report holding its figures", async () => {
    await post(page, "/api/compliance/audits", { title: "SOC 2 Type II", framework: "soc2", status: "in_progress", dueDate: utcDay(9) });
    await post(page, "/api/legacy/integrations", { name: "FTP lead export", system: "Old ERP", status: "deprecated", sunsetDate: utcDay(4) });
    await post(page, "/api/innovation/experiments", { title: "Shorter lead form", hypothesis: "Fewer fields, more leads", metric: "completion rate", status: "in_progress" });
    await post(page, "/api/knowledge-base", {
      title: "Webhook deliveries failing",
      body: "## Fix\n\n1. Rotate the **signing secret**\n2. Replay\n\n<script>window.injected = true</script>",
      tags: ["webhooks"],
    });

    await page.goto("/innovation");
    const deadlines = page.getByTestId("inn-deadlines");
    await deadlines.getByText("FTP lead export").waitFor();
    await deadlines.getByText("4 days left").waitFor();
    await deadlines.getByText("SOC 2 Type II").waitFor();
    // Every deadline of the window is counted, in all and per family; each count opens its family's records, the
    // soonest deadline first.
    expect(await page.getByTestId("inn-deadlines-total").textContent()).toBe("2 of 2 deadlines listed, the soonest first; each count opens its records");
    expect(await page.getByTestId("inn-deadlines-compliance_audit").textContent()).toBe("1");
    expect(await page.getByTestId("inn-deadlines-experiment_end").textContent()).toBe("0");
    await page.getByTestId("inn-deadlines-legacy_sunset").click();
    const sunsets = page.getByTestId("full-list-legacyIntegration");
    await sunsets.getByTestId("record-list-all-legacyIntegration").getByText("FTP lead export").waitFor();
    await sunsets.getByRole("button", { name: "Close", exact: true }).click();
    await sunsets.waitFor({ state: "detached" });
    await page.getByTestId("inn-technologies").getByText("Passkeys").waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("page-report-button").click()]);
    const report = readFileSync((await download.path())!, "utf8");
    expect(report).toContain("Innovation &amp; Legacy");
    expect(report).toContain("<th scope=\"row\">Technologies</th><td>1</td>");

    await page.getByRole("tab", { name: "Experiments" }).click();
    await page.getByTestId("record-list-experiment").getByText("Shorter lead form").waitFor();
    await page.getByRole("tab", { name: "Knowledge" }).click();
    const article = page.getByTestId("knowledge-article");
    await article.getByRole("heading", { name: "Fix" }).waitFor();
    expect(await article.locator("strong").textContent()).toBe("signing secret");
    await article.getByText("v1.0").waitFor();
    expect(await article.locator("script").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await page.getByLabel("Search the knowledge base").fill("webhooks failing");
    await page.getByTestId("knowledge-search-submit").click();
    await page.getByTestId("knowledge-search-results").getByText("Webhook deliveries failing").waitFor();
    await page.getByLabel("Search the knowledge base").fill("payroll");
    await page.getByTestId("knowledge-search-submit").click();
    await page.getByText("No articles match “payroll”").waitFor();
    await page.getByRole("tab", { name: "Compliance" }).click();
    await page.getByTestId("record-list-complianceAudit").getByText("SOC 2 Type II").waitFor();
    await page.getByRole("tab", { name: "Legacy" }).click();
    await page.getByTestId("record-list-legacyIntegration").getByText("FTP lead export").waitFor();
    expect(await page.getByTestId("inn-upcoming-sunsets").textContent()).toBe("1");
  });

  it("keeps the spec's ten technologies on the radar and its list, opens all of them from View all, and says what each figure is computed over", async () => {
    for (let n = 1; n <= 13; n++) {
      await post(page, "/api/innovation/tech-radar", { name: `Tech ${String(n).padStart(2, "0")}`, quadrant: "tools", status: "assess", movedInDate: utcDay(-10 - n) });
    }
    await post(page, "/api/compliance/audits", { title: "GDPR review", framework: "gdpr", status: "passed", dueDate: utcDay(-30) });
    await post(page, "/api/compliance/audits", { title: "PCI scan", framework: "pci_dss", status: "failed", dueDate: utcDay(-20) });

    await page.goto("/innovation?tab=radar");
    const card = page.getByTestId("record-list-techRadarItem");
    await card.getByText("Tech 09").waitFor();
    expect(await card.locator("tbody tr").count()).toBe(10);
    expect(await card.getByText("Tech 10").count()).toBe(0);
    expect(await page.getByTestId("tech-radar-point").count()).toBe(10);
    expect(await page.getByTestId("inn-radar-shown").textContent()).toBe("10 of 14 technologies, the most recently moved, by ring and quadrant");
    expect(await page.getByTestId("inn-total-technologies").textContent()).toBe("14");
    expect(await page.getByTestId("explain-inn-total-technologies").textContent()).toBe("Every technology, all time; the radar and its list show the 10 most recently moved");
    expect(await page.getByTestId("view-all-techRadarItem").textContent()).toBe("View all (14)");
    await page.getByTestId("view-all-techRadarItem").click();
    const dialog = page.getByTestId("full-list-techRadarItem");
    await dialog.getByRole("heading", { name: "Technologies: every record" }).waitFor();
    const all = dialog.getByTestId("record-list-all-techRadarItem");
    await all.getByText("Tech 13").waitFor();
    expect(await all.locator("tbody tr").count()).toBe(14);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Dashboard" }).click();
    await expect.poll(() => page.getByTestId("explain-inn-card-radar").textContent()).toBe("All rings, all time; the adoption rate is those in Adopt out of 14 technologies");
    expect(await page.getByTestId("inn-technologies").locator("li").count()).toBe(10);
    expect(await page.getByTestId("view-all-techRadarItem").textContent()).toBe("View all (14)");
    expect(await page.getByTestId("explain-inn-card-experiments").textContent()).toBe(
      "In progress out of 1 experiment; the success rate is validated out of 0 completed with an outcome",
    );
    expect(await page.getByTestId("inn-card-compliance").textContent()).toBe("50%");
    expect(await page.getByTestId("explain-inn-card-compliance").textContent()).toBe("Passed out of 2 finished audits (passed or failed), all time");

    await page.getByRole("tab", { name: "Compliance" }).click();
    expect(await page.getByTestId("inn-pass-rate").textContent()).toBe("50%");
    await expect.poll(() => page.getByTestId("explain-inn-overdue-audits").textContent()).toBe("Due before today, out of 1 audit still planning or in progress");
    await page.getByTestId("explain-inn-pass-rate").click();
    const audits = page.getByTestId("full-list-complianceAudit");
    await audits.getByTestId("record-list-all-complianceAudit").getByText("PCI scan").waitFor();
    expect(await audits.getByTestId("record-list-all-complianceAudit").locator("tbody tr").count()).toBe(3);
    await audits.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("tab", { name: "Legacy" }).click();
    await expect.poll(() => page.getByTestId("explain-inn-upcoming-sunsets").textContent()).toBe("Sunset date today or later, out of 1 integration not yet sunset");

    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/innovation?tab=compliance");
    await page.getByRole("tab", { name: "Cumplimiento" }).waitFor();
    await expect.poll(() => page.getByTestId("explain-inn-pass-rate").textContent()).toBe("Superadas de 2 auditorías terminadas (superadas o fallidas), desde siempre");
    await page.getByRole("tab", { name: "Radar tecnológico" }).click();
    await expect.poll(() => page.getByTestId("view-all-techRadarItem").textContent()).toBe("Ver todos (14)");
    expect(await page.getByTestId("inn-radar-shown").textContent()).toBe("10 de 14 tecnologías, las movidas más recientemente, por anillo y cuadrante");
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });

  it("saves an approved fix as a knowledge-base article in one click", async () => {
    const created = await page.request.post("/api/issues", { data: { email: "reporter@example.com", description: "Lead import stops at row 12 with a date error", screenshotUrl: "" } });
    const { id } = (await created.json()) as { id: number };
    await expect.poll(async () => ((await (await page.request.get(`/api/issues/${id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe("awaiting_review");
    await post(page, `/api/issues/${id}/approve`, { manualNotes: "Dates must be YYYY-MM-DD in the file." });

    await page.goto(`/issues?tab=review&id=${id}`);
    await page.getByTestId("save-fix-as-article").click();
    await page.getByTestId("save-fix-saved").getByRole("link").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("knowledge");
    const article = page.getByTestId("knowledge-article").filter({ hasText: "Fix: Lead import stops at row 12 with a date error" });
    await article.getByText("Dates must be YYYY-MM-DD in the file.").waitFor();
    await article.getByText(`issue-${id}`).waitFor();
  });
});
