import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { createLead, E2E_ADMIN as ADMIN, signedInPage, startE2E, type E2EServer } from "./support";

const AGENT_PASSWORD = "an agent's long password";
const VIEW = "Hot qualified";

const LEADS = [
  { businessName: "Aurora Mills", status: "qualified", priority: "high" },
  { businessName: "Borealis Labs", status: "qualified", priority: "low" },
  { businessName: "Cirrus Foods", status: "new", priority: "high" },
  { businessName: "Delta Wharf", status: "qualified", priority: "high" },
];

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const search = (page: Page) => new URL(page.url()).search;
const businesses = (page: Page) => page.getByTestId("lead-row").getByTestId("lead-page-link").allTextContents();
const viewNames = (page: Page) => page.getByTestId("lead-view-name").allTextContents();
const viewItem = (page: Page, name: string) => page.getByTestId("lead-view").filter({ has: page.getByTestId("lead-view-name").getByText(name, { exact: true }) });

async function check(page: Page, filter: string, option: string) {
  await page.getByTestId("lead-filter-panel").getByTestId(`lead-filter-${filter}`).getByRole("checkbox", { name: option, exact: true }).check();
}

/** Invites someone with a role through the API as the administrator, then accepts the link in a fresh browser. */
async function memberWithRole(e2e: E2EServer, admin: Page, role: "agent", email: string): Promise<Page> {
  const invited = await admin.request.post("/api/enterprise/invitations", { data: { email, name: "Alan Agent", role } });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: { path: string } };
  const token = link.path.split("#")[1];
  const { page } = await e2e.newPage();
  const accepted = await page.request.post("/api/auth/invitations/accept", { data: { token, name: "Alan Agent", password: AGENT_PASSWORD } });
  expect(accepted.ok()).toBe(true);
  return page;
}

