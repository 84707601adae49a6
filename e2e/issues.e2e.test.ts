import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_DIFF, startFakeChatServer, type FakeChatServer } from "../server/src/test/fake-chat-completions";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Katherine Johnson", email: "katherine@leadwell.test", password: "a long enough password" };
const REPORTER = "ana@nunezbakery.test";
const DESCRIPTION = "Signing in times out immediately on slow connections, the login form never waits.";
const SEARCH_PART = "times out immediately";
const SCREENSHOT = "https://example.test/screens/login-timeout.png";
const NOTES = "Checked on a throttled connection: sign-in now completes.";
/** What the fake model answers; FAKE_DIFF turns "const timeout = 0;" into "const timeout = 5_000;". */
const SUMMARY = "Wait five seconds before giving up on sign-in, so slow connections can finish.";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
const isIssuePost = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/issues";

describe("technical issues with AI-proposed fixes in the browser", () => {
  let fake: FakeChatServer;
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeChatServer();
    fake.defaultReply = { kind: "proposal", summary: SUMMARY, codeDiff: FAKE_DIFF };
    e2e = await startE2E({
      ai: { baseUrl: fake.baseUrl, apiKey: "k", model: "fake-model", timeoutMs: 5000 },
      aiRetry: { limit: 1, delaySeconds: 1 },
    });
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
    await fake?.close();
  });

  it("checks the Submit Issue form on the client and sends nothing", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await go(page, "/issues", "Technical Issues");
    expect(await page.getByRole("tab", { name: "Submit Issue" }).getAttribute("aria-selected")).toBe("true");

    let posts = 0;
    const count = (request: Request) => {
      if (isIssuePost(request)) posts += 1;
    };
    page.on("request", count);
    const form = page.getByTestId("issue-report-form");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Description").fill("Too short");
    await form.getByLabel("Screenshot URL").fill("screenshot.png");
    await form.getByRole("button", { name: "Submit Issue" }).click();
    await expect.poll(() => text(page.locator("#issue-submit-email-error"))).toBe("Invalid email address");
    expect(await text(page.locator("#issue-submit-description-error"))).toBe("Description must be at least 10 characters");
    expect(await text(page.locator("#issue-submit-screenshotUrl-error"))).toBe("Invalid URL");
    expect(await form.getByLabel("Description").getAttribute("aria-invalid")).toBe("true");
    page.off("request", count);
    expect(posts).toBe(0);

    await page.getByRole("tab", { name: "Review & Approve" }).click();
    await page.getByTestId("issue-review-none").getByText("No Issue Selected").waitFor();
    await page.getByRole("button", { name: "Go to Manage Issues" }).click();
    await page.getByTestId("issues-empty").getByText("No technical issues yet").waitFor();
  });

  it("reports an issue from Referral Tracking, and Global Search shows it without searching again", async () => {
    await go(page, "/referrals", "Referral Tracking");
    const search = page.getByTestId("global-search");
    await search.getByLabel("Search term").fill(SEARCH_PART);
    await search.getByRole("button", { name: "Search" }).click();
    const issuesGroup = page.getByTestId("search-group-issues");
    await issuesGroup.getByText("Issues (0)").waitFor();

    const form = page.getByTestId("issue-report-form");
    await form.getByLabel("Email").fill(REPORTER);
    await form.getByLabel("Description").fill(DESCRIPTION);
    await form.getByLabel("Screenshot URL").fill(SCREENSHOT);
    const sent = page.waitForRequest(isIssuePost);
    await form.getByRole("button", { name: "Submit Issue" }).click();
    expect((await sent).postDataJSON()).toEqual({ email: REPORTER, description: DESCRIPTION, screenshotUrl: SCREENSHOT });
    await toastSays(page, "Technical issue submitted successfully!");
    await expect.poll(() => form.getByLabel("Description").inputValue()).toBe("");
    expect(await form.getByLabel("Email").inputValue()).toBe("");

    await issuesGroup.getByText("Issues (1)").waitFor();
    const found = issuesGroup.getByTestId("search-issue");
    expect(await text(found)).toContain(DESCRIPTION);
    expect(["open", "awaiting_review"]).toContain(await found.getByTestId("issue-status").getAttribute("data-status"));
  });

  it("finds the issue in Manage Issues as it is typed", async () => {
    await go(page, "/issues", "Technical Issues");
    await page.getByRole("tab", { name: "Manage Issues" }).click();
    await page.getByTestId("issue-search").fill(SEARCH_PART);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(SEARCH_PART);
    await expect.poll(() => text(page.getByTestId("issue-list-heading"))).toBe("Issues (1)");
    const rows = page.getByTestId("issue-row");
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await text(row)).toContain("#1");
    expect(await text(row.getByTestId("issue-description"))).toBe(DESCRIPTION);

    await page.getByTestId("issue-search").fill("no such words anywhere");
    await page.getByTestId("issues-empty").getByText("No issues found matching your search").waitFor();
    await expect.poll(() => text(page.getByTestId("issue-list-heading"))).toBe("Issues (0)");
    await page.getByTestId("issue-search").fill(SEARCH_PART);
    await expect.poll(() => rows.count()).toBe(1);
  });

  it("reviews the AI proposal: summary, coloured diff and where it came from", async () => {
    await page.getByTestId("issue-row").first().getByRole("button", { name: "Review issue #1" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("review");
    expect(new URL(page.url()).searchParams.get("id")).toBe("1");
    const review = page.getByTestId("issue-review");
    await review.getByText("Technical Issue #1", { exact: true }).waitFor();
    expect(await text(review.getByTestId("issue-review-description"))).toBe(DESCRIPTION);
    expect(await review.getByTestId("issue-screenshot").getAttribute("href")).toBe(SCREENSHOT);

    // The background job asks the fake model; the review reads the issue again until the proposal is stored.
    const badge = review.getByTestId("issue-status").first();
    await expect.poll(() => badge.getAttribute("data-status"), { timeout: 30_000 }).toBe("awaiting_review");
    expect(await text(badge)).toBe("Awaiting review");
    expect(await review.getByTestId("issue-preparing").count()).toBe(0);

    expect(await text(review.getByTestId("repair-summary"))).toBe(SUMMARY);
    const source = await text(review.getByTestId("repair-source"));
    expect(source).toContain("fake-model");
    expect(source).toContain("127.0.0.1");
    expect(fake.requests.at(-1)?.body.model).toBe("fake-model");

    const added = review.locator('[data-testid="diff-line"][data-line-kind="add"]');
    const removed = review.locator('[data-testid="diff-line"][data-line-kind="remove"]');
    const context = review.locator('[data-testid="diff-line"][data-line-kind="context"]');
    expect(await text(added.getByTestId("diff-line-text"))).toBe("const timeout = 5_000;");
    expect(await text(removed.getByTestId("diff-line-text"))).toBe("const timeout = 0;");
    const [addedBackground, removedBackground, contextBackground] = await Promise.all([
      backgroundOf(added),
      backgroundOf(removed),
      backgroundOf(context.first()),
    ]);
    expect(contextBackground).toBe("rgba(0, 0, 0, 0)");
    expect(addedBackground).not.toBe(contextBackground);
    expect(removedBackground).not.toBe(contextBackground);
    expect(addedBackground).not.toBe(removedBackground);
    expect(await text(added.locator("td").nth(2))).toBe("+Added:");
    expect(await text(removed.locator("td").nth(2))).toBe("-Removed:");
  });

  it("approves the fix with notes: toast, green Approved badge, and the approve box is gone", async () => {
    const review = page.getByTestId("issue-review");
    await review.getByLabel("Manual Review Notes (Optional)").fill(NOTES);
    const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/issues/1/approve");
    await review.getByRole("button", { name: "Approve AI Fix" }).click();
    expect((await sent).postDataJSON()).toEqual({ manualNotes: NOTES });
    await toastSays(page, "AI fix approved successfully!");

    const badge = review.getByTestId("issue-status").first();
    await expect.poll(() => badge.getAttribute("data-status")).toBe("approved");
    expect(await text(badge)).toBe("Approved");
    // Green: the same colour as the added lines' "+" marker.
    const addedMarker = review.locator('[data-testid="diff-line"][data-line-kind="add"] td').nth(2);
    expect(await colourOf(badge)).toBe(await colourOf(addedMarker));
    expect(await review.getByTestId("issue-approve-box").count()).toBe(0);
    expect(await review.getByRole("button", { name: "Approve AI Fix" }).count()).toBe(0);
    expect(await text(review.getByTestId("issue-decision-by"))).toContain(`Approved by ${ADMIN.email}`);
    expect(await text(review.getByTestId("issue-decision-notes"))).toBe(NOTES);

    // The URL holds the review, so a reload lands on it again.
    await page.reload();
    await page.getByTestId("issue-review").getByText("Technical Issue #1", { exact: true }).waitFor();
    expect(await page.getByTestId("issue-review").getByTestId("issue-status").first().getAttribute("data-status")).toBe("approved");

    await page.getByRole("button", { name: "Back to Issues" }).click();
    const row = page.getByTestId("issue-row").first();
    await expect.poll(() => row.getByTestId("issue-status").getAttribute("data-status")).toBe("approved");
    expect(await page.getByTestId("issue-search").inputValue()).toBe(SEARCH_PART);
  });
});
