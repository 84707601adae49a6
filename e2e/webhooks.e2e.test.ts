import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../server/src/config";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const LEAD = { firstName: "Rosa", lastName: "Webb", business: "Hooked Bakery", email: "rosa@hooked-bakery.test" };

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on this machine that answers 200 and keeps every request, as a customer's endpoint would see it. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** The open toast whose text has this title (the list item Radix renders; its live-region copy is left aside). */
const toastTitled = (page: Page, title: string) => page.locator("li[data-state=open]").filter({ hasText: title }).first();

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

describe("webhooks in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret = "";

  /** The first request of this event type the receiver got, verified with the endpoint's secret (throws if forged). */
  const verifiedDelivery = (type: string) => {
    const request = receiver.received.find((candidate) => (JSON.parse(candidate.body) as { type: string }).type === type);
    if (!request) return undefined;
    return { ...request, payload: new Webhook(secret).verify(request.body, request.headers) };
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    // The receiver is on 127.0.0.1, which the address check refuses unless ALLOW_PRIVATE_WEBHOOKS is set.
    e2e = await startE2E({ webhooks: loadConfig({ ALLOW_PRIVATE_WEBHOOKS: "1" }).webhooks });
    ({ context, page } = await e2e.newPage());
  });
  afterAll(async () => {
    await context?.close();
    await e2e?.stop();
    await receiver?.close();
  });

  it("adds a webhook for new leads from Settings and shows its signing secret once", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await go(page, "/settings", "Settings");
    const card = page.getByTestId("settings-webhooks");
    await card.getByTestId("webhooks-empty").getByText("No webhooks yet.").waitFor();

    const form = card.getByTestId("webhook-create");
    await form.getByLabel("Endpoint URL").fill(receiver.url);
    await form.getByLabel("Event").click();
    await page.getByRole("option", { name: "Lead created", exact: true }).click();
    await form.getByText("Deliveries carry the type lead.created").waitFor();
    await form.getByRole("button", { name: "Add webhook" }).click();

    // Spec §8: the 'Webhook Registered' toast, and the secret in its panel (shown once).
    const registered = toastTitled(page, "Webhook Registered");
    await registered.waitFor();
    expect(await text(registered)).toContain(`Events now go to ${receiver.url}.`);
    const shown = card.getByTestId("webhook-created");
    await shown.getByText("Copy it now: it is not shown again.", { exact: false }).waitFor();
    secret = await shown.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const row = card.getByTestId("webhook-row");
    expect(await text(row.locator("code").first())).toBe(receiver.url);
    expect(await text(row.getByText("lead.created", { exact: true }))).toBe("lead.created");

    await shown.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => card.getByTestId("webhook-created").count()).toBe(0);
    await page.reload();
    await page.getByTestId("webhook-row").waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it("sends a lead created in the browser to the receiver within seconds, signed, and logs it as 200", async () => {
    await go(page, "/leads", "Lead Management");
    const form = page.getByTestId("lead-create");
    await form.getByLabel("First Name").fill(LEAD.firstName);
    await form.getByLabel("Last Name").fill(LEAD.lastName);
    await form.getByLabel("Business Name").fill(LEAD.business);
    await form.getByLabel("Email").fill(LEAD.email);
    await form.getByRole("button", { name: "Add Lead" }).click();
    await page.getByText("Lead created successfully!", { exact: true }).first().waitFor();
    const createdAt = Date.now();

    // The dispatcher starts the sending job at once; the minute schedule is only the backstop.
    await expect.poll(() => verifiedDelivery("lead.created"), { timeout: 8_000, interval: 200 }).toBeDefined();
    expect(Date.now() - createdAt).toBeLessThan(8_000);
    const delivered = verifiedDelivery("lead.created")!;
    expect(delivered.payload).toMatchObject({ type: "lead.created", data: { businessName: LEAD.business } });
    expect(delivered.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(() => new Webhook(`whsec_${Buffer.from("not the secret, not the secret!!").toString("base64")}`).verify(delivered.body, delivered.headers)).toThrow();

    await go(page, "/settings", "Settings");
    const row = page.getByTestId("webhook-row");
    await row.getByRole("button", { name: "Deliveries" }).click();
    const log = row.getByTestId("webhook-deliveries");
    const entry = log.getByTestId("webhook-delivery").filter({ hasText: "lead.created" });
    await entry.getByText("Delivered", { exact: true }).waitFor();
    expect(await text(entry.locator("ol li").first())).toMatch(/: 200 in \d+ ms/);
  });

  it("sends a test event from the row and logs its delivery", async () => {
    const row = page.getByTestId("webhook-row");
    await row.getByRole("button", { name: "Send test event" }).click();
    await page.getByText("Test event queued", { exact: true }).first().waitFor();

    const entry = row.getByTestId("webhook-delivery").filter({ hasText: "webhook.test" });
    // Pending at first; the log polls while a delivery is pending.
    await entry.getByText("Delivered", { exact: true }).waitFor({ timeout: 15_000 });
    expect(await text(entry.locator("ol li").first())).toMatch(/: 200 in \d+ ms/);
    expect(verifiedDelivery("webhook.test")?.payload).toMatchObject({ type: "webhook.test" });
    expect(await row.getByTestId("webhook-delivery").count()).toBe(2);
  });

  /** Asks to delete the row for this URL; the endpoint is deleted through the API first when `goneFirst`, as by a colleague. */
  async function deleteRow(url: string, labels: { action: string; submit: string }, goneFirst = false) {
    const card = page.getByTestId("settings-webhooks");
    await card.getByRole("button", { name: labels.action.replace("{url}", url), exact: true }).click();
    const dialog = page.getByTestId("webhook-delete-dialog");
    await dialog.waitFor();
    if (goneFirst) {
      const listed = (await (await context.request.get("/api/settings/webhooks")).json()) as { id: number; url: string }[];
      const id = listed.find((endpoint) => endpoint.url === url)?.id;
      expect((await context.request.delete(`/api/settings/webhooks/${id}`)).status()).toBe(200);
    }
    await dialog.getByRole("button", { name: labels.submit, exact: true }).click();
    return dialog;
  }

  it("titles a refused registration 'Failed to register webhook', with the server's reason, and adds nothing", async () => {
    const card = page.getByTestId("settings-webhooks");
    const form = card.getByTestId("webhook-create");
    await form.getByLabel("Endpoint URL").fill("ftp://files.example.com/hook");
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/settings/webhooks");
    await form.getByRole("button", { name: "Add webhook" }).click();
    expect((await answered).status()).toBe(400);
    const failed = toastTitled(page, "Failed to register webhook");
    await failed.waitFor();
    expect(await text(failed)).toContain("Enter an http:// or https:// URL");
    expect(await card.getByTestId("webhook-row").count()).toBe(1);
    expect(await card.getByTestId("webhook-created").count()).toBe(0);
    await form.getByLabel("Endpoint URL").fill("");
  });

  it("says 'Webhook Deleted' on deleting, and 'Failed to delete webhook' when it was already gone", async () => {
    const gone = "https://hooks.example.com/already-gone";
    expect((await context.request.post("/api/settings/webhooks", { data: { url: gone, event: "*" } })).status()).toBe(201);
    await page.reload();
    const card = page.getByTestId("settings-webhooks");
    await expect.poll(() => card.getByTestId("webhook-row").count()).toBe(2);
    const labels = { action: "Delete the webhook to {url}", submit: "Delete" };

    const dialog = await deleteRow(gone, labels, true);
    const failed = toastTitled(page, "Failed to delete webhook");
    await failed.waitFor();
    expect(await text(failed)).toContain("Webhook not found");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await deleteRow(receiver.url, labels);
    const deleted = toastTitled(page, "Webhook Deleted");
    await deleted.waitFor();
    expect(await text(deleted)).toContain(`Nothing more is sent to ${receiver.url}.`);
    await expect.poll(() => card.getByTestId("webhook-row").count()).toBe(0);
  });

  it("says the same in Spanish: Webhook registrado, Webhook eliminado and the failure titles", async () => {
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/settings");
    const card = page.getByTestId("settings-webhooks");
    await card.getByTestId("webhooks-empty").waitFor();
    const form = card.getByTestId("webhook-create");
    const url = "https://hooks.example.com/es";

    await form.getByLabel("URL del endpoint").fill(url);
    await form.getByRole("button", { name: "Añadir webhook" }).click();
    const registered = toastTitled(page, "Webhook registrado");
    await registered.waitFor();
    expect(await text(registered)).toContain(`Los eventos se envían ahora a ${url}.`);
    await card.getByTestId("webhook-created").getByRole("button", { name: "Hecho" }).click();

    await form.getByLabel("URL del endpoint").fill("ftp://files.example.com/hook");
    await form.getByRole("button", { name: "Añadir webhook" }).click();
    const refused = toastTitled(page, "No se pudo registrar el webhook");
    await refused.waitFor();
    expect(await text(refused)).toContain("Introduce una URL http:// o https://");

    const labels = { action: "Eliminar el webhook a {url}", submit: "Eliminar" };
    const gone = "https://hooks.example.com/ya-no-existe";
    expect((await context.request.post("/api/settings/webhooks", { data: { url: gone, event: "*" } })).status()).toBe(201);
    await page.reload();
    await expect.poll(() => card.getByTestId("webhook-row").count()).toBe(2);
    const dialog = await deleteRow(gone, labels, true);
    const failed = toastTitled(page, "No se pudo eliminar el webhook");
    await failed.waitFor();
    expect(await text(failed)).toContain("Webhook no encontrado");
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await deleteRow(url, labels);
    const deleted = toastTitled(page, "Webhook eliminado");
    await deleted.waitFor();
    expect(await text(deleted)).toContain(`No se enviará nada más a ${url}.`);
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });
});
