import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERRAL_COOKIE } from "@contract/affiliates";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Katherine Johnson", email: "katherine@leadwell.test", password: "a long enough password" };

/** Registered by staff on Affiliate Program. */
const STAFF_AFFILIATE = { name: "Bruno Salas", business: "Salas Media", email: "bruno@salas.test", password: "secret-1" };
/** Signs up on the partner portal and refers the lead. */
const PARTNER = { name: "Lucía Ferrer", business: "Ferrer Consulting", email: "lucia@ferrer.test", password: "partner-pass" };
/** The visitor who follows the partner's link and fills in /join. */
const PROSPECT = { firstName: "Tomás", lastName: "Ibarra", business: "Ibarra Logistics", email: "tomas@ibarra.test" };

const PARTNER_SESSION_KEY = "leadwell.partnerSession";

const pageTitle = (page: Page) => page.getByTestId("page-title");
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function go(page: Page, path: string, title: string) {
  await page.getByTestId("sidebar").getByRole("link", { name: title, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string | RegExp) {
  await page.getByText(message, { exact: typeof message === "string" }).first().waitFor();
}

async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function dismissCookiePanel(page: Page) {
  await page.getByTestId("cookie-panel").getByRole("button", { name: "Necessary Only" }).click();
  await page.getByTestId("cookie-panel").waitFor({ state: "detached" });
}

describe("affiliate programme in the browser", () => {
  let e2e: E2EServer;
  let staff: Page;
  let partner: Page;
  let partnerContext: BrowserContext;
  let staffAffiliateCode = "";
  let partnerCode = "";
  let referralLink = "";

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: staff } = await e2e.newPage());
    ({ context: partnerContext, page: partner } = await e2e.newPage());
    await partnerContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.baseUrl });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("sets up staff and shows no affiliates on the dashboard", async () => {
    await completeSetup(staff, ADMIN);
    await dismissCookiePanel(staff);
    await expect.poll(() => text(staff.getByTestId("stat-active-affiliates"))).toBe("0");
    await staff.getByTestId("top-affiliates").getByText("No affiliates yet").waitFor();
  });

  it("registers an affiliate on Affiliate Program: checks, toast with the code, and the new row", async () => {
    await go(staff, "/affiliates", "Affiliate Program");
    await staff.getByTestId("affiliates-empty").getByText("No affiliates found").waitFor();
    const form = staff.getByTestId("affiliate-registration");
    await form.getByRole("button", { name: "Register Affiliate" }).click();
    for (const message of ["Full name is required", "Business name is required", "Valid email is required", "Password must be at least 6 characters"]) {
      await form.getByText(message).waitFor();
    }

    await form.getByLabel("Full Name").fill(STAFF_AFFILIATE.name);
    await form.getByLabel("Business Name").fill(STAFF_AFFILIATE.business);
    await form.getByLabel("Email").fill(STAFF_AFFILIATE.email);
    await form.getByLabel("Password").fill(STAFF_AFFILIATE.password);
    const signup = staff.waitForResponse((r) => r.url().endsWith("/api/affiliates/signup"));
    await form.getByRole("button", { name: "Register Affiliate" }).click();
    const created = (await (await signup).json()) as { uniqueCode: string };
    staffAffiliateCode = created.uniqueCode;
    expect(staffAffiliateCode).toMatch(/^[A-Z0-9-]+$/);
    await toastSays(staff, `Affiliate registered successfully! Your code is: ${staffAffiliateCode}`);

    const rows = staff.getByTestId("affiliate-row");
    await expect.poll(() => rows.count()).toBe(1);
    const row = await text(rows.first());
    for (const part of [STAFF_AFFILIATE.name, STAFF_AFFILIATE.email, staffAffiliateCode, "BS", "$0.00"]) expect(row).toContain(part);
    expect(await text(rows.first().getByTestId("affiliate-status"))).toBe("Active");
    expect(await form.getByLabel("Full Name").inputValue()).toBe("");
  });

  it("refuses a second affiliate with the same email, whatever its case", async () => {
    const form = staff.getByTestId("affiliate-registration");
    await form.getByLabel("Full Name").fill("Someone Else");
    await form.getByLabel("Business Name").fill("Copycat Ltd");
    await form.getByLabel("Email").fill(STAFF_AFFILIATE.email.toUpperCase());
    await form.getByLabel("Password").fill("another-pass");
    await form.getByRole("button", { name: "Register Affiliate" }).click();
    await toastSays(staff, "An affiliate with this email already exists");
    await expect.poll(() => text(staff.locator("#affiliate-signup-email-error"))).toBe("An affiliate with this email already exists");
    expect(await staff.getByTestId("affiliate-row").count()).toBe(1);
    for (const label of ["Full Name", "Business Name", "Email", "Password"]) await form.getByLabel(label).fill("");
  });

  it("logs an affiliate in: a wrong password fails, then the welcome panel shows for five seconds", async () => {
    const form = staff.getByTestId("affiliate-login");
    await form.getByRole("button", { name: "Login" }).click();
    await form.getByText("Valid email is required").waitFor();
    await form.getByText("Password is required").waitFor();

    await form.getByLabel("Email").fill(STAFF_AFFILIATE.email);
    await form.getByLabel("Password").fill("not the password");
    await form.getByRole("button", { name: "Login" }).click();
    await toastSays(staff, "Email or password is incorrect");
    // An affiliate's wrong password says nothing about the staff session.
    expect(await text(pageTitle(staff))).toBe("Affiliate Program");
    expect(await staff.getByTestId("welcome-panel").count()).toBe(0);

    await form.getByLabel("Password").fill(STAFF_AFFILIATE.password);
    // The browser itself notes when the panel comes and goes: a loaded machine may notice it late from here.
    await staff.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { welcomePanelTimes: number[] }).welcomePanelTimes = seen;
      new MutationObserver(() => {
        const shown = document.querySelector('[data-testid="welcome-panel"]') !== null;
        if (shown === (seen.length % 2 === 0)) seen.push(performance.now());
      }).observe(document.body, { childList: true, subtree: true });
    });
    await form.getByRole("button", { name: "Login" }).click();
    const panel = staff.getByTestId("welcome-panel");
    await panel.waitFor();
    await toastSays(staff, `Welcome back, ${STAFF_AFFILIATE.name}!`);
    expect(await text(panel.getByTestId("welcome-name"))).toBe(STAFF_AFFILIATE.name);
    expect(await text(panel.getByTestId("welcome-code"))).toBe(staffAffiliateCode);
    expect(await text(panel)).toContain("Welcome!");
    await staff.waitForTimeout(4000);
    expect(await panel.count()).toBe(1);
    await panel.waitFor({ state: "detached", timeout: 4000 });
    const times = await staff.evaluate(() => (window as unknown as { welcomePanelTimes: number[] }).welcomePanelTimes);
    expect(times).toHaveLength(2);
    const shownFor = times[1]! - times[0]!;
    expect(shownFor).toBeGreaterThanOrEqual(4900);
    expect(shownFor).toBeLessThan(7000);
  });

  it("edits an affiliate's status and filters the table by status on the server", async () => {
    const row = staff.getByTestId("affiliate-row").filter({ hasText: STAFF_AFFILIATE.email });
    await row.getByRole("button", { name: `Edit ${STAFF_AFFILIATE.name}` }).click();
    const dialog = staff.getByTestId("affiliate-edit-dialog");
    await dialog.getByText("Edit Affiliate").waitFor();
    expect(await dialog.getByLabel("Full Name").inputValue()).toBe(STAFF_AFFILIATE.name);
    expect(await dialog.getByLabel("Commission per conversion ($)").inputValue()).toBe("500.00");
    await choose(staff, dialog, "Status", "Suspended");
    const put = staff.waitForRequest((r) => r.method() === "PUT" && /\/api\/affiliates\/\d+$/.test(r.url()));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    expect((await put).postDataJSON()).toEqual({ status: "suspended" });
    await toastSays(staff, "Affiliate updated successfully");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => text(row.getByTestId("affiliate-status"))).toBe("Suspended");

    const filter = staff.getByLabel("Filter by status");
    const listRequest = () => staff.waitForRequest((r) => new URL(r.url()).pathname === "/api/affiliates" && r.method() === "GET");
    let sent = listRequest();
    await filter.click();
    await staff.getByRole("option", { name: "Active", exact: true }).click();
    expect(new URL((await sent).url()).searchParams.get("status")).toBe("active");
    await staff.getByTestId("affiliates-empty").getByText("No affiliates with this status").waitFor();

    sent = listRequest();
    await filter.click();
    await staff.getByRole("option", { name: "Suspended", exact: true }).click();
    expect(new URL((await sent).url()).searchParams.get("status")).toBe("suspended");
    await expect.poll(() => staff.getByTestId("affiliate-row").count()).toBe(1);

    // Export and the header's Export Data both download the filtered list.
    expect(await staff.getByTestId("affiliate-export").getAttribute("href")).toBe("/api/affiliates/export.csv?status=suspended");
    expect(await staff.getByTestId("export-data-button").getAttribute("href")).toBe("/api/affiliates/export.csv?status=suspended");
    const [download] = await Promise.all([staff.waitForEvent("download"), staff.getByTestId("affiliate-export").click()]);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv).toContain(STAFF_AFFILIATE.email);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    await filter.click();
    await staff.getByRole("option", { name: "All Status", exact: true }).click();
    await expect.poll(() => staff.getByTestId("affiliate-row").count()).toBe(1);
    expect(await staff.getByTestId("export-data-button").getAttribute("href")).toBe("/api/affiliates/export.csv");
  });

  it("lets a partner sign up and sign in on /partners, with no staff session", async () => {
    await partner.goto("/partners");
    await expect.poll(() => text(pageTitle(partner))).toBe("Partner Portal");
    await dismissCookiePanel(partner);
    expect(await partner.getByTestId("sidebar").count()).toBe(0);

    await partner.getByRole("tab", { name: "Sign up" }).click();
    await partner.getByRole("button", { name: "Create partner account" }).click();
    await partner.getByText("Full name is required").waitFor();
    await partner.getByLabel("Full Name").fill(PARTNER.name);
    await partner.getByLabel("Business Name").fill(PARTNER.business);
    await partner.getByLabel("Email").fill(PARTNER.email);
    await partner.getByLabel("Password").fill(PARTNER.password);
    await partner.getByRole("button", { name: "Create partner account" }).click();
    await toastSays(partner, /^Affiliate registered successfully! Your code is: [A-Z0-9-]+$/);

    // Back on Sign in with the email filled in.
    expect(await partner.getByLabel("Email").inputValue()).toBe(PARTNER.email);
    await partner.getByLabel("Password").fill("wrong password");
    await partner.getByRole("button", { name: "Sign in" }).click();
    await toastSays(partner, "Email or password is incorrect");
    await partner.getByLabel("Password").fill(PARTNER.password);
    await partner.getByRole("button", { name: "Sign in" }).click();
    await toastSays(partner, `Welcome back, ${PARTNER.name}!`);

    await expect.poll(() => text(pageTitle(partner))).toBe("Partner Dashboard");
    await partner.getByTestId("partner-welcome").getByText(`Welcome, ${PARTNER.name}`).waitFor();
    expect(await text(partner.getByTestId("partner-stat-referrals"))).toBe("0");
    expect(await text(partner.getByTestId("partner-stat-earned"))).toBe("$0.00");
    await partner.getByTestId("partner-referrals-empty").waitFor();
    await partner.getByTestId("partner-monthly-chart").waitFor();

    const stored = JSON.parse((await partner.evaluate((key) => localStorage.getItem(key), PARTNER_SESSION_KEY)) ?? "null") as {
      token: string;
      affiliate: { uniqueCode: string };
    };
    expect(stored.token).toBeTruthy();
    partnerCode = stored.affiliate.uniqueCode;
  });

  it("copies the referral link", async () => {
    referralLink = await text(partner.getByTestId("partner-referral-link"));
    expect(referralLink).toBe(`${e2e.baseUrl}/r/${partnerCode}`);
    await partner.getByRole("button", { name: "Copy" }).click();
    await toastSays(partner, "Link copied");
    expect(await partner.evaluate(() => navigator.clipboard.readText())).toBe(referralLink);
  });

  it("lands a visitor who follows the link on /join and takes their details", async () => {
    const { context: visitorContext, page: visitor } = await e2e.newPage();
    await visitor.goto(referralLink);
    await expect.poll(() => new URL(visitor.url()).pathname).toBe("/join");
    await expect.poll(() => text(pageTitle(visitor))).toBe("Tell us about your business");
    expect((await visitorContext.cookies()).find((c) => c.name === REFERRAL_COOKIE)?.value).toBe(partnerCode);
    await dismissCookiePanel(visitor);

    const form = visitor.getByTestId("join-form");
    await form.getByRole("button", { name: "Submit" }).click();
    for (const message of ["First name is required", "Last name is required", "Business name is required", "Valid email is required"]) {
      await form.getByText(message).waitFor();
    }
    await form.getByLabel("First Name").fill(PROSPECT.firstName);
    await form.getByLabel("Last Name").fill(PROSPECT.lastName);
    await form.getByLabel("Business Name").fill(PROSPECT.business);
    await form.getByLabel("Email").fill(PROSPECT.email);
    await choose(visitor, form, "Industry", "Retail");
    const sent = visitor.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/join"));
    await form.getByRole("button", { name: "Submit" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ businessName: PROSPECT.business, email: PROSPECT.email, industry: "retail" });
    await visitor.getByTestId("join-success").getByText("Thanks! We will be in touch soon.").waitFor();

    // The same email again is refused on the email field.
    await visitor.reload();
    await form.getByLabel("First Name").fill("Another");
    await form.getByLabel("Last Name").fill("Person");
    await form.getByLabel("Business Name").fill("Another Co");
    await form.getByLabel("Email").fill(PROSPECT.email.toUpperCase());
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => text(visitor.locator("#join-email-error"))).toBe("A lead with this email already exists");
    await visitorContext.close();
  });

  it("shows the referral on Referral Tracking, and the filter applies to the figures and the table", async () => {
    await go(staff, "/referrals", "Referral Tracking");
    await expect.poll(() => text(staff.getByTestId("stat-total-referrals"))).toBe("1");
    expect(await text(staff.getByTestId("stat-converted"))).toBe("0");
    expect(await text(staff.getByTestId("stat-conversion-rate"))).toBe("0%");
    expect(await text(staff.getByTestId("stat-commission-paid"))).toBe("$0K");
    await staff.getByTestId("issue-report-slot").waitFor();
    await staff.getByTestId("global-search").waitFor();
    expect(await staff.getByTestId("empty-state").count()).toBe(0);

    const rows = staff.getByTestId("referral-row");
    await expect.poll(() => rows.count()).toBe(1);
    const row = await text(rows.first());
    for (const part of [PARTNER.name, partnerCode, `${PROSPECT.firstName} ${PROSPECT.lastName}`, PROSPECT.email, PROSPECT.business, "New", "$0.00"]) {
      expect(row).toContain(part);
    }

    const filters = staff.getByTestId("referral-filters");
    await choose(staff, filters, "Affiliate", `${STAFF_AFFILIATE.name} (${staffAffiliateCode})`);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => text(staff.getByTestId("stat-total-referrals"))).toBe("0");
    await staff.getByTestId("referrals-empty").getByText("No referrals match this filter").waitFor();

    await choose(staff, filters, "Affiliate", `${PARTNER.name} (${partnerCode})`);
    await filters.getByLabel("Since").fill(today());
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => text(staff.getByTestId("stat-total-referrals"))).toBe("1");
    await expect.poll(() => rows.count()).toBe(1);

    await filters.getByLabel("Since").fill(tomorrow());
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => text(staff.getByTestId("stat-total-referrals"))).toBe("0");
    await expect.poll(() => rows.count()).toBe(0);

    await filters.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => text(staff.getByTestId("stat-total-referrals"))).toBe("1");
    await expect.poll(() => rows.count()).toBe(1);
  });

  it("converting the lead converts the referral and earns the commission", async () => {
    await go(staff, "/leads", "Lead Management");
    const leadRow = staff.getByTestId("lead-row").filter({ hasText: PROSPECT.business });
    await leadRow.getByRole("button", { name: `Edit ${PROSPECT.business}` }).click();
    const dialog = staff.getByTestId("lead-edit-dialog");
    await choose(staff, dialog, "Status", "Converted");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toastSays(staff, "Lead updated successfully");
    await dialog.waitFor({ state: "detached" });

    await go(staff, "/referrals", "Referral Tracking");
    await expect.poll(() => text(staff.getByTestId("stat-converted"))).toBe("1");
    expect(await text(staff.getByTestId("stat-conversion-rate"))).toBe("100%");
    const row = staff.getByTestId("referral-row").first();
    await expect.poll(() => text(row.getByTestId("referral-commission"))).toBe("$500.00");
    expect(await text(row.getByTestId("lead-status"))).toBe("Converted");
  });

  it("approves the commission and records a payout from the affiliate's View", async () => {
    await go(staff, "/affiliates", "Affiliate Program");
    const row = staff.getByTestId("affiliate-row").filter({ hasText: PARTNER.email });
    await expect.poll(() => text(row.getByTestId("affiliate-commission"))).toBe("$500.00");
    expect(await text(row.getByTestId("affiliate-referrals"))).toBe("1");
    await row.getByRole("button", { name: `View ${PARTNER.name}` }).click();
    const dialog = staff.getByTestId("affiliate-detail-dialog");
    await expect.poll(() => text(dialog.getByTestId("affiliate-balance-pending"))).toBe("$500.00");
    expect(await text(dialog.getByTestId("affiliate-balance-approved"))).toBe("$0.00");
    expect(await text(dialog.getByTestId("affiliate-detail-referral").first())).toContain(`${PROSPECT.firstName} ${PROSPECT.lastName}`);
    expect(await text(dialog.getByTestId("commission-row").first())).toContain("Pending");
    expect(await dialog.getByLabel("Amount ($)").isDisabled()).toBe(true);
    await dialog.getByText("Approve commissions before recording a payout.").waitFor();

    await dialog.getByRole("button", { name: "Approve pending (1)" }).click();
    await toastSays(staff, "1 commission approved");
    await expect.poll(() => text(dialog.getByTestId("affiliate-balance-approved"))).toBe("$500.00");
    expect(await text(dialog.getByTestId("commission-row").first())).toContain("Approved");

    const amount = dialog.getByLabel("Amount ($)");
    await expect.poll(() => amount.inputValue()).toBe("500.00");
    expect(await amount.isEnabled()).toBe(true);
    await amount.fill("600");
    await expect.poll(() => amount.inputValue()).toBe("600");
    await dialog.getByRole("button", { name: "Record Payout" }).click();
    await expect.poll(() => text(staff.locator("#payout-amount-error"))).toBe("At most the approved balance of 500.00");
    await amount.fill("0");
    await dialog.getByRole("button", { name: "Record Payout" }).click();
    await expect.poll(() => text(staff.locator("#payout-amount-error"))).toBe("Amount must be greater than zero");

    // The server checks the balance too: its 400 lands on the amount field.
    await staff.route("**/api/affiliates/*/payouts", (route) => route.continue({ postData: JSON.stringify({ amount: "600.00", notes: null }) }));
    await amount.fill("100");
    await dialog.getByRole("button", { name: "Record Payout" }).click();
    await expect.poll(() => text(staff.locator("#payout-amount-error"))).toBe("At most the approved balance of 500.00");
    await staff.unroute("**/api/affiliates/*/payouts");
    expect(await dialog.getByTestId("payout-row").count()).toBe(0);

    await amount.fill("500");
    await dialog.getByLabel("Notes (optional)").fill("March payout");
    await dialog.getByRole("button", { name: "Record Payout" }).click();
    await toastSays(staff, "Payout of $500.00 recorded");
    await expect.poll(() => dialog.getByTestId("payout-row").count()).toBe(1);
    const payout = await text(dialog.getByTestId("payout-row").first());
    expect(payout).toContain("$500.00");
    expect(payout).toContain("March payout");
    expect(await text(dialog.getByTestId("affiliate-balance-paid"))).toBe("$500.00");
    expect(await text(dialog.getByTestId("affiliate-balance-approved"))).toBe("$0.00");
    expect(await text(dialog.getByTestId("commission-row").first())).toContain("Paid");
    // Not Escape: the toast on screen is the topmost layer and would take it.
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  it("shows the commission paid on Referral Tracking and the partner first among the dashboard's top affiliates", async () => {
    await go(staff, "/referrals", "Referral Tracking");
    await expect.poll(() => text(staff.getByTestId("stat-commission-paid"))).toBe("$1K");
    expect(await text(staff.getByTestId("stat-commission-paid-exact"))).toBe("$500.00 paid to affiliates");

    await go(staff, "/", "Dashboard");
    // Bruno is suspended: only the partner counts as active.
    await expect.poll(() => text(staff.getByTestId("stat-active-affiliates"))).toBe("1");
    const top = staff.getByTestId("top-affiliate");
    await expect.poll(() => top.count()).toBe(2);
    const first = await text(top.first());
    for (const part of [PARTNER.name, partnerCode, "LF", "$500.00", "1 referral"]) expect(first).toContain(part);
    const second = await text(top.nth(1));
    for (const part of [STAFF_AFFILIATE.name, staffAffiliateCode, "$0.00", "0 referrals"]) expect(second).toContain(part);
  });

  it("shows the partner what was earned and paid, then signs out for good", async () => {
    await partner.reload();
    await expect.poll(() => text(partner.getByTestId("partner-stat-referrals"))).toBe("1");
    expect(await text(partner.getByTestId("partner-stat-conversions"))).toBe("1");
    expect(await text(partner.getByTestId("partner-stat-conversion-rate"))).toBe("100%");
    expect(await text(partner.getByTestId("partner-stat-earned"))).toBe("$500.00");
    expect(await text(partner.getByTestId("partner-stat-paid"))).toBe("$500.00");
    expect(await text(partner.getByTestId("partner-stat-due"))).toBe("$0.00");
    expect(await text(partner.getByTestId("partner-stat-pending"))).toBe("$0.00");
    const referral = await text(partner.getByTestId("partner-referral-row").first());
    for (const part of [PROSPECT.business, "Converted", "Paid"]) expect(referral).toContain(part);

    const stored = (await partner.evaluate((key) => localStorage.getItem(key), PARTNER_SESSION_KEY))!;
    const { token, affiliate } = JSON.parse(stored) as { token: string; affiliate: { id: number } };
    const logout = partner.waitForRequest((r) => r.url().endsWith("/api/affiliates/logout"));
    await partner.getByRole("button", { name: "Sign out" }).click();
    expect((await logout).headers().authorization).toBe(`Bearer ${token}`);
    await expect.poll(() => text(pageTitle(partner))).toBe("Partner Portal");
    expect(await partner.evaluate((key) => localStorage.getItem(key), PARTNER_SESSION_KEY)).toBeNull();
    const revoked = await partnerContext.request.get(`/api/affiliates/${affiliate.id}/dashboard`, { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(401);

    // A token the server no longer accepts is dropped, and the partner is asked to sign in again.
    await partner.evaluate(([key, value]) => localStorage.setItem(key!, value!), [PARTNER_SESSION_KEY, stored]);
    await partner.reload();
    await partner.getByTestId("partner-session-ended").getByText("Your session has ended. Please sign in again.").waitFor();
    expect(await partner.evaluate((key) => localStorage.getItem(key), PARTNER_SESSION_KEY)).toBeNull();

    // Signing in again starts afresh, then signing out leaves the portal signed out.
    await partner.getByLabel("Email").fill(PARTNER.email);
    await partner.getByLabel("Password").fill(PARTNER.password);
    await partner.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => text(pageTitle(partner))).toBe("Partner Dashboard");
    await expect.poll(() => text(partner.getByTestId("partner-stat-paid"))).toBe("$500.00");
    await partner.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => text(pageTitle(partner))).toBe("Partner Portal");
  });

  it("offers the language switch on the public pages", async () => {
    await partner.getByRole("button", { name: "Switch language" }).click();
    await partner.getByRole("menuitemradio", { name: "Español" }).click();
    await expect.poll(() => text(pageTitle(partner))).toBe("Portal de socios");
    await partner.getByRole("tab", { name: "Registrarse" }).waitFor();
    await partner.goto("/join");
    await expect.poll(() => text(pageTitle(partner))).toBe("Cuéntanos sobre tu empresa");
    await partner.getByTestId("language-menu").click();
    await partner.getByRole("menuitemradio", { name: "English" }).click();
    await expect.poll(() => text(pageTitle(partner))).toBe("Tell us about your business");
  });

  it("tells a visitor who sends too many forms to wait", async () => {
    // Every submission from an address counts; the server allows ten in ten minutes.
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i += 1) {
      const res = await partnerContext.request.post("/api/join", { data: { businessOwnerName: "Bulk", businessOwnerLastName: `${i}`, businessName: `Bulk ${i}`, email: `bulk${i}@join.test` } });
      status = res.status();
    }
    expect(status).toBe(429);
    const form = partner.getByTestId("join-form");
    await form.getByLabel("First Name").fill("Late");
    await form.getByLabel("Last Name").fill("Comer");
    await form.getByLabel("Business Name").fill("Late Co");
    await form.getByLabel("Email").fill("late@join.test");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => text(partner.getByTestId("join-error"))).toMatch(/^Too many submissions from this address\. Please try again in \d+ minutes\.$/);
  });
});