describe("saved views of the leads table", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await signedInPage(e2e));
    for (const [index, lead] of LEADS.entries()) {
      await createLead(context.request, { ...lead, businessOwnerName: "Owner", businessOwnerLastName: `N${index}`, email: `owner${index}@views.test`, industry: "technology" });
    }
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("builds a view with two filters and a sort, shown as chips, and saves it shared", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).click();
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(4);
    await page.getByTestId("lead-views-empty").waitFor();

    await page.getByTestId("lead-filter-button").click();
    await check(page, "status", "Qualified");
    await check(page, "priority", "High");
    await page.keyboard.press("Escape");
    await page.getByTestId("lead-sort-businessName").click();
    await page.getByTestId("lead-sort-businessName").click();
    await expect.poll(() => businesses(page)).toEqual(["Delta Wharf", "Aurora Mills"]);
    expect(search(page)).toBe("?status=qualified&priority=high&sort=businessName&dir=desc");
    expect(await page.getByTestId("lead-filter-chip").allTextContents()).toEqual(["Status: Qualified", "Priority: High"]);
    expect(await text(page.getByTestId("lead-filter-count"))).toBe("2");
    // Export Data downloads what the table shows: its filters, sort and columns.
    const exportUrl = new URL((await page.getByTestId("export-data-button").getAttribute("href"))!, e2e.baseUrl);
    expect(exportUrl.searchParams.getAll("status")).toEqual(["qualified"]);
    expect(exportUrl.searchParams.get("sort")).toBe("businessName");
    expect(exportUrl.searchParams.getAll("columns").join(",")).toBe("business,email,industry,status,stage,priority,assignee");

    await page.getByTestId("lead-view-save").click();
    const dialog = page.getByTestId("lead-view-dialog");
    await dialog.getByLabel("Name").fill(VIEW);
    await dialog.getByRole("checkbox", { name: "Share with everyone" }).check();
    expect(await dialog.getByTestId("lead-view-shared-reason").count()).toBe(0);
    await dialog.getByTestId("lead-view-submit").click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => viewNames(page)).toEqual([VIEW]);
    expect(await text(viewItem(page, VIEW).getByTestId("lead-view-owner"))).toBe("Shared by you");
    expect(await viewItem(page, VIEW).getByTestId("lead-view-apply").getAttribute("aria-current")).toBe("true");
  });

  it("lists the view after a reload and applies it: the address and the table follow", async () => {
    await page.goto("/leads");
    await expect.poll(() => viewNames(page)).toEqual([VIEW]);
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(4);
    await viewItem(page, VIEW).getByTestId("lead-view-apply").click();
    await expect.poll(() => search(page)).toBe("?status=qualified&priority=high&sort=businessName&dir=desc");
    await expect.poll(() => businesses(page)).toEqual(["Delta Wharf", "Aurora Mills"]);
    // A chip removes its filter.
    await page.getByRole("button", { name: "Remove filter Priority: High" }).click();
    await expect.poll(() => businesses(page)).toEqual(["Delta Wharf", "Borealis Labs", "Aurora Mills"]);
    await page.getByTestId("lead-filter-clear-all").click();
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(4);
    expect(await page.getByTestId("lead-filter-chip").count()).toBe(0);
  });

  it("walks back and forward over filter changes", async () => {
    await page.goto("/leads");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(4);
    await page.getByTestId("lead-filter-button").click();
    await check(page, "status", "Qualified");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(3);
    await check(page, "priority", "High");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(2);
    await page.keyboard.press("Escape");

    await page.goBack();
    await expect.poll(() => search(page)).toBe("?status=qualified");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(3);
    expect(await page.getByTestId("lead-filter-chip").allTextContents()).toEqual(["Status: Qualified"]);
    await page.goBack();
    await expect.poll(() => search(page)).toBe("");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(4);
    await page.goForward();
    await expect.poll(() => search(page)).toBe("?status=qualified");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(3);
  });

  it("shows an agent the shared view with its owner; the agent applies it but may not share a view", async () => {
    const agent = await memberWithRole(e2e, page, "agent", "alan@views.test");
    await agent.goto("/leads");
    await expect.poll(() => viewNames(agent)).toEqual([VIEW]);
    expect(await text(viewItem(agent, VIEW).getByTestId("lead-view-owner"))).toBe(`Shared by ${ADMIN.name}`);
    await viewItem(agent, VIEW).getByTestId("lead-view-apply").click();
    await expect.poll(() => businesses(agent)).toEqual(["Delta Wharf", "Aurora Mills"]);
    expect(search(agent)).toBe("?status=qualified&priority=high&sort=businessName&dir=desc");

    await agent.getByTestId("lead-view-save").click();
    const dialog = agent.getByTestId("lead-view-dialog");
    const shared = dialog.getByRole("checkbox", { name: "Share with everyone" });
    expect(await shared.isDisabled()).toBe(true);
    expect(await text(dialog.getByTestId("lead-view-shared-reason"))).toBe("Only managers and administrators can share views.");
    expect(await shared.getAttribute("aria-describedby")).toBe("lead-view-shared-reason");
    await dialog.getByLabel("Name").fill("My hot ones");
    await dialog.getByTestId("lead-view-submit").click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => viewNames(agent)).toEqual(["My hot ones", VIEW]);
    expect(await text(viewItem(agent, "My hot ones").getByTestId("lead-view-owner"))).toBe("Only you");
    await agent.context().close();
  });

  it.each(["en", "es"])("keeps the filter panel, the chips and the views labelled, axe-clean and inside a 1280 px window in %s", async (lng) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate((code) => window.localStorage.setItem("i18nextLng", code), lng);
    await page.goto("/leads?status=qualified&priority=high&stage=New&assignee=me&assignee=none&affiliateCode=any&tag=vip&createdFrom=2026-01-01&hasKpi=true&revenueMin=100");
    await expect.poll(() => page.getByTestId("lead-filter-chip").count()).toBe(10);
    expect(await text(page.getByTestId("lead-filter-chip").first())).toBe(lng === "en" ? "Status: Qualified" : "Estado: Calificado");
    await page.getByTestId("lead-filter-button").click();
    const panel = page.getByTestId("lead-filter-panel");
    await panel.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const inside = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 1280;
    };
    expect(await inside(panel)).toBe(true);
    // Every control of the panel has a name a screen reader reads.
    const unnamed = await panel.evaluate((element) =>
      [...element.querySelectorAll("input, button, [role=checkbox], [role=combobox]")].filter((control) => {
        const id = control.getAttribute("id");
        const labelled = control.getAttribute("aria-label") || control.getAttribute("aria-labelledby") || (id && element.querySelector(`label[for="${id}"]`));
        return !labelled && !(control.textContent ?? "").trim();
      }).length,
    );
    expect(unnamed).toBe(0);
    await page.keyboard.press("Escape");
    for (const id of ["lead-filter-chips", "lead-views", "lead-list"]) {
      const element = page.getByTestId(id);
      expect(await inside(element), id).toBe(true);
      expect(await element.evaluate((node) => node.scrollWidth - node.clientWidth), id).toBeLessThanOrEqual(0);
    }
    await page.getByTestId("lead-view-save").click();
    await page.getByTestId("lead-view-dialog").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.localStorage.setItem("i18nextLng", "en"));
  });

  it("opens /leads with the default view when the address holds no table state", async () => {
    await page.goto("/leads");
    await viewItem(page, VIEW).getByTestId("lead-view-actions").click();
    await page.getByRole("menuitem", { name: "Open the table with this view" }).click();
    await expect.poll(() => text(viewItem(page, VIEW).getByTestId("lead-view-owner"))).toBe("Default · Shared by you");

    await page.goto("/leads");
    await expect.poll(() => search(page)).toBe("?status=qualified&priority=high&sort=businessName&dir=desc");
    await expect.poll(() => businesses(page)).toEqual(["Delta Wharf", "Aurora Mills"]);
    // An address with its own state keeps it.
    await page.goto("/leads?status=new");
    await expect.poll(() => businesses(page)).toEqual(["Cirrus Foods"]);
    expect(search(page)).toBe("?status=new");

    await viewItem(page, VIEW).getByTestId("lead-view-actions").click();
    await page.getByRole("menuitem", { name: "Stop opening with this view" }).click();
    await expect.poll(() => text(viewItem(page, VIEW).getByTestId("lead-view-owner"))).toBe("Shared by you");
    await page.goto("/leads");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(4);
    expect(search(page)).toBe("");
  });
});
