import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_STORAGE_KEY } from "@contract/consent-constants";
import { appRoutes, navPathOf, type AppRoute } from "@/app/routes";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";
import { recordFamilies } from "@contract/records/index";
import { sampleRecord } from "@contract/records/samples";

/**
 * Every screen, every tab, in every language, through axe: any serious or critical violation fails. The screens
 * come from the client's route table, so a route added later is checked without editing this file. The same walk
 * checks that every table fits its card at a laptop width.
 */

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const PARTNER = { name: "Mercedes Villanueva", businessName: "Villanueva Consultores Asociados", email: "mercedes.villanueva@consultores.test", password: "partner-pass" };
const PENDING_AFFILIATE = { name: "Tobias Lindqvist", businessName: "Lindqvist Media", email: "tobias@lindqvist.test", password: "pending-pass" };
const PARTNER_SESSION_KEY = "leadwell.partnerSession";

/** Long enough to stress the tables in both languages: names and emails of the length real leads have. */
const LEADS = [
  {
    businessOwnerName: "Guadalupe",
    businessOwnerLastName: "Fernández de Córdoba",
    businessName: "Distribuidora Internacional de Alimentos del Pacífico",
    email: "guadalupe.fernandez@distribuidora-pacifico.test",
    phoneNumber: "+34 912 345 678",
    industry: "retail",
    status: "new",
  },
  {
    businessOwnerName: "Olaf",
    businessOwnerLastName: "Brandt",
    businessName: "Kestrel Clinics",
    email: "olaf@kestrel.test",
    industry: "healthcare",
    status: "qualified",
  },
  {
    businessOwnerName: "Chidi",
    businessOwnerLastName: "Okafor",
    businessName: "Okafor Logistics & Freight Forwarding",
    email: "chidi.okafor@okafor-logistics.test",
    industry: "technology",
    status: "converted",
  },
  { businessOwnerName: "Ines", businessOwnerLastName: "Moreau", businessName: "Moreau Atelier", email: "ines@moreau.test", status: "lost" },
  { businessOwnerName: "Kenji", businessOwnerLastName: "Sato", businessName: "Sato Bakery", email: "kenji@sato.test", status: "contacted" },
];

export type Language = "en" | "es";
const LANGUAGES: Language[] = ["en", "es"];
const translations = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, JSON.parse(readFileSync(`client/public/locales/${lng}/translation.json`, "utf8")) as unknown]),
) as Record<Language, unknown>;

/** A translation by its dotted key, as the client shows it. */
function tr(lng: Language, key: string): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), translations[lng]);
  if (typeof value !== "string") throw new Error(`No ${lng} translation for ${key}`);
  return value;
}

/** Screens that always show a table (the partner portal is checked on its own below). */
const TABLE_SCREENS = ["/leads", "/kpi", "/affiliates", "/referrals", "/issues?tab=manage", "/analytics"];
/**
 * A record's page (a route with a parameter, /leads/:id) is walked on a record the walk seeded: its address and the
 * title its page gives itself, by route path. A record route added later fails the walk until the seeding adds one.
 */
const seededRecords = new Map<string, { url: string; title: string }>();

function seededRecord(route: AppRoute): { url: string; title: string } {
  const record = seededRecords.get(route.path);
  if (!record) throw new Error(`The walk seeded no record for ${route.path}: add one where it seeds a little of everything`);
  return record;
}

/** A route with a parameter (/leads/:id) is opened on a seeded record; one without (/leads/duplicates) at its path. */
const hasParameter = (route: AppRoute) => route.path.includes(":");

/** Where the walk opens a route: its path, or for a record's page the address of the record it seeded. */
const addressOf = (route: AppRoute) => (hasParameter(route) ? seededRecord(route).url : route.path);

/** Every staff screen is measured: a table added to any later screen must fit its card too. */
const measuredScreens = () => [...new Set([...TABLE_SCREENS, ...appRoutes.map(addressOf)])];

type Finding = { where: string; id: string; impact: string; help: string; targets: string[] };

/**
 * Waits until nothing is loading: no skeleton, spinner or busy region, twice in a row a moment apart (a query that
 * starts after the first data arrives shows a new indicator in between). Not "networkidle": pollers keep it away.
 */
