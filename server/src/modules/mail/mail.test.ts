import { describe, expect, it } from "vitest";
import type { MailSettingsStatus, OutboxMail } from "@contract/mail";
import { enqueueMail, sendMail } from "../../kernel/mail";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

describe.each(testDrivers)("the outbox without an SMTP server on %s", (driver) => {
  const suite = suiteWithAdmin(driver, { mail: { smtpUrl: undefined, from: "Leadwell <no-reply@localhost>", retry: { limit: 0, delaySeconds: 1 } } });

  it("holds every message and lists it in Settings, newest first", async () => {
    const first = await enqueueMail(suite.rt.ctx, { to: "ada@example.com", subject: "First", text: "one" });
    const second = await sendMail(suite.rt.ctx, { to: "bob@example.com", subject: "Second", text: "two" });
    expect(first.status).toBe("held");
    expect(second.status).toBe("held");

    const res = await suite.admin.get<OutboxMail[]>("/api/settings/mail-outbox");
    expect(res.status).toBe(200);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.body.map((mail) => [mail.subject, mail.to, mail.status, mail.error, mail.sentAt])).toEqual([
      ["Second", "bob@example.com", "held", "mail.not_configured", null],
      ["First", "ada@example.com", "held", "mail.not_configured", null],
    ]);
    expect(res.body[0]).not.toHaveProperty("text");

    const page = await suite.admin.get<OutboxMail[]>("/api/settings/mail-outbox?limit=1&offset=1");
    expect(page.body.map((mail) => mail.subject)).toEqual(["First"]);
    expect(page.headers["x-total-count"]).toBe("2");
  });

  it("says no SMTP server is configured", async () => {
    const res = await suite.admin.get<MailSettingsStatus>("/api/settings/mail-status");
    expect(res.body).toEqual({ smtpConfigured: false, from: "Leadwell <no-reply@localhost>" });
  });

  it("refuses a bad page size, a signed-out visitor, and API keys", async () => {
    const bad = await suite.admin.get("/api/settings/mail-outbox?limit=0");
    expect(bad.status).toBe(400);

    expect((await suite.rt.client().get("/api/settings/mail-outbox")).status).toBe(401);

    const key = await suite.admin.post<{ key: string }>("/api/settings/api-keys", { label: "Reader", scope: "full" });
    const byKey = await suite.rt.client().get("/api/settings/mail-outbox", { authorization: `Bearer ${key.body.key}` });
    expect(byKey.status).toBe(403);
  });
});
