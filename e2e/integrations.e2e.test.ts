import type { BrowserContext, Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiInsights, IntegrationCheck, IntegrationStatusRow } from "@contract/integrations";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Hedy Lamarr", email: "hedy@leadwell.test", password: "a long enough password" };
/** A well-formed incoming-webhook URL; this machine has no internet, so Slack itself is never reached. */
const SLACK_URL = "https://hooks.slack.com/services/T0000000/B0000000/leadwellTestSecretWxyz";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string | RegExp) {
  await page.getByText(message).first().waitFor({ timeout: 25_000 });
}

/** What a Slack or Stripe check can come to, as a Spanish reader reads it (the es locale's integrations.outcomes). */
const SPANISH_OUTCOMES: Record<string, string> = {
  "integration.unreachable": "No se pudo contactar con {service}: {cause}",
  "integration.slack_accepted": "Slack aceptó el mensaje",
  "integration.slack_refused": "Slack respondió HTTP {status}",
  "integration.slack_refused_saying": "Slack respondió HTTP {status}: {answer}",
  "integration.stripe_accepted": "Stripe aceptó la clave del modo {mode} (GET /v1/balance respondió 200)",
  "integration.stripe_accepted_no_balance": "Stripe aceptó la clave del modo {mode}; no puede leer el saldo",
  "integration.stripe_accepted_no_balance_saying": "Stripe aceptó la clave del modo {mode}; no puede leer el saldo ({answer})",
  "integration.stripe_refused": "Stripe respondió HTTP {status}",
  "integration.stripe_refused_saying": "Stripe respondió HTTP {status}: {answer}",
};
const spanishOutcome = ({ code, params }: IntegrationCheck["messageCode"]) =>
  Object.entries(params).reduce((line, [name, value]) => line.replace(`{${name}}`, String(value)), SPANISH_OUTCOMES[code] ?? `(no Spanish line for ${code})`);

async function statusRows(page: Page): Promise<IntegrationStatusRow[]> {
  const answer = await page.request.get("/api/integrations/status");
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { integrations: IntegrationStatusRow[] }).integrations;
}

