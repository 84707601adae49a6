import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const SCREENSHOT = "https://example.test/screens/broken-chart.png";
const DESCRIPTION = "The revenue chart overlaps the legend on narrow screens.";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

describe("feedback in the browser", () => {
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows the empty list on /feedback", async () => {
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await page.getByTestId("sidebar").getByRole("link", { name: "Feedback", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/feedback");
    await page.getByTestId("feedback-empty").getByText("No Feedback Yet").waitFor();
    expect(await page.getByTestId("feedback-form").count()).toBe(0);
  });

  it("checks the description on the client and sends nothing", async () => {
    const toggle = page.getByTestId("feedback-toggle");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const form = page.getByTestId("feedback-form");
    expect(await form.getByLabel("Description").getAttribute("rows")).toBe("4");

    let posts = 0;
    const count = (request: Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/feedback") posts += 1;
    };
    page.on("request", count);
    await form.getByLabel("Description").fill("   ");
    await form.getByRole("button", { name: "Submit Feedback" }).click();
    await expect.poll(() => text(page.locator("#feedback-description-error"))).toBe("Please provide feedback description");
    expect(await form.getByLabel("Description").getAttribute("aria-invalid")).toBe("true");
    page.off("request", count);
    expect(posts).toBe(0);
  });

  it("sends a bug with a screenshot, hides the form and lists it", async () => {
    const form = page.getByTestId("feedback-form");
    await form.getByLabel("Type", { exact: true }).click();
    await page.getByRole("option", { name: "Bug", exact: true }).click();
    await form.getByLabel("Description").fill(DESCRIPTION);
    await form.getByLabel("Screenshot URL").fill(SCREENSHOT);
    const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/feedback");
    await form.getByRole("button", { name: "Submit Feedback" }).click();
    expect((await sent).postDataJSON()).toEqual({ type: "Bug", description: DESCRIPTION, screenshotUrl: SCREENSHOT });
    await toastSays(page, "Feedback submitted successfully!");

    await form.waitFor({ state: "detached" });
    expect(await page.getByTestId("feedback-toggle").getAttribute("aria-expanded")).toBe("false");

    const items = page.getByTestId("feedback-item");
    await expect.poll(() => items.count()).toBe(1);
    const item = items.first();
    expect(await text(item.getByTestId("feedback-type"))).toBe("Bug");
    expect(await text(item)).toContain(DESCRIPTION);
    expect(await text(item)).toContain(ADMIN.email);
    expect(await item.getByRole("link", { name: "View screenshot" }).getAttribute("href")).toBe(SCREENSHOT);
    expect(await page.getByTestId("feedback-empty").count()).toBe(0);
  });

  it("opens an empty form again", async () => {
    await page.getByTestId("feedback-toggle").click();
    const form = page.getByTestId("feedback-form");
    expect(await form.getByLabel("Description").inputValue()).toBe("");
    expect(await form.getByLabel("Screenshot URL").inputValue()).toBe("");
    expect(await text(form.getByLabel("Type", { exact: true }))).toBe("General");
  });
});