async function settle(page: Page) {
  const busy = () => page.evaluate(() => document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length);
  await expect
    .poll(async () => {
      if ((await busy()) > 0) return false;
      await page.waitForTimeout(150);
      return (await busy()) === 0;
    }, { timeout: 15_000 })
    .toBe(true);
}

async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  return (await seriousViolations(page)).map((finding) => ({ where, ...finding }));
}

/**
 * Checks the screen as it is, then each other tab of each tab list in turn. `alsoOnEach` runs on the screen (with no
 * tab) and on each tab too, once it has settled (the staff walk measures its tables there).
 */
async function auditWithTabs(page: Page, where: string, alsoOnEach?: (where: string, tab?: string) => Promise<void>): Promise<Finding[]> {
  await settle(page);
  const findings = await axeFindings(page, where);
  await alsoOnEach?.(where);
  const tabs = page.getByRole("tab");
  const count = await tabs.count();
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    // The tab open on arrival was checked with the screen itself.
    if ((await tab.getAttribute("aria-selected")) === "true") continue;
    const name = ((await tab.textContent()) ?? "").trim();
    await tab.click();
    await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
    await settle(page);
    findings.push(...(await axeFindings(page, `${where} [tab ${name}]`)));
    await alsoOnEach?.(`${where} [tab ${name}]`, name);
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.where}: ${f.id} (${f.impact}) ${f.help}\n    ${f.targets.join("\n    ")}`).join("\n");
}

type TableFit = { label: string; tableWidth: number; wrapperWidth: number; clippedButtons: string[] };

/** Each table's width against its scroll wrapper and card, and any button of its rows outside the window or the card. */
function measureTables(page: Page): Promise<{ tables: TableFit[]; pageOverflow: number }> {
  return page.evaluate(() => {
    const tables = [...document.querySelectorAll("main table")].map((table) => {
      const wrapper = table.parentElement!;
      const card = table.closest('[data-slot="card"]') ?? wrapper;
      const cardBox = card.getBoundingClientRect();
      const clippedButtons = [...table.querySelectorAll("tbody tr")].flatMap((row) => {
        const last = row.lastElementChild;
        return [...(last?.querySelectorAll("button, a") ?? [])]
          .filter((button) => {
            const box = button.getBoundingClientRect();
            return box.left < cardBox.left || box.right > Math.min(cardBox.right, window.innerWidth) + 0.5;
          })
          .map((button) => button.getAttribute("aria-label") ?? button.textContent ?? "");
      });
      return {
        label: table.getAttribute("aria-label") ?? "",
        tableWidth: wrapper.scrollWidth,
        wrapperWidth: wrapper.clientWidth,
        clippedButtons,
      };
    });
    const main = document.querySelector("main") ?? document.documentElement;
    // The document too: an absolutely placed element (a screen-reader label) escapes a scroll box that is not
    // positioned, and widens the page though the main area does not scroll.
    const root = document.documentElement;
    return { tables, pageOverflow: Math.max(main.scrollWidth - main.clientWidth, root.scrollWidth - root.clientWidth) };
  });
}

/** Set LEADWELL_SCREENSHOTS to a folder to keep a picture of each checked screen (to look at the layout by eye). */
async function screenshot(page: Page, name: string) {
  const folder = process.env.LEADWELL_SCREENSHOTS;
  if (!folder) return;
  // The shell scrolls inside <main>, so bring the last table into view rather than asking for a full-page picture.
  const tables = page.locator("main table");
  if ((await tables.count()) > 0) await tables.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${folder}/${name.replace(/[^a-z0-9-]+/gi, "_")}.png` });
}

/**
 * What does not fit on this screen: a table wider than its card, a row's button outside it, or the page scrolling
 * sideways. `tablesMayScroll` is for narrow windows, where a table may scroll inside its card but the page may not.
 */
