import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ANONYMOUS_CONSENT_EMAIL } from "@contract/consent";
import { consentRecords } from "../../db/schema";
import { ADMIN, signedInAdmin, startTestRuntime, testDrivers, type TestRuntime } from "../../test/test-runtime";

describe.each(testDrivers)("cookie consent on %s", (driver) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
  });
  afterAll(() => rt.stop());

  it("stores an anonymous visitor's choice with time, IP and user agent, without a session", async () => {
    const res = await rt.client().post(
      "/api/consent/update",
      { email: ANONYMOUS_CONSENT_EMAIL, consentType: "cookies", granted: true, preferences: { necessary: true, analytics: true, marketing: false } },
      { "user-agent": "ConsentTest/1.0" },
    );
    expect(res.status).toBe(201);
    const [row] = await rt.ctx.db.select().from(consentRecords).where(eq(consentRecords.id, (res.body as { id: number }).id));
    expect(row).toMatchObject({
      email: ANONYMOUS_CONSENT_EMAIL,
      consentType: "cookies",
      granted: true,
      userId: null,
      userAgent: "ConsentTest/1.0",
      preferences: { necessary: true, analytics: true, marketing: false },
    });
    expect(row?.ipAddress).toBeTruthy();
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("links the record to the signed-in user", async () => {
    const admin = await signedInAdmin(rt);
    const res = await admin.post("/api/consent/update", { email: ADMIN.email, consentType: "cookies", granted: false });
    expect(res.status).toBe(201);
    const [row] = await rt.ctx.db.select().from(consentRecords).where(eq(consentRecords.id, (res.body as { id: number }).id));
    expect(row?.userId).not.toBeNull();
    expect(row?.granted).toBe(false);
  });

  it("answers 400 naming the field when the choice is malformed", async () => {
    const res = await rt.client().post("/api/consent/update", { email: ANONYMOUS_CONSENT_EMAIL, consentType: "cookies", granted: "yes" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { granted: expect.any(String) } });
    expect((res.body as { error: string }).error).toMatch(/^granted: /);
  });
});
