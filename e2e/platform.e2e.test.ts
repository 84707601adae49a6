import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_STORAGE_KEY } from "@contract/consent-constants";
import { startE2E, type E2EServer } from "./support";

/** Route, navigation name and English header title, as the specs give them. */
const ROUTES: [path: string, key: string, nav: string, title: string][] = [
  ["/", "dashboard", "Dashboard", "Dashboard"],
  ["/leads", "leads", "Lead Management", "Lead Management"],
  ["/kpi", "kpi", "KPI Metrics", "KPI Metrics"],
  ["/affiliates", "affiliates", "Affiliate Program", "Affiliate Program"],
  ["/referrals", "referrals", "Referral Tracking", "Referral Tracking"],
  ["/issues", "issues", "Technical Issues", "Technical Issues"],
  ["/tasks", "tasks", "Task Management", "Task Management"],
  ["/productivity", "productivity", "Productivity Pipeline", "Productivity Pipeline"],
  ["/automation", "automation", "AI Automation", "AI Automation"],
  ["/analytics", "analytics", "Analytics", "Advanced Analytics"],
  ["/integrations", "integrations", "Integrations", "Integrations & AI"],
  ["/enterprise", "enterprise", "Enterprise", "Enterprise Management"],
  ["/customer-success", "customerSuccess", "Customer Success", "Customer Success"],
  ["/innovation", "innovation", "Innovation", "Innovation & Legacy"],
  ["/business-health", "businessHealth", "Business Health", "Business Health & Evergreen"],
  ["/perpetual-innovation", "perpetualInnovation", "Perpetual Innovation", "Perpetual Innovation & Legacy"],
  ["/final-stewardship", "finalStewardship", "Final Stewardship", "Final Stewardship & Legacy"],
  ["/perpetual-stewardship", "perpetualStewardship", "Perpetual Stewardship", "Perpetual Stewardship & Living Archive"],
  ["/future-stewardship", "futureStewardship", "Future Stewardship", "Future Stewardship & Historical Record"],
  ["/settings", "settings", "Settings", "Settings"],
  ["/feedback", "feedback", "Feedback", "Feedback"],
];

const spanish = JSON.parse(readFileSync("client/public/locales/es/translation.json", "utf8")) as {
  pages: Record<string, { title: string }>;
  nav: Record<string, string>;
};

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };

const pageTitle = (page: Page) => page.getByTestId("page-title");
const storedConsent = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), CONSENT_STORAGE_KEY);