async function misfits(page: Page, where: string, minimumTables: number, tablesMayScroll = false): Promise<string[]> {
  await screenshot(page, where);
  const { tables, pageOverflow } = await measureTables(page);
  const problems: string[] = [];
  if (tables.length < minimumTables) problems.push(`${where}: ${tables.length} tables on screen, expected ${minimumTables}`);
  for (const table of tablesMayScroll ? [] : tables) {
    if (table.tableWidth > table.wrapperWidth) problems.push(`${where}: "${table.label}" is ${table.tableWidth}px wide in a ${table.wrapperWidth}px card`);
    if (table.clippedButtons.length > 0) problems.push(`${where}: "${table.label}" has buttons outside the card: ${table.clippedButtons.join(", ")}`);
  }
  if (pageOverflow > 0) problems.push(`${where}: the page scrolls ${pageOverflow}px sideways`);
  return problems;
}

/**
 * The fit of the screen as it is at every width the app supports: from 1280 px up every table fits its card; at 900 px
 * (below 1024) a table may scroll inside its card, the page may not. The window is back at 1280 px afterwards.
 */
async function misfitsAtEveryWidth(page: Page, where: string, minimumTables: number): Promise<string[]> {
  const problems: string[] = [];
  try {
    for (const width of [1280, 1440, 1920]) {
      if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: 800 });
      problems.push(...(await misfits(page, `${where} ${width}px`, minimumTables)));
    }
    await page.setViewportSize({ width: 900, height: 800 });
    problems.push(...(await misfits(page, `${where} 900px`, minimumTables, true)));
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  return problems;
}

/** Opens a screen the way a user does, from the sidebar (no page reload), or by its address when it has no link. */
async function openScreen(page: Page, path: string) {
  const link = page.getByTestId("sidebar").locator(`a[href="${path}"]`);
  if ((await link.count()) > 0) await link.first().click();
  else await page.goto(path);
}

async function useLanguage(page: Page, lng: Language) {
  await page.evaluate((code) => window.localStorage.setItem("i18nextLng", code), lng);
}

/**
 * The walk for one language. Each language is its own test file (accessibility-en, accessibility-es) with its own
 * server, so the two walks, the longest browser work in the suite, run side by side on CI's two workers.
 * `withBrand` adds the check of the app under a brand's colours (once is enough: colours do not depend on language).
 */
