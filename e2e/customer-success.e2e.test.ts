import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
}

async function answerSurvey(page: Page, score: number, feedback: string) {
  await page.getByRole("button", { name: "Test NPS Survey" }).click();
  const dialog = page.getByRole("dialog", { name: "NPS survey" });
  const submit = dialog.getByRole("button", { name: "Submit" });
  expect(await submit.isDisabled()).toBe(true);
  await dialog.getByText(String(score), { exact: true }).click();
  expect(await submit.isDisabled()).toBe(false);
  await dialog.getByLabel("Feedback (optional)").fill(feedback);
  return { dialog, submit };
}

describe("Customer Success in the browser", () => {
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

  it("opens each of the six tabs, showing its empty texts before any answer or record exists", async () => {
    await page.goto("/customer-success");
    await page.getByTestId("page-title").getByText("Customer Success").waitFor();
    await page.getByText("No pending renewals").waitFor();
    expect(await page.getByTestId("cs-card-nps").textContent()).toBe("0");
    const expectations: [string, string][] = [
      ["NPS & Feedback", "No NPS responses yet"],
      ["Onboarding", "No accounts in onboarding"],
      ["Retention", "No renewal or upsell offers"],
      ["Engagement", "Grace Hopper"],
      ["Reviews", "No business reviews"],
    ];
    for (const [tab, text] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(text).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("reviews");
  });

  it("submits the survey and sees the score move; a failed submit keeps the form without a thank-you", async () => {
    await page.goto("/customer-success?tab=nps");
    await page.getByText("No NPS responses yet").first().waitFor();

    // A promoter: NPS 100.
    const first = await answerSurvey(page, 9, "Love the pipeline view");
    await first.dialog.getByText("9: Very likely").waitFor();
    // Spec §7: the survey sends the score, the feedback, its campaign and its survey type, and the answer keeps them.
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/nps");
    await first.submit.click();
    const response = await answered;
    const sent = { score: 9, feedback: "Love the pipeline view", campaignId: "test_nps_survey", surveyType: "milestone" };
    expect(response.request().postDataJSON()).toEqual(sent);
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ ...sent, userEmail: ADMIN.email });
    await page.getByTestId("nps-thank-you").getByText("Thank you for your feedback!").waitFor();
    await first.dialog.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => page.getByTestId("cs-nps-responses").textContent()).toBe("1");
    expect(await page.getByTestId("cs-nps-score").textContent()).toBe("100Excellent");
    await page.getByTestId("cs-nps-comments").getByText("Love the pipeline view").waitFor();

    // The server refuses once: no thank-you, the chosen score and feedback stay.
    await page.route("**/api/nps", (route) => route.fulfill({ status: 503, body: "unavailable" }), { times: 1 });
    const failing = await answerSurvey(page, 0, "Exports time out");
    await failing.submit.click();
    await expect.poll(() => failing.submit.isDisabled()).toBe(false);
    expect(await page.getByTestId("nps-thank-you").count()).toBe(0);
    expect(await failing.dialog.getByLabel("Feedback (optional)").inputValue()).toBe("Exports time out");
    await failing.dialog.getByText("0: Not likely").waitFor();

    // Sent again, it lands: 1 promoter and 1 detractor make 0 (Good).
    await failing.submit.click();
    await page.getByTestId("nps-thank-you").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("cs-nps-score").textContent()).toBe("0Good");
    expect(await page.getByTestId("cs-nps-responses").textContent()).toBe("2");
  });

  it("adds a renewal offer through its form, starts and advances onboarding, and lists a business review", async () => {
    await page.goto("/customer-success?tab=retention");
    await page.getByTestId("record-add-renewalOffer").first().click();
    const form = page.getByTestId("record-form-renewalOffer");
    await form.getByLabel("User email *").fill("buyer@acme.example");
    await form.getByRole("combobox", { name: "Type *" }).click();
    await page.getByRole("option", { name: "Renewal" }).click();
    await form.getByLabel("Expiry date").fill(utcDay(14));
    await form.getByLabel("Revenue").fill("1200");
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });
    await page.getByTestId("record-list-renewalOffer").getByText("buyer@acme.example").waitFor();

    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByTestId("cs-upcoming-renewals").getByText("buyer@acme.example").waitFor();
    await expect.poll(() => page.getByTestId("cs-card-renewals").textContent()).toBe("1");

    await page.getByRole("tab", { name: "Onboarding" }).click();
    await page.getByLabel("Account email").fill("new@acme.example");
    await page.getByRole("button", { name: "Start onboarding" }).click();
    const accounts = page.getByTestId("cs-onboarding-accounts");
    await accounts.getByText("Step 1 of 5", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Mark step 1 done for new@acme.example" }).click();
    await accounts.getByText("Step 2 of 5", { exact: false }).waitFor();

    await post(page, "/api/business-reviews", { accountName: "Acme", reviewType: "quarterly", reviewDate: utcDay(-7), actionItems: ["Enable SSO"] });
    await page.goto("/customer-success?tab=reviews");
    await page.getByTestId("record-list-businessReview").getByText("Acme").waitFor();
    expect(await page.getByTestId("cs-total-reviews").textContent()).toBe("1");
  });

  it("keeps the first 3 pending renewals on the overview, opens every one from View all, and says what the figures are computed over", async () => {
    // With buyer@acme.example from the test above: 5 pending offers, 1 accepted and 1 declined.
    for (const n of [1, 2, 3, 4]) await post(page, "/api/renewal-upsell", { userEmail: `later${n}@acme.example`, type: "upsell", expiryDate: utcDay(20 + n), revenue: 100 * n });
    await post(page, "/api/renewal-upsell", { userEmail: "won@acme.example", type: "renewal", status: "accepted", revenue: 500 });
    await post(page, "/api/renewal-upsell", { userEmail: "lost@acme.example", type: "renewal", status: "declined", revenue: 300 });

    await page.goto("/customer-success");
    const upcoming = page.getByTestId("cs-upcoming-renewals");
    await upcoming.getByText("buyer@acme.example").waitFor();
    expect(await upcoming.locator("li").count()).toBe(3);
    expect(await upcoming.getByText("later3@acme.example").count()).toBe(0);
    await expect.poll(() => page.getByTestId("cs-card-renewals").textContent()).toBe("5");
    expect(await page.getByTestId("explain-cs-card-renewals").textContent()).toBe("5 offers awaiting an answer, any expiry date");
    expect(await page.getByTestId("explain-cs-card-nps").textContent()).toBe("Over 2 answers, all time");
    expect(await page.getByTestId("view-all-renewalOffer").textContent()).toBe("View all (5)");
    await page.getByTestId("view-all-renewalOffer").click();
    const dialog = page.getByTestId("full-list-renewalOffer");
    await dialog.getByRole("heading", { name: "Upcoming renewals: every record" }).waitFor();
    const all = dialog.getByTestId("record-list-all-renewalOffer");
    await all.getByText("later4@acme.example").waitFor();
    expect(await all.locator("tbody tr").count()).toBe(5);
    expect(await all.getByText("won@acme.example").count()).toBe(0);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Retention" }).click();
    await expect.poll(() => page.getByTestId("cs-acceptance-rate").textContent()).toBe("50%");
    expect(await page.getByTestId("cs-revenue-generated").textContent()).toBe("$500.00");
    await expect.poll(() => page.getByTestId("explain-cs-revenue-generated").textContent()).toBe("Sum of the revenue of 1 accepted offer, all time");
    expect(await page.getByTestId("explain-cs-acceptance-rate").textContent()).toBe("Accepted out of 2 answered offers (accepted or declined), all time");
    await page.getByTestId("explain-cs-revenue-generated").click();
    const accepted = page.getByTestId("full-list-renewalOffer");
    await accepted.getByTestId("record-list-all-renewalOffer").getByText("won@acme.example").waitFor();
    expect(await accepted.getByTestId("record-list-all-renewalOffer").locator("tbody tr").count()).toBe(1);
    await accepted.getByRole("button", { name: "Close", exact: true }).click();

    await page.getByRole("tab", { name: "Reviews" }).click();
    await expect.poll(() => page.getByTestId("explain-cs-total-reviews").textContent()).toBe("1 business review, all time");
    expect(await page.getByTestId("explain-cs-action-items").textContent()).toBe("Listed in 1 review, all time");
    // The reviews tab reads the spec's path; its figures open the reviews themselves.
    await page.getByTestId("explain-cs-action-items").click();
    const reviews = page.getByTestId("full-list-businessReview");
    await reviews.getByTestId("record-list-all-businessReview").getByText("Acme").waitFor();
    expect(await reviews.getByTestId("record-list-all-businessReview").locator("tbody tr").count()).toBe(1);
    await reviews.getByRole("button", { name: "Close", exact: true }).click();
    await reviews.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Onboarding" }).click();
    expect(await page.getByTestId("explain-cs-onboarding-rate").textContent()).toBe("Completed out of 1 account in onboarding");

    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
    await page.goto("/customer-success");
    await expect.poll(() => page.getByTestId("explain-cs-card-renewals").textContent()).toBe("5 ofertas a la espera de respuesta, con cualquier vencimiento");
    expect(await page.getByTestId("view-all-renewalOffer").textContent()).toBe("Ver todos (5)");
    expect(await page.getByTestId("explain-cs-card-nps").textContent()).toBe("Sobre 2 respuestas, desde siempre");
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });
});