describe("Integrations & AI in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows the four cards with the statuses the API gives, Zapier explained with its counts", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await page.getByTestId("sidebar").getByRole("link", { name: "Integrations", exact: true }).click();
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe("Integrations & AI");

    const rows = await statusRows(page);
    expect(rows.map((row) => row.kind)).toEqual(["zapier", "slack", "stripe", "google_workspace"]);
    const labels = { available: "Available", configured: "Configured", connected: "Connected" } as const;
    for (const row of rows) {
      const card = page.getByTestId(`integration-${row.kind}`);
      await expect.poll(() => text(card.getByTestId("integration-status"))).toBe(labels[row.status]);
      // Spec §9: at most 3 features and 2 actions per card.
      expect(await card.getByRole("list", { name: "Features" }).getByRole("listitem").count()).toBe(3);
      expect(await card.getByTestId("integration-actions").locator("button, a").count()).toBe(2);
    }
    const zapier = page.getByTestId("integration-zapier");
    expect(await text(zapier.getByTestId("zapier-counts"))).toBe("Zapier webhook endpoints: 0 · API keys labelled “zapier”: 0");
    expect(await zapier.getByRole("link", { name: "Settings → Webhooks" }).getAttribute("href")).toBe("/settings");
    expect(await text(page.getByTestId("integration-stripe").getByTestId("integration-connecting"))).toContain("nothing is charged");
  });

  it("saves Slack's settings: configured, never used, the URL never shown back, only its last characters", async () => {
    const card = page.getByTestId("integration-slack");
    await card.getByRole("button", { name: "Connect Slack" }).click();
    const dialog = page.getByTestId("integration-dialog");
    await dialog.getByRole("heading", { name: "Connect Slack" }).waitFor();

    // An address that is not Slack's is refused before anything is sent.
    let puts = 0;
    const countPuts = (request: Request) => {
      if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/integrations/slack") puts += 1;
    };
    page.on("request", countPuts);
    await dialog.getByLabel("Incoming-webhook URL").fill("https://example.com/hook");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Enter a Slack incoming-webhook URL (https://hooks.slack.com/…)").waitFor();
    page.off("request", countPuts);
    expect(puts).toBe(0);

    await dialog.getByLabel("Incoming-webhook URL").fill(SLACK_URL);
    await dialog.getByLabel("Channel label").fill("#sales");
    // Each event by its label, with the name Slack's messages carry beside it.
    expect(await dialog.getByLabel("Lead created", { exact: true }).getAttribute("aria-checked")).toBe("true");
    expect(await dialog.getByTestId("slack-events").getByText("lead.created", { exact: true }).count()).toBe(1);
    await dialog.getByLabel("Task created", { exact: true }).click();
    const sent = page.waitForRequest((request) => request.method() === "PUT" && new URL(request.url()).pathname === "/api/integrations/slack");
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ kind: "slack", webhookUrl: SLACK_URL, channelLabel: "#sales", enabled: true });
    await toastSays(page, "Slack settings saved");
    await dialog.waitFor({ state: "detached" });

    await expect.poll(() => text(card.getByTestId("integration-status"))).toBe("Configured");
    expect(await text(card.getByTestId("integration-usage"))).toBe("Configured, never used.");
    const settings = await text(card.getByTestId("integration-settings"));
    expect(settings).toContain("Channel: #sales");
    expect(settings).toContain("3 events posted");
    expect(settings).toContain("Saved secret ends in …Wxyz");
    expect(await card.textContent()).not.toContain(SLACK_URL);
    const slack = (await statusRows(page)).find((row) => row.kind === "slack");
    expect(JSON.stringify(slack)).not.toContain("hooks.slack.com");

    // Opened again, the secret input is empty and says the saved one is kept.
    await card.getByRole("button", { name: "Connect Slack" }).click();
    expect(await dialog.getByLabel("Incoming-webhook URL").inputValue()).toBe("");
    await dialog.getByText("Leave empty to keep the saved one (…Wxyz).").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  it("sends a real Slack test and reports what happened (here: Slack cannot be reached)", async () => {
    const card = page.getByTestId("integration-slack");
    await card.getByRole("button", { name: "Send test" }).click();
    await toastSays(page, /^(The test failed|It works)$/);
    const slack = (await statusRows(page)).find((row) => row.kind === "slack")!;
    if (slack.lastError) {
      // No internet on this machine: the failure is said on the card, and the status stays honest.
      expect(slack.status).toBe("configured");
      await expect.poll(() => text(card.getByTestId("integration-last-error"))).toContain(slack.lastError);
      expect(await text(card.getByTestId("integration-usage"))).toContain("Configured, never used.");
    } else {
      expect(slack.status).toBe("connected");
      await expect.poll(() => text(card.getByTestId("integration-status"))).toBe("Connected");
    }
  });

  it("shows the AI Automation figures the API counts, and the shipped templates leading to AI Automation", async () => {
    await page.getByRole("tab", { name: "AI Automation" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?tab=ai");
    const insights = (await (await page.request.get("/api/ai/insights")).json()) as AiInsights;
    await expect.poll(() => text(page.getByTestId("ai-proposals-this-month"))).toBe(String(insights.proposalsThisMonth));
    expect(await text(page.getByTestId("ai-acceptance-rate"))).toBe(insights.acceptanceRate === null ? "—" : `${insights.acceptanceRate}%`);
    expect(await text(page.getByTestId("ai-automation-runs"))).toBe(String(insights.automationRuns));
    expect(await text(page.getByTestId("ai-tasks-created"))).toBe(String(insights.tasksCreatedByAutomations));
    expect(await text(page.getByTestId("ai-revenue"))).toBe(new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(Number(insights.revenueGenerated)));

    const templates = page.getByTestId("workflow-templates");
    await templates.getByText("Templates shipped with Leadwell").waitFor();
    expect(await templates.getByTestId("workflow-template").count()).toBeGreaterThanOrEqual(2);
    await templates.getByRole("link", { name: "Use template" }).first().click();
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe("AI Automation");
  });

  it("counts feedback sent through the API on the Community tab, and keeps the tab across a reload", async () => {
    for (const type of ["Bug", "Feature Request"]) {
      expect((await context.request.post("/api/feedback", { data: { type, description: `A ${type} from the integrations test.` } })).status()).toBe(201);
    }
    await page.goto("/integrations?tab=community");
    await expect.poll(() => text(page.getByTestId("community-feedback-total"))).toBe("2");
    const byType = page.getByTestId("community-feedback-by-type");
    expect((await byType.getByTestId("community-feedback-type").allTextContents()).sort()).toEqual(["Bug1", "Feature Request1"]);
    expect(await text(page.getByTestId("community-nps-score"))).toBe("—");
    await page.getByTestId("community-figures").getByText("No NPS responses yet").waitFor();
    expect(await page.getByTestId("community-support").getByRole("link", { name: "Send feedback" }).getAttribute("href")).toBe("/feedback");
    expect(await page.getByTestId("community-support").getByRole("link", { name: /Email/ }).count()).toBe(0);

    await page.reload();
    expect(await page.getByRole("tab", { name: "Community" }).getAttribute("aria-selected")).toBe("true");
  });

  it("says what Send test and Check connection came to in Spanish when the reader reads Spanish", async () => {
    const stripe = await context.request.put("/api/integrations/stripe", { data: { kind: "stripe", secretKey: "sk_test_leadwellE2eKey" } });
    expect(stripe.status()).toBe(200);
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/integrations");
    for (const [kind, button] of [
      ["slack", "Enviar prueba"],
      ["stripe", "Comprobar conexión"],
    ] as const) {
      const card = page.getByTestId(`integration-${kind}`);
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === `/api/integrations/${kind}/test`, {
        timeout: 25_000,
      });
      await card.getByRole("button", { name: button, exact: true }).click();
      const result = (await (await answered).json()) as IntegrationCheck;
      const line = spanishOutcome(result.messageCode);
      expect(line).not.toBe(result.message);
      const toast = page.locator("li[data-state=open]").filter({ hasText: line });
      await toast.first().waitFor();
      expect(await text(toast.first())).toContain(result.ok ? "Funciona" : "La prueba falló");
      expect(await text(toast.first())).not.toContain(result.message);
    }
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });
});