async function signIn(page: Page) {
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("platform in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens the one-time set-up on an empty database and creates the administrator", async () => {
    await page.goto("/");
    await expect.poll(() => pageTitle(page).textContent()).toBe("Create the administrator account");
    const tokenField = page.getByLabel("Set-up token");
    expect(await page.getByText("Printed in the server log when Leadwell starts").textContent()).toContain("Set-up token:");
    await page.getByLabel("Full name").fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("too short");
    await page.getByLabel("Confirm password").fill("too short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Password must be at least 12 characters").waitFor();
    expect(await tokenField.getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Confirm password").fill(ADMIN.password);
    // A wrong token is refused next to its field, and the screen stays.
    await tokenField.fill("not-the-token");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("This set-up token is not correct. Copy it again from the server log.").waitFor();
    expect(await pageTitle(page).textContent()).toBe("Create the administrator account");
    await tokenField.fill((await e2e.runtime.readSetupToken())!);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe("Dashboard");
    expect(await page.getByTestId("page-subtitle").textContent()).toBe("Overview of your CRM system performance");
    expect(await page.getByTestId("role-badge").textContent()).toBe("Administrator / System Admin");
  });

  it("signs out, sends a signed-out visitor to sign-in, and returns them where they were", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe("Sign in");

    await page.goto("/leads");
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?next=%2Fleads");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("the wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Email or password is incorrect").waitFor();
    await signIn(page);
    await expect.poll(() => pageTitle(page).textContent()).toBe("Lead Management");
    expect(new URL(page.url()).pathname).toBe("/leads");
  });

  it("shows every route's header title and navigation name in English", async () => {
    for (const [path, , nav, title] of ROUTES) {
      await page.getByTestId("sidebar").getByRole("link", { name: nav, exact: true }).click();
      await expect.poll(() => pageTitle(page).textContent(), { message: path }).toBe(title);
      expect(new URL(page.url()).pathname).toBe(path);
      const active = page.getByTestId("sidebar").locator('[aria-current="page"]');
      expect(await active.textContent()).toContain(nav);
    }
    // The last route, Feedback, is a list: Export Data downloads it.
    expect(await page.getByTestId("export-data-button").getAttribute("href")).toBe("/api/feedback/export.csv");
  });

  it("shows the 404 page for an unknown path", async () => {
    await page.goto("/no-such-screen");
    await expect.poll(() => pageTitle(page).textContent()).toBe("404 Page Not Found");
    await page.getByText("Did you forget to add the page to the router?").first().waitFor();
  });

  it("switches to Spanish, shows every route in Spanish, and keeps the choice across a reload", async () => {
    await page.goto("/");
    await page.getByRole("button", { name: "Switch language" }).click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe(spanish.pages.dashboard!.title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es");

    for (const [path, key] of ROUTES) {
      await page.getByTestId("sidebar").getByRole("link", { name: spanish.nav[key], exact: true }).click();
      await expect.poll(() => pageTitle(page).textContent(), { message: path }).toBe(spanish.pages[key]!.title);
    }

    await page.reload();
    await expect.poll(() => pageTitle(page).textContent()).toBe(spanish.pages.feedback!.title);
    await page.getByTestId("language-menu").click();
    expect(await page.getByRole("menuitemradio", { name: "Español" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("menuitemradio", { name: "English" }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe("Feedback");
  });

  it("stores each cookie-panel choice, hides the panel, and records it on the server", async () => {
    const choices: [action: string, expected: { analytics: boolean; marketing: boolean }, granted: boolean][] = [
      ["Accept All Cookies", { analytics: true, marketing: true }, true],
      ["Necessary Only", { analytics: false, marketing: false }, false],
      ["Save Preferences", { analytics: true, marketing: false }, true],
      ["Close", { analytics: false, marketing: false }, false],
    ];
    for (const [action, expected, granted] of choices) {
      await page.evaluate((key) => window.localStorage.removeItem(key), CONSENT_STORAGE_KEY);
      await page.reload();
      const panel = page.getByTestId("cookie-panel");
      await panel.getByText("Cookie Preferences").waitFor();
      await panel.getByText("We use cookies to enhance your experience. Choose your preferences below.").waitFor();
      expect(await panel.getByRole("checkbox", { name: "Necessary Cookies" }).isDisabled()).toBe(true);
      if (action === "Save Preferences") await panel.getByRole("checkbox", { name: "Analytics Cookies" }).click();
      const recorded = page.waitForResponse((r) => r.url().endsWith("/api/consent/update") && r.status() === 201);
      await panel.getByRole("button", { name: action, exact: true }).click();
      await recorded;
      await panel.waitFor({ state: "detached" });
      const stored = JSON.parse((await storedConsent(page)) ?? "null") as Record<string, unknown>;
      expect({ action, ...stored, timestamp: typeof stored.timestamp }).toEqual({ action, necessary: true, ...expected, timestamp: "string" });
      const [last] = (
        await e2e.runtime.ctx.database.executeSql<{ granted: boolean; email: string }>(
          "SELECT granted, email FROM consent_records ORDER BY id DESC LIMIT 1",
        )
      ).rows;
      expect({ action, granted: last?.granted, email: last?.email }).toEqual({ action, granted, email: ADMIN.email });
    }
    await page.reload();
    await pageTitle(page).waitFor();
    expect(await page.getByTestId("cookie-panel").count()).toBe(0);
  });

  it("shows the notification dot only while something is unread, and the panel links to the record", async () => {
    await page.goto("/");
    await pageTitle(page).waitFor();
    expect(await page.getByTestId("notification-dot").count()).toBe(0);
    await page.getByRole("button", { name: "Notifications" }).click();
    await page.getByTestId("notification-panel").getByText("No notifications").waitFor();
    await page.keyboard.press("Escape");

    // Creating an API key notifies every administrator: a real event, through the API, with this browser's session.
    const created = await context.request.post("/api/settings/api-keys", { data: { label: "Website" } });
    expect(created.status()).toBe(201);
    await page.reload();
    await page.getByTestId("notification-dot").waitFor();
    await page.getByRole("button", { name: "Notifications" }).click();
    const item = page.getByTestId("notification-item").first();
    expect(await item.getAttribute("data-read")).toBe("false");
    expect(await item.textContent()).toContain('created the API key "Website"');
    await item.click();
    await expect.poll(() => pageTitle(page).textContent()).toBe("Settings");
    await page.getByTestId("notification-dot").waitFor({ state: "detached" });

    await context.request.post("/api/settings/api-keys", { data: { label: "Zapier" } });
    await page.reload();
    await page.getByTestId("notification-dot").waitFor();
    await page.getByRole("button", { name: "Notifications" }).click();
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByTestId("notification-dot").waitFor({ state: "detached" });
    const unread = await context.request.get("/api/notifications/unread-count");
    expect(await unread.json()).toEqual({ unread: 0 });
    await page.keyboard.press("Escape");
  });

  it("signs out for good: protected screens go back to sign-in", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await expect.poll(() => pageTitle(page).textContent()).toBe("Sign in");
    const me = await context.request.get("/api/auth/me");
    expect(me.status()).toBe(401);
  });
});