export function describeAccessibilityWalk(lng: Language, { withBrand }: { withBrand: boolean }) {
  describe(`accessibility and layout of every screen in ${lng}`, () => {
    let e2e: E2EServer;
    let staffContext: BrowserContext;
    let staff: Page;
    let visitorContext: BrowserContext;
    let visitor: Page;

    beforeAll(async () => {
      e2e = await startE2E();
      ({ context: staffContext, page: staff } = await e2e.newPage());
      ({ context: visitorContext, page: visitor } = await e2e.newPage());
      await staff.setViewportSize({ width: 1280, height: 800 });
      await visitor.setViewportSize({ width: 1280, height: 800 });
    });
    afterAll(async () => {
      await e2e?.stop();
    });

    it(`has no serious violation on the set-up screen in ${lng}, then seeds a little of everything`, async () => {
      await staff.goto("/");
      await useLanguage(staff, lng);
      await staff.reload();
      await staff.getByTestId("page-title").waitFor();
      const findings = await auditWithTabs(staff, `${lng} /(set-up)`);
      expect(findings, report(findings)).toEqual([]);
      // The set-up helper speaks English; each test below switches to this file's language again.
      await useLanguage(staff, "en");
      await completeSetup(staff, ADMIN);
      await staff.getByTestId("cookie-panel").getByRole("button", { name: "Necessary Only" }).click();

      const api = staffContext.request;
      const leadIds: number[] = [];
      for (const lead of LEADS) {
        const created = await api.post("/api/leads", { data: lead });
        expect(created.status()).toBe(201);
        // The first lead's page is the lead record page the walk visits (the longest name of them).
        const { id } = (await created.json()) as { id: number };
        leadIds.push(id);
        if (!seededRecords.has("/leads/:id")) seededRecords.set("/leads/:id", { url: `/leads/${id}`, title: lead.businessName });
      }
      // The merge page compares the two longest leads, side by side, under its own title.
      seededRecords.set("/leads/:id/merge/:otherId", { url: `/leads/${leadIds[0]}/merge/${leadIds[2]}`, title: tr(lng, "leads.merge.title") });
      const kpi = await api.post("/api/kpi", {
        data: {
          email: LEADS[0]!.email,
          ytdRevenue: "1250000.50",
          mrr: "104166.71",
          topProducts: [{ name: "Organic olive oil, 5 l", totalSales: 1200, averageRevenue: 41.5, totalRevenue: 49800, profitMargin: 32 }],
        },
      });
      expect(kpi.ok()).toBe(true);
      const signup = await api.post("/api/affiliates/signup", { data: PARTNER });
      expect(signup.status()).toBe(201);
      const { uniqueCode } = (await signup.json()) as { uniqueCode: string };
      // A second affiliate, pending: listed on Affiliate Program, not counted as active on the dashboard.
      const pending = await api.post("/api/affiliates/signup", { data: PENDING_AFFILIATE });
      expect(pending.status()).toBe(201);
      const { id: pendingId } = (await pending.json()) as { id: number };
      expect((await api.put(`/api/affiliates/${pendingId}`, { data: { status: "pending" } })).ok()).toBe(true);
      expect(
        (await api.post("/api/issues", { data: { email: ADMIN.email, description: "The leads chart on the dashboard shows no bars for last week." } })).status(),
      ).toBe(201);
      expect((await api.post("/api/feedback", { data: { type: "Feature Request", description: "Please let us export the KPI table." } })).status()).toBe(201);
      // One record of every declared record family (Business Health's tabs, the Succession tab), from its declaration.
      for (const family of recordFamilies) expect((await api.post(`/api${family.path}`, { data: sampleRecord(family) })).status()).toBe(201);
      // Customer Success: an NPS answer with a comment and an account in onboarding, so those tabs show filled panels.
      expect((await api.post("/api/nps", { data: { score: 8, feedback: "Bien, aunque la importación fue lenta." } })).status()).toBe(201);
      expect((await api.put(`/api/onboarding/${encodeURIComponent(LEADS[0]!.email)}`, { data: { completedSteps: [1, 2] } })).status()).toBe(200);

      // A visitor who follows the partner's link and fills in /join becomes a referral.
      const visitorApi = visitorContext.request;
      await visitorApi.get(`/r/${uniqueCode}`);
      const joined = await visitorApi.post("/api/join", {
        data: { businessOwnerName: "Bartholomew", businessOwnerLastName: "Featherstonehaugh", businessName: "Featherstonehaugh Heritage Restorations", email: "bartholomew@featherstonehaugh-heritage.test" },
      });
      expect(joined.ok()).toBe(true);
    });

    {
      it(`words the figures as they are counted in ${lng}`, async () => {
        await useLanguage(staff, lng);
        // Dashboard: every lead counts, lost and converted too (five seeded, one joined), and the caption says so.
        await staff.goto("/");
        await expect.poll(() => staff.getByTestId("stat-total-leads").textContent()).toBe("6");
        expect(await staff.getByTestId("stat-total-leads").locator("xpath=..").textContent()).toContain(tr(lng, "dashboard.stats.totalLeadsCaption"));
        expect(tr(lng, "dashboard.stats.totalLeadsCaption")).not.toMatch(/activ/i);
        // One of the two affiliates is active, and the caption says that is what the figure counts.
        await expect.poll(() => staff.getByTestId("stat-active-affiliates").textContent()).toBe("1");
        const activeCard = staff.getByTestId("stat-active-affiliates").locator("xpath=..");
        expect(await activeCard.textContent()).toContain(tr(lng, "dashboard.stats.activeAffiliatesCaption"));
        expect(tr(lng, "dashboard.stats.activeAffiliatesCaption")).toMatch(lng === "en" ? /active/i : /activo/i);

        // Affiliate Program: the table lists every status, and its title follows the status filter.
        await staff.goto("/affiliates");
        const title = staff.getByTestId("affiliate-list-title");
        await expect.poll(() => staff.getByTestId("affiliate-row").count()).toBe(2);
        expect(await title.textContent()).toBe(tr(lng, "affiliates.list.title"));
        expect(await staff.getByRole("table", { name: tr(lng, "affiliates.list.title") }).count()).toBe(1);
        await staff.getByTestId("affiliate-status-filter").click();
        await staff.getByRole("option", { name: tr(lng, "affiliateStatus.pending"), exact: true }).click();
        await expect.poll(() => title.textContent()).toBe(tr(lng, "affiliates.list.titleByStatus.pending"));
        await expect.poll(() => staff.getByTestId("affiliate-row").count()).toBe(1);
        expect(await staff.getByTestId("affiliate-row").textContent()).toContain(PENDING_AFFILIATE.name);

        // Referral Tracking: no "$0.00 paid" while the figures are still on their way.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await staff.route("**/api/referrals/stats*", async (route) => {
          await held;
          await route.continue();
        });
        try {
          await staff.goto("/referrals");
          await staff.getByTestId("stat-commission-paid-loading").waitFor();
          const figures = staff.getByTestId("referral-stats");
          expect(await staff.getByTestId("stat-commission-paid-exact").count()).toBe(0);
          expect(await staff.getByTestId("stat-commission-paid").count()).toBe(0);
          expect(await figures.textContent()).not.toMatch(/\d/);
          expect(await figures.textContent()).toContain(tr(lng, "common.loading"));
        } finally {
          release();
        }
        await expect.poll(() => staff.getByTestId("stat-total-referrals").textContent()).toBe("1");
        expect(await staff.getByTestId("stat-commission-paid-exact").textContent()).toBe(
          tr(lng, "referrals.stats.commissionPaidCaption").replace("{{amount}}", new Intl.NumberFormat(lng, { style: "currency", currency: "USD" }).format(0)),
        );
        await staff.unroute("**/api/referrals/stats*");
      });

      // Every tab of every screen is one more axe run: the walk grows with each tab an area adds. The table fit is
      // measured on the way, once each screen or tab has settled for axe: each screen as it opens at every width (and a
      // tab whose address is one of TABLE_SCREENS), each other tab at 1280 px. A separate pass opening every screen
      // again by its address (a full page load each) had cost each language about a third of its walk.
      it(`has no serious violation on any staff screen or tab in ${lng}; every table fits its card from 1280 px up (each tab's at 1280 px), and below 1024 px scrolls only inside the card`, { timeout: 600_000 }, async () => {
        await useLanguage(staff, lng);
        const findings: Finding[] = [];
        const tableMisfits: string[] = [];
        const measuredAtEveryWidth = new Set<string>();
        let screenAddress = "";
        const measure = async (where: string, tab?: string) => {
          const here = new URL(staff.url());
          const address = tab === undefined ? screenAddress : `${here.pathname}${here.search}`;
          if (tab !== undefined && !TABLE_SCREENS.includes(address)) {
            tableMisfits.push(...(await misfits(staff, `${where} 1280px`, 0)));
            return;
          }
          const minimumTables = tab === undefined && TABLE_SCREENS.includes(address) && !address.startsWith("/issues") ? 1 : 0;
          tableMisfits.push(...(await misfitsAtEveryWidth(staff, where, minimumTables)));
          measuredAtEveryWidth.add(address);
        };
        // A11Y_ONLY=/a,/b walks only those screens (and the record pages under them: /leads is also /leads/:id) while
        // one area is being built; CI always walks them all.
        const only = process.env.CI === "true" ? undefined : process.env.A11Y_ONLY?.split(",");
        const routes = appRoutes.filter((route) => !only || only.includes(route.path) || only.includes(navPathOf(route)));
        const screens = [
          ...routes.map((route) => ({ address: addressOf(route), title: hasParameter(route) ? seededRecord(route).title : tr(lng, route.titleKey) })),
          ...(!only || only.includes("/no-such-screen") ? [{ address: "/no-such-screen", title: tr(lng, "notFound.title") }] : []),
        ];
        expect(screens.length).toBeGreaterThan(only ? 0 : 10);
        await staff.goto("/");
        for (const { address, title } of screens) {
          screenAddress = address;
          await openScreen(staff, address);
          await expect.poll(() => staff.getByTestId("page-title").textContent()).toBe(title);
          findings.push(...(await auditWithTabs(staff, `${lng} ${address}`, measure)));
        }
        // The command palette (Ctrl+K) over the last screen: as it opens (actions and pages), then with found records.
        await staff.keyboard.press("Control+k");
        const palette = staff.getByTestId("command-palette");
        await palette.waitFor();
        await settle(staff);
        findings.push(...(await axeFindings(staff, `${lng} command palette`)));
        await palette.getByRole("combobox").fill("a");
        await expect.poll(() => palette.getByRole("option").count()).toBeGreaterThan(0);
        await settle(staff);
        findings.push(...(await axeFindings(staff, `${lng} command palette (searched)`)));
        await staff.keyboard.press("Escape");
        await expect.poll(() => palette.count()).toBe(0);
        expect(findings, report(findings)).toEqual([]);
        expect(tableMisfits).toEqual([]);
        // Every screen, and every screen that always shows a table, was measured at every width.
        if (!only) expect([...measuredAtEveryWidth].sort()).toEqual(expect.arrayContaining(measuredScreens()));
      });

      it(`has no serious violation on the sign-in, partner portal and join pages in ${lng}`, async () => {
        await visitor.goto("/join");
        await useLanguage(visitor, lng);
        // Forget the cookie choice so the panel shows, and is checked, in this language too.
        await visitor.evaluate((key) => window.localStorage.removeItem(key), CONSENT_STORAGE_KEY);
        const findings: Finding[] = [];
        for (const path of ["/login", "/join", "/partners", "/survey"]) {
          await visitor.goto(path);
          await visitor.getByTestId("page-title").waitFor();
          findings.push(...(await auditWithTabs(visitor, `${lng} ${path}`)));
        }
        // The cookie panel was checked with each page; now out of the way of the partner's table.
        const cookiePanel = visitor.getByTestId("cookie-panel");
        if (await cookiePanel.isVisible()) await cookiePanel.getByRole("button", { name: tr(lng, "cookies.necessaryOnly") }).click();
        // The partner portal once signed in, with its referral in the table.
        const login = await visitor.request.post("/api/affiliates/login", { data: { email: PARTNER.email, password: PARTNER.password } });
        expect(login.ok()).toBe(true);
        await visitor.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [PARTNER_SESSION_KEY, JSON.stringify(await login.json())]);
        await visitor.goto("/partners");
        await visitor.getByTestId("partner-dashboard").waitFor();
        findings.push(...(await auditWithTabs(visitor, `${lng} /partners (signed in)`)));
        expect(findings, report(findings)).toEqual([]);

        expect(await misfits(visitor, `${lng} /partners`, 1)).toEqual([]);
        await visitor.evaluate((key) => window.localStorage.removeItem(key), PARTNER_SESSION_KEY);
      });
    }

    if (withBrand) it("has no serious violation with a brand's colours and logo applied to the app", async () => {
      await useLanguage(staff, "en");
      // The logo's https address answers from here: this machine has no internet.
      await staffContext.route("https://logos.a11y.example/**", (route) =>
        route.fulfill({ status: 200, contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="#7c2d12"/></svg>' }),
      );
      const brand = { name: "Ember Outfitters", domain: "crm.ember.example", logoUrl: "https://logos.a11y.example/ember.svg", colorScheme: { primary: "#7c2d12", primaryText: "#ffffff", accent: "#facc15" } };
      expect((await staffContext.request.post("/api/white-label/brands", { data: brand })).status()).toBe(201);
      await staff.evaluate((name) => window.localStorage.setItem("leadwell.brand", name), brand.name);
      const findings: Finding[] = [];
      await staff.goto("/");
      await staff.getByTestId("sidebar").getByTestId("app-brand").waitFor();
      await expect.poll(() => staff.evaluate(() => document.documentElement.style.getPropertyValue("--primary"))).toBe(brand.colorScheme.primary);
      for (const path of ["/", "/leads", "/settings", "/enterprise"]) {
        await openScreen(staff, path);
        await staff.getByTestId("page-title").waitFor();
        findings.push(...(await auditWithTabs(staff, `en ${path} (brand ${brand.name})`)));
      }
      expect(findings, report(findings)).toEqual([]);
      await staff.evaluate(() => window.localStorage.removeItem("leadwell.brand"));
    });
  });
}
