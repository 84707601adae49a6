import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxMail } from "@contract/mail";
import { signedInAdmin, startTestRuntime, floorDrivers, type TestClient, type TestRuntime } from "../test/test-runtime";
import { enqueueMail, sendMail } from "./mail";

interface ReceivedMail {
  envelopeFrom: string | undefined;
  envelopeTo: string[];
  headers: Map<string, string>;
  body: string;
}

/** A real SMTP server on a free local port, keeping what it receives; `refuse` answers 550 to every recipient. */
async function startSmtpServer(refuse = false) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refuse) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parseMessage(Buffer.concat(chunks).toString("utf8")),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Headers (unfolded, by lower-case name) and body of a plain RFC 5322 message. */
function parseMessage(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of headerText.split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4).replace(/\r\n$/, "") };
}

async function outbox(admin: TestClient): Promise<OutboxMail[]> {
  const res = await admin.get<OutboxMail[]>("/api/settings/mail-outbox");
  expect(res.status).toBe(200);
  return res.body;
}

/** Waits until the outbox shows the message settled (no longer queued), as an administrator sees it in Settings. */
async function untilSettled(admin: TestClient, id: number): Promise<OutboxMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await outbox(admin)).find((row) => row.id === id);
    if (mail && mail.status !== "pending") return mail;
    if (Date.now() > deadline) throw new Error(`mail ${id} still ${mail?.status ?? "missing"}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const FROM = "Leadwell <no-reply@leadwell.test>";
const retry = { limit: 1, delaySeconds: 1 };

describe.each(floorDrivers)("mail through a real SMTP server on %s", (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    rt = await startTestRuntime(driver, { mail: { smtpUrl: smtp.url, from: FROM, retry } });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
    await smtp?.close();
  });

  it("sends a queued message from a job, and the outbox shows it sent", async () => {
    const queued = await enqueueMail(rt.ctx, { to: "grace@example.com", subject: "Your weekly summary", text: "Three new leads this week." });
    expect(queued.status).toBe("pending");

    const settled = await untilSettled(admin, queued.id);
    expect(settled).toMatchObject({ to: "grace@example.com", subject: "Your weekly summary", status: "sent", error: null, attempts: 1 });
    expect(settled.sentAt).not.toBeNull();

    const message = smtp.received.find((mail) => mail.headers.get("subject") === "Your weekly summary");
    expect(message).toBeDefined();
    expect(message!.envelopeFrom).toBe("no-reply@leadwell.test");
    expect(message!.envelopeTo).toEqual(["grace@example.com"]);
    expect(message!.headers.get("from")).toBe(FROM);
    expect(message!.headers.get("to")).toBe("grace@example.com");
    expect(message!.body).toBe("Three new leads this week.");
  });

  it("sends at once with sendMail, text and HTML both", async () => {
    const result = await sendMail(rt.ctx, { to: "linus@example.com", subject: "Welcome", text: "Hello Linus", html: "<p>Hello <b>Linus</b></p>" });
    expect(result.status).toBe("sent");
    const message = smtp.received.find((mail) => mail.headers.get("subject") === "Welcome");
    expect(message!.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(message!.body).toContain("Hello Linus");
    expect(message!.body).toContain("<p>Hello <b>Linus</b></p>");
    expect((await outbox(admin)).find((row) => row.id === result.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("neither stores nor sends a message whose transaction rolls back", async () => {
    const before = smtp.received.length;
    await expect(
      rt.ctx.db.transaction(async (tx) => {
        await enqueueMail(rt.ctx, { to: "nobody@example.com", subject: "Rolled back", text: "never" }, tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await outbox(admin)).some((row) => row.subject === "Rolled back")).toBe(false);
    expect(smtp.received.length).toBe(before);
  });
});

describe.each(floorDrivers)("mail refused by the SMTP server on %s", (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpServer(true);
    rt = await startTestRuntime(driver, { mail: { smtpUrl: smtp.url, from: FROM, retry } });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
    await smtp?.close();
  });

  it("retries, then marks the message failed with the server's answer", async () => {
    const queued = await enqueueMail(rt.ctx, { to: "gone@example.com", subject: "Invoice", text: "Attached." });
    const settled = await untilSettled(admin, queued.id);
    expect(settled).toMatchObject({ status: "failed", attempts: retry.limit + 1, sentAt: null });
    expect(settled.error).toMatch(/550 Mailbox unavailable/);
    expect(smtp.received).toHaveLength(0);
  });
});
