import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

describe("an NPS survey link in the browser", () => {
  let e2e: E2EServer;
  let staff: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: staff } = await e2e.newPage());
    await completeSetup(staff, ADMIN);
    await staff.getByRole("button", { name: "Necessary Only" }).click();
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("a lead opens the link, answers once and sees the thank-you; the link then reads as no longer valid", async () => {
    const lead = await postJson<{ id: number }>(staff, "/api/leads", {
      businessOwnerName: "Rosa",
      businessOwnerLastName: "Diaz",
      businessName: "Diaz Florist",
      email: "rosa@diazflorist.example",
    });
    const invitation = await postJson<{ link: string }>(staff, "/api/nps/invitations", { leadId: lead.id });
    const { pathname, hash } = new URL(invitation.link);
    expect(pathname).toBe("/survey");

    const { page: visitor } = await e2e.newPage();
    await visitor.goto(`/survey${hash}`);
    await visitor.getByTestId("nps-survey-form").waitFor();
    await visitor.getByText("For Diaz Florist").waitFor();
    // The secret is taken out of the address bar once read.
    expect(new URL(visitor.url()).hash).toBe("");
    const panel = visitor.getByTestId("cookie-panel");
    if (await panel.isVisible()) await panel.getByRole("button", { name: "Necessary Only" }).click();

    const submit = visitor.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    await visitor.getByTestId("nps-survey-form").getByText("10", { exact: true }).click();
    expect(await visitor.getByTestId("nps-chosen-band").textContent()).toBe("10: Very likely");
    await visitor.getByLabel("Feedback (optional)").fill("Always on time");
    await submit.click();
    await visitor.getByTestId("nps-thank-you").getByText("Thank you for your feedback!").waitFor();

    const analytics = await (await staff.request.get("/api/nps/analytics")).json();
    expect(analytics).toMatchObject({ total_responses: 1, promoters: 1 });
    expect(analytics.latest_comments[0]).toMatchObject({ user_email: "rosa@diazflorist.example", feedback: "Always on time" });

    // A fresh load (not a fragment change on the same document) of the used link.
    const { page: again } = await e2e.newPage();
    await again.goto(`/survey${hash}`);
    await again.getByTestId("nps-survey-invalid").getByText("This survey link is no longer valid").waitFor();
  });
});
