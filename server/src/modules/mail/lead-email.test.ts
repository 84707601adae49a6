import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lead } from "@contract/leads";
import type { LeadEmail, LeadEmailTemplate } from "@contract/mail";
import { eventOutbox, leadTimeline } from "../../db/schema";
import { openEventStream } from "../../test/event-stream";
import { LEAD_EMAIL_LIMIT } from "./mail.routes";
import { ADMIN, signedInAdmin, signedInWithRole, startTestRuntime, testDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

/** One MIME part: its headers by lower-case name and its body, transfer encoding undone. */
interface Part {
  headers: Map<string, string>;
  body: string;
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** A message as a mail client reads it: its headers, and each leaf part (text/plain, text/html) decoded. */
function parseMessage(raw: string): { headers: Map<string, string>; parts: Part[] } {
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  if (!boundary) return { headers, parts: [{ headers, body: decodeBody(body, headers.get("content-transfer-encoding")) }] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const trimmed = chunk.replace(/^\r\n/, "").replace(/\r\n$/, "");
      const end = trimmed.indexOf("\r\n\r\n");
      const partHeaders = parseHeaders(trimmed.slice(0, end));
      return { headers: partHeaders, body: decodeBody(trimmed.slice(end + 4), partHeaders.get("content-transfer-encoding")) };
    });
  return { headers, parts };
}

interface ReceivedMail {
  envelopeTo: string[];
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

/** A real SMTP server on a free local port keeping what it receives; `refuse` answers 550 to every recipient. */
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
        const { headers, parts } = parseMessage(Buffer.concat(chunks).toString("utf8"));
        const part = (type: string) => parts.find((p) => (p.headers.get("content-type") ?? "").startsWith(type))?.body;
        received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), headers, text: part("text/plain"), html: part("text/html") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const FROM = "Leadwell <no-reply@leadwell.test>";

let leadCount = 0;
async function createLead(client: TestClient, extra: Record<string, unknown> = {}): Promise<Lead> {
  leadCount += 1;
  const res = await client.post<Lead>("/api/leads", {
    businessOwnerName: "Grace",
    businessOwnerLastName: `Hopper${leadCount}`,
    businessName: `Bakery ${leadCount}`,
    email: `grace${leadCount}@example.com`,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

/** The lead's messages as its page lists them, once the given one is no longer queued. */
async function untilSettled(client: TestClient, leadId: number, mailId: number): Promise<LeadEmail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await client.get<LeadEmail[]>(`/api/leads/${leadId}/emails`);
    expect(res.status).toBe(200);
    const mail = res.body.find((row) => row.id === mailId);
    if (mail && mail.status !== "pending") return mail;
    if (Date.now() > deadline) throw new Error(`mail ${mailId} still ${mail?.status ?? "missing"}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const timelineEmails = (rt: TestRuntime, leadId: number) =>
  rt.ctx.db.select().from(leadTimeline).where(and(eq(leadTimeline.leadId, leadId), eq(leadTimeline.kind, "email")));

describe.each(testDrivers)("email to a lead through a real SMTP server on %s", (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    rt = await startTestRuntime(driver, { mail: { smtpUrl: smtp.url, from: FROM, retry: { limit: 1, delaySeconds: 1 } } });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
    await smtp?.close();
  });

  it("fills the placeholders, sends Markdown as text and safe HTML, and lists the message sent", async () => {
    const lead = await createLead(admin, { businessName: "Tom & Jerry's <Bakery>" });
    const body = [
      "Hi {{lead.businessOwnerName}},",
      "",
      "We can help **{{lead.businessName}}**: see [our site](https://example.com/offer) <script>alert(1)</script>",
      "",
      '<a href="https://evil.example">raw link</a> and [a trap](javascript:alert(1))',
      "",
      "{{sender.name}}",
    ].join("\n");
    const res = await admin.post<LeadEmail>(`/api/leads/${lead.id}/emails`, { subject: "Hello {{ lead.businessName }}", body, templateId: "follow_up" });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ to: lead.email, subject: "Hello Tom & Jerry's <Bakery>", sentBy: { name: ADMIN.name } });
    expect(["pending", "sent"]).toContain(res.body.status);

    const settled = await untilSettled(admin, lead.id, res.body.id);
    expect(settled).toMatchObject({ id: res.body.id, status: "sent", error: null, attempts: 1, to: lead.email });
    expect(settled.sentAt).not.toBeNull();

    const message = smtp.received.find((mail) => mail.envelopeTo.includes(lead.email));
    expect(message).toBeDefined();
    expect(message!.headers.get("subject")).toBe("Hello Tom & Jerry's <Bakery>");
    expect(message!.headers.get("to")).toBe(lead.email);
    expect(message!.headers.get("from")).toBe(FROM);
    expect(message!.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    // The text part is the Markdown, placeholders filled.
    expect(message!.text).toContain("Hi Grace,");
    expect(message!.text).toContain("We can help **Tom & Jerry's <Bakery>**: see [our site](https://example.com/offer)");
    expect(message!.text).toContain(ADMIN.name);
    expect(message!.text).not.toContain("{{");
    // The HTML part: rendered, raw HTML escaped, links safe.
    const html = message!.html!;
    expect(html).toContain("<strong>Tom &amp; Jerry's &lt;Bakery&gt;</strong>");
    expect(html).toContain('<a rel="noopener noreferrer" href="https://example.com/offer">our site</a>');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;raw link&lt;/a&gt;");
    expect(html).not.toMatch(/<script|javascript:|href="https:\/\/evil/i);
    expect(html).toContain(`<p>${ADMIN.name}</p>`);
  });

  it("tells an open page each delivery attempt on the live stream, naming the lead and the message, so nothing polls", async () => {
    const viewer = await signedInWithRole(rt, "viewer", { name: "Mia Viewer", email: "mia.mail@example.com" });
    const stream = await openEventStream(rt, viewer);
    try {
      const lead = await createLead(admin);
      const res = await admin.post<LeadEmail>(`/api/leads/${lead.id}/emails`, { subject: "Live status", body: "Hello" });
      expect(res.status).toBe(202);
      const heard = await stream.next((message) => message.event === "event" && (message.data as { name: string }).name === "lead.email_status_changed");
      expect(heard.data).toEqual({ name: "lead.email_status_changed", ids: { leadId: lead.id, emailId: res.body.id } });
      // Heard once the attempt committed: the list the page then reads says sent.
      const listed = await admin.get<LeadEmail[]>(`/api/leads/${lead.id}/emails`);
      expect(listed.body.find((mail) => mail.id === res.body.id)?.status).toBe("sent");
    } finally {
      stream.close();
    }
  });

  it("writes one email entry on the lead's timeline and an audit row, in the sending transaction", async () => {
    const lead = await createLead(admin);
    const res = await admin.post<LeadEmail>(`/api/leads/${lead.id}/emails`, { subject: "Timeline check", body: "Hello" });
    expect(res.status).toBe(202);
    const entries = await timelineEmails(rt, lead.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.subject).toMatchObject({ mailId: res.body.id, subject: "Timeline check", to: lead.email });

    const audit = await admin.get<{ action: string; details: string | null; detailsCode: { code: string; params: Record<string, unknown> } | null }[]>(
      "/api/enterprise/audit-trail?action=mail.lead_email",
    );
    expect(audit.status).toBe(200);
    expect(audit.body.find((row) => row.details === `Email #${res.body.id} "Timeline check" to lead #${lead.id}`)).toMatchObject({
      action: "mail.lead_email",
      detailsCode: { code: "mail.lead_email", params: { mailId: res.body.id, subject: "Timeline check", leadId: lead.id } },
    });
  });

  it("lets an agent send, and refuses a viewer (who still reads the list) without queueing anything", async () => {
    const lead = await createLead(admin);
    const agent = await signedInWithRole(rt, "agent", { name: "Alan Agent", email: "alan@leadwell.test" });
    const byAgent = await agent.post<LeadEmail>(`/api/leads/${lead.id}/emails`, { subject: "From an agent", body: "Hi" });
    expect(byAgent.status).toBe(202);
    expect(byAgent.body.sentBy).toMatchObject({ name: "Alan Agent" });

    const viewer = await signedInWithRole(rt, "viewer", { name: "Vera Viewer", email: "vera@leadwell.test" });
    const refused = await viewer.post(`/api/leads/${lead.id}/emails`, { subject: "From a viewer", body: "Hi" });
    expect(refused.status).toBe(403);
    const list = await viewer.get<LeadEmail[]>(`/api/leads/${lead.id}/emails`);
    expect(list.status).toBe(200);
    expect(list.body.map((mail) => mail.subject)).toEqual(["From an agent"]);
    expect(await timelineEmails(rt, lead.id)).toHaveLength(1);
  });

  it("lists a lead's messages newest first, only that lead's", async () => {
    const lead = await createLead(admin);
    const other = await createLead(admin);
    for (const subject of ["First", "Second"]) expect((await admin.post(`/api/leads/${lead.id}/emails`, { subject, body: "x" })).status).toBe(202);
    expect((await admin.post(`/api/leads/${other.id}/emails`, { subject: "Elsewhere", body: "x" })).status).toBe(202);
    const list = await admin.get<LeadEmail[]>(`/api/leads/${lead.id}/emails`);
    expect(list.body.map((mail) => mail.subject)).toEqual(["Second", "First"]);
  });
});

