import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const LEAD = { businessOwnerName: "Marta", businessOwnerLastName: "Quintero", businessName: "Zephyrine Robotics", email: "marta@zephyrine.test" };
const PASSWORD = "a viewer's long password";

/**
 * A real SMTP server on a free local port, keeping the raw messages it receives. While held, it keeps a message's
 * answer back until release(), so the page can be seen with the message still queued.
 */
async function startSmtpServer() {
  const received: string[] = [];
  let held = false;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const answer = () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        };
        if (held) waiting.push(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const answer of waiting.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("email to a lead from its page", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let e2e: E2EServer;
  let page: Page;
  let leadId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    e2e = await startE2E({ mail: { smtpUrl: smtp.url, from: "Leadwell <no-reply@leadwell.test>", retry: { limit: 1, delaySeconds: 1 } } });
    ({ page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    const created = await page.request.post("/api/leads", { data: LEAD });
    expect(created.status()).toBe(201);
    leadId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await e2e?.stop();
    await smtp?.close();
  });

  it("picks a template, edits it, previews it, shows a field error, sends it, and sees it sent", async () => {
    await page.goto(`/leads/${leadId}`);
    await page.getByTestId("lead-page-name").getByText(LEAD.businessName).waitFor();
    await page.getByRole("button", { name: `Write an email to ${LEAD.businessName}` }).click();
    const dialog = page.getByTestId("lead-email-dialog");
    await dialog.getByRole("heading", { name: `Email ${LEAD.businessName}` }).waitFor();
    await dialog.getByTestId("lead-email-history").getByText("No email has been written to this lead yet.").waitFor();

    // The template fills subject and body, placeholders still visible.
    await dialog.getByLabel("Template", { exact: true }).click();
    await page.getByRole("option", { name: "Follow-up", exact: true }).click();
    const subject = dialog.getByLabel("Subject", { exact: true });
    const body = dialog.getByLabel("Message", { exact: true });
    await expect.poll(() => subject.inputValue()).toBe("Following up, {{lead.businessOwnerName}}");
    expect(await body.inputValue()).toContain("**{{lead.businessName}}**");

    // Edit it; the preview renders the Markdown with the placeholders left for the server.
    await subject.fill("About your robots, {{lead.businessOwnerName}}");
    await body.fill(`${await body.inputValue()}\n\nP.S. See [our offer](https://example.com/offer).`);
    await dialog.getByRole("button", { name: "Preview" }).click();
    const preview = dialog.getByRole("region", { name: /Preview of the message/ });
    await preview.locator("strong").getByText("{{lead.businessName}}").waitFor();
    expect(await preview.getByRole("link", { name: "our offer" }).getAttribute("href")).toBe("https://example.com/offer");
    expect(await seriousViolations(page, '[data-testid="lead-email-dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: "Edit" }).click();

    // An empty subject is refused on the field, nothing is sent.
    const keptSubject = await subject.inputValue();
    await subject.fill("");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText("This field is required").waitFor();
    expect(await subject.getAttribute("aria-invalid")).toBe("true");
    expect(await seriousViolations(page, '[data-testid="lead-email-dialog"]')).toEqual([]);
    await subject.fill(keptSubject);

    // The SMTP server keeps its answer back: the page shows the message queued on the timeline.
    smtp.hold();
    await dialog.getByRole("button", { name: "Send" }).click();
    await page.getByText(`“About your robots, Marta” is on its way to ${LEAD.email}.`, { exact: true }).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const emailEntry = page.locator('[data-testid="timeline-entry"][data-kind="email"]');
    await emailEntry.getByText("Queued", { exact: true }).waitFor();
    // The send's own refreshes (its answer's, and the live one for the new timeline entry) have settled by now, so
    // whatever shows the message sent below was read after the delivery.
    await page.waitForTimeout(1500);
    await emailEntry.getByText("Queued", { exact: true }).waitFor();

    // Delivered: the live stream tells the open page, which shows it sent without a reload (nothing polls).
    smtp.release();
    await emailEntry.getByText("Sent", { exact: true }).waitFor({ timeout: 20_000 });

    // The SMTP server got it, placeholders filled.
    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    expect(smtp.received[0]).toContain("Subject: About your robots, Marta");
    expect(smtp.received[0]).toContain(`To: ${LEAD.email}`);

    // Opened again, the dialog lists it as sent.
    await page.getByRole("button", { name: `Write an email to ${LEAD.businessName}` }).click();
    const line = page.getByTestId("lead-email-dialog").getByTestId("lead-email-line");
    await line.getByText("About your robots, Marta").waitFor();
    await expect.poll(() => line.getByTestId("lead-email-status").textContent(), { timeout: 20_000 }).toBe("Sent");
    expect(await line.textContent()).toContain(`by ${ADMIN.name}`);
    expect(await seriousViolations(page, '[data-testid="lead-email-dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");
  });

  it("offers the templates in Spanish to a Spanish reader", async () => {
    const { page: spanish } = await e2e.newPage({ locale: "es-ES" });
    const signedIn = await spanish.request.post("/api/auth/login", { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(signedIn.ok()).toBe(true);
    await spanish.goto(`/leads/${leadId}`);
    await spanish.getByRole("button", { name: `Escribir un correo a ${LEAD.businessName}` }).click();
    const dialog = spanish.getByTestId("lead-email-dialog");
    await dialog.getByRole("heading", { name: `Correo a ${LEAD.businessName}` }).waitFor();
    await dialog.getByLabel("Plantilla", { exact: true }).click();
    await spanish.getByRole("option", { name: "Agradecimiento", exact: true }).click();
    await expect.poll(() => dialog.getByLabel("Asunto", { exact: true }).inputValue()).toBe("Gracias, {{lead.businessOwnerName}}");
    const line = dialog.getByTestId("lead-email-line");
    await expect.poll(() => line.getByTestId("lead-email-status").textContent()).toBe("Enviado");
  });

  it("shows a viewer the button disabled, with the reason", async () => {
    const invited = await page.request.post("/api/enterprise/invitations", { data: { email: "vera@leadwell.test", name: "Vera Viewer", role: "viewer" } });
    expect(invited.status()).toBe(201);
    const { link } = (await invited.json()) as { link: { path: string } };
    const { page: viewer } = await e2e.newPage();
    const accepted = await viewer.request.post("/api/auth/invitations/accept", { data: { token: link.path.split("#")[1], name: "Vera Viewer", password: PASSWORD } });
    expect(accepted.ok()).toBe(true);
    await viewer.goto(`/leads/${leadId}`);
    const button = viewer.getByTestId("lead-email-button");
    await button.waitFor();
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    const reasonId = await button.getAttribute("aria-describedby");
    expect(await viewer.locator(`[id="${reasonId}"]`).textContent()).toBe("Your role may read this lead but not send it email.");
    // Playwright treats aria-disabled as disabled: a forced click checks that it opens nothing all the same.
    await button.click({ force: true });
    expect(await viewer.getByTestId("lead-email-dialog").count()).toBe(0);
  });
});