describe.each(testDrivers)("email to a lead without an SMTP server on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    rt = await startTestRuntime(driver, { mail: { smtpUrl: undefined, from: FROM, retry: { limit: 0, delaySeconds: 1 } } });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
  });

  it("holds the message in the outbox, says why, and still puts it on the timeline", async () => {
    const lead = await createLead(admin);
    const res = await admin.post<LeadEmail>(`/api/leads/${lead.id}/emails`, { subject: "Held {{lead.businessName}}", body: "Body" });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "held", error: "mail.not_configured", subject: `Held ${lead.businessName}`, sentAt: null });
    const list = await admin.get<LeadEmail[]>(`/api/leads/${lead.id}/emails`);
    expect(list.body).toEqual([res.body]);
    expect(await timelineEmails(rt, lead.id)).toHaveLength(1);
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const lead = await createLead(admin);
    const send = (body: unknown) => admin.post<{ code: string; fields?: Record<string, string>; fieldCodes?: Record<string, { code: string }> }>(`/api/leads/${lead.id}/emails`, body);
    const cases: [unknown, string, string][] = [
      [{ subject: "", body: "x" }, "subject", "field.required"],
      [{ subject: "   ", body: "x" }, "subject", "field.required"],
      [{ subject: "s".repeat(301), body: "x" }, "subject", "field.too_long"],
      [{ body: "x" }, "subject", "field.required"],
      [{ subject: "s", body: "" }, "body", "field.required"],
      [{ subject: "s", body: "b".repeat(20_001) }, "body", "field.too_long"],
      [{ subject: "s", body: "b", templateId: "nope" }, "templateId", "field.invalid_option"],
      [{ subject: `${"s".repeat(286)}{{lead.email}}`, body: "b" }, "subject", "mail.subject_too_long_filled"],
    ];
    for (const [body, field, code] of cases) {
      const res = await send(body);
      expect({ body, status: res.status, field: res.body.fieldCodes?.[field]?.code }).toEqual({ body, status: 400, field: code });
      expect(res.body.fields?.[field]).toBeTruthy();
    }
    const ok = await send({ subject: "s".repeat(300), body: "b".repeat(20_000) });
    expect(ok.status).toBe(202);
    expect((await admin.get<LeadEmail[]>(`/api/leads/${lead.id}/emails`)).body).toHaveLength(1);
    expect(await timelineEmails(rt, lead.id)).toHaveLength(1);
  });

  it("answers 404 with a code for an unknown lead", async () => {
    const sent = await admin.post<{ code: string }>("/api/leads/999999/emails", { subject: "s", body: "b" });
    expect(sent.status).toBe(404);
    expect(sent.body.code).toBe("lead.not_found");
    const listed = await admin.get<{ code: string }>("/api/leads/999999/emails");
    expect(listed.status).toBe(404);
    expect(listed.body.code).toBe("lead.not_found");
  });

  it("answers 404 to an agent limited to their own leads for another agent's lead, and queues nothing (issue 26.5)", async () => {
    const rita = await signedInWithRole(rt, "agent", { name: "Rita Mail", email: "rita.mail@leadwell.test" });
    const otto = await signedInWithRole(rt, "agent", { name: "Otto Mail", email: "otto.mail@leadwell.test" });
    const idOf = async (client: TestClient) => (await client.get<{ id: number }>("/api/auth/me")).body.id;
    const leadFor = async (assignee: number | null) => {
      const lead = await createLead(admin);
      await rt.ctx.db.execute(sql`UPDATE leads SET assignee_id = ${assignee} WHERE id = ${lead.id}`);
      return lead.id;
    };
    const mine = await leadFor(await idOf(rita));
    const theirs = await leadFor(await idOf(otto));
    const free = await leadFor(null);
    expect((await admin.post(`/api/leads/${theirs}/emails`, { subject: "Before", body: "x" })).status).toBe(202);
    await rt.ctx.db.execute(sql`UPDATE lead_access_settings SET agents = 'own'`);
    try {
      const sent = await rita.post<{ code: string }>(`/api/leads/${theirs}/emails`, { subject: "Sneaky", body: "x" });
      expect(sent.status).toBe(404);
      expect(sent.body.code).toBe("lead.not_found");
      expect((await rita.get(`/api/leads/${theirs}/emails`)).status).toBe(404);
      expect((await admin.get<LeadEmail[]>(`/api/leads/${theirs}/emails`)).body.map((mail) => mail.subject)).toEqual(["Before"]);
      expect(await timelineEmails(rt, theirs)).toHaveLength(1);
      expect((await otto.get<LeadEmail[]>(`/api/leads/${theirs}/emails`)).status).toBe(200);
      for (const id of [mine, free]) {
        expect((await rita.post(`/api/leads/${id}/emails`, { subject: "Fine", body: "x" })).status).toBe(202);
        expect((await rita.get<LeadEmail[]>(`/api/leads/${id}/emails`)).body.map((mail) => mail.subject)).toEqual(["Fine"]);
      }
    } finally {
      await rt.ctx.db.execute(sql`UPDATE lead_access_settings SET agents = 'all'`);
    }
  });

  it("offers the built-in templates in English and Spanish, placeholders left in", async () => {
    const res = await admin.get<LeadEmailTemplate[]>("/api/lead-email-templates");
    expect(res.status).toBe(200);
    expect(res.body.map((template) => template.id)).toEqual(["follow_up", "meeting_request", "thank_you"]);
    for (const template of res.body) {
      expect(template.en.body).toContain("{{lead.businessOwnerName}}");
      expect(template.es.body).toContain("{{lead.businessOwnerName}}");
      expect(template.es.name).not.toBe(template.en.name);
    }
    expect((await rt.client().get("/api/lead-email-templates")).status).toBe(401);
  });

  it("counts the sending limit per staff member, so colleagues behind one office address keep their own", async () => {
    const lead = await createLead(admin);
    const send = (client: TestClient) => client.post<{ code?: string }>(`/api/leads/${lead.id}/emails`, { subject: "Limit", body: "x" });
    let last = await send(admin);
    for (let sent = 1; last.status === 202 && sent <= LEAD_EMAIL_LIMIT.max; sent += 1) last = await send(admin);
    expect([last.status, last.body.code]).toEqual([429, "request.too_many"]);
    // Every request here comes from one address: another staff member still sends.
    const agent = await signedInWithRole(rt, "agent", { name: "Otto Office", email: "otto.limit@example.com" });
    expect((await send(agent)).status).toBe(202);
    expect((await send(admin)).status).toBe(429);
  });
});

describe.each(testDrivers)("email to a lead refused by the SMTP server on %s", (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let rt: TestRuntime;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpServer(true);
    rt = await startTestRuntime(driver, { mail: { smtpUrl: smtp.url, from: FROM, retry: { limit: 0, delaySeconds: 1 } } });
    admin = await signedInAdmin(rt);
  });
  afterAll(async () => {
    await rt?.stop();
    await smtp?.close();
  });

  it("marks the message failed with the server's answer once its retries are spent", async () => {
    const lead = await createLead(admin);
    const res = await admin.post<LeadEmail>(`/api/leads/${lead.id}/emails`, { subject: "Bounce", body: "x" });
    expect(res.status).toBe(202);
    const settled = await untilSettled(admin, lead.id, res.body.id);
    expect(settled.status).toBe("failed");
    expect(settled.error).toMatch(/550/);
    expect(smtp.received).toHaveLength(0);
    const told = await rt.ctx.db.select({ payload: eventOutbox.payload }).from(eventOutbox).where(eq(eventOutbox.name, "lead.email_status_changed"));
    expect(told.map((row) => row.payload)).toEqual([{ leadId: lead.id, emailId: res.body.id, status: "failed" }]);
  });
});
