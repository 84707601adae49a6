import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };

const ZEPHYRINE = {
  businessOwnerName: "Marta",
  businessOwnerLastName: "Quintero",
  businessName: "Zephyrine Robotics",
  email: "marta@zephyrine.test",
  phoneNumber: "+34 600 123 456",
  industry: "technology",
  status: "qualified",
  assignedTo: ADMIN.name,
  tags: ["trade fair"],
  currentCrmUsage: true,
  desiredFeatures: ["Pipeline board", "Email from the CRM"],
};
const KESTREL = { businessOwnerName: "Olaf", businessOwnerLastName: "Brandt", businessName: "Kestrel Clinics", email: "olaf@kestrel.test", industry: "healthcare" };

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe("a lead's own page, /leads/{id}", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let zephyrineId: number;
  let kestrelId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    for (const [lead, keep] of [
      [ZEPHYRINE, (id: number) => (zephyrineId = id)],
      [KESTREL, (id: number) => (kestrelId = id)],
    ] as const) {
      const created = await context.request.post("/api/leads", { data: lead });
      expect(created.status()).toBe(201);
      keep(((await created.json()) as { id: number }).id);
    }
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("opens from the leads table's business name, titled with it, and back finds the list with its filters", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).click();
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(2);
    await page.getByLabel("Search leads").fill("robotics");
    await page.getByTestId("lead-filter-button").click();
    await page.getByTestId("lead-filter-panel").getByTestId("lead-filter-status").getByRole("checkbox", { name: "Qualified", exact: true }).check();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("lead-row").allTextContents()).toEqual([expect.stringContaining(ZEPHYRINE.businessName)]);
    await expect.poll(() => new URL(page.url()).search).toBe("?status=qualified&q=robotics");

    await page.getByTestId("lead-row").getByRole("link", { name: ZEPHYRINE.businessName, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/leads/${zephyrineId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(ZEPHYRINE.businessName);
    await expect.poll(() => page.title()).toContain(ZEPHYRINE.businessName);
    expect(await text(page.getByTestId("lead-page-owner"))).toBe(`Owner: ${ADMIN.name}`);
    // The sidebar marks the list the lead belongs to.
    expect(await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).getAttribute("aria-current")).toBe("page");
    // The fields in their groups, as a person reads them.
    const contact = page.getByRole("region", { name: "Contact" });
    expect(await text(contact.getByTestId("lead-field-phoneNumber"))).toBe(ZEPHYRINE.phoneNumber);
    expect(await text(page.getByTestId("lead-field-industry"))).toBe("Technology");
    expect(await text(page.getByTestId("lead-field-status"))).toBe("Qualified");
    expect(await text(page.getByTestId("lead-field-currentCrmUsage"))).toBe("Yes");
    expect(await page.getByTestId("lead-field-desiredFeatures").allInnerTexts()).toEqual([expect.stringContaining("Pipeline board")]);
    expect(await text(page.getByRole("region", { name: "Quiz answers" }))).toContain("Email from the CRM");

    await page.goBack();
    await expect.poll(() => `${pathOf(page)}${new URL(page.url()).search}`).toBe("/leads?status=qualified&q=robotics");
    expect(await page.getByLabel("Search leads").inputValue()).toBe("robotics");
    expect(await text(page.getByTestId("lead-filter-count"))).toBe("1");
    await expect.poll(() => page.getByTestId("lead-row").allTextContents()).toEqual([expect.stringContaining(ZEPHYRINE.businessName)]);
  });

  it("edits a group in place: the saved value shows, with a toast", async () => {
    await page.getByTestId("lead-row").getByRole("link", { name: ZEPHYRINE.businessName, exact: true }).click();
    const contact = page.getByRole("region", { name: "Contact" });
    await contact.getByRole("button", { name: "Edit Contact" }).click();
    const phone = contact.getByLabel("Phone Number");
    expect(await phone.inputValue()).toBe(ZEPHYRINE.phoneNumber);
    // Add Lead's rules: a phone number with letters is refused before anything is sent.
    await phone.fill("call me maybe");
    await contact.getByRole("button", { name: "Save" }).click();
    expect(await phone.getAttribute("aria-invalid")).toBe("true");
    await phone.fill("+34 611 222 333");
    await contact.getByRole("button", { name: "Save" }).click();
    await page.getByText(`Contact of ${ZEPHYRINE.businessName} saved.`).first().waitFor();
    await expect.poll(() => contact.getByTestId("lead-group-form").count()).toBe(0);
    expect(await text(contact.getByTestId("lead-field-phoneNumber"))).toBe("+34 611 222 333");
    const stored = await context.request.get(`/api/leads/${zephyrineId}`);
    expect(((await stored.json()) as { phoneNumber: string }).phoneNumber).toBe("+34 611 222 333");
    // The timeline shows the change at once, newest first, with who made it and the value before and after.
    const timeline = page.getByRole("region", { name: "Timeline" });
    const newest = timeline.getByTestId("timeline-entry").first();
    await expect.poll(() => newest.getAttribute("data-kind")).toBe("changed");
    expect(await text(newest.getByRole("paragraph").first())).toBe(`${ADMIN.name} changed the lead`);
    expect(await text(newest.getByTestId("timeline-changes"))).toBe(`Phone Number: ${ZEPHYRINE.phoneNumber} → +34 611 222 333`);
    expect(await text(timeline.getByTestId("timeline-entry").last())).toContain(`${ADMIN.name} created the lead`);
    // Filtered to one kind, only its entries show.
    await timeline.getByLabel("Show entries of kind").click();
    await page.getByRole("option", { name: "Created", exact: true }).click();
    await expect.poll(() => timeline.getByTestId("timeline-entry").count()).toBe(1);
    expect(await timeline.getByTestId("timeline-entry").getAttribute("data-kind")).toBe("created");
    await timeline.getByLabel("Show entries of kind").click();
    await page.getByRole("option", { name: "Everything", exact: true }).click();
    await expect.poll(() => timeline.getByTestId("timeline-entry").count()).toBe(2);
  });

  it("reads a KPI sync on the timeline as money", async () => {
    const synced = await context.request.post("/api/kpi", { data: { email: ZEPHYRINE.email, ytdRevenue: 1200, mrr: 100, topProducts: [] } });
    expect(synced.ok()).toBe(true);
    await page.reload();
    const newest = page.getByRole("region", { name: "Timeline" }).getByTestId("timeline-entry").first();
    await expect.poll(() => newest.getAttribute("data-kind")).toBe("kpi");
    expect(await text(newest.getByRole("paragraph").first())).toBe(`${ADMIN.name} synced KPI data: YTD revenue $1,200.00, MRR $100.00`);
  });

  it("shows the lead's KPI figures with its first top products, follows a new sync without a reload, and opens the details", async () => {
    await page.goto(`/leads/${zephyrineId}`);
    const kpi = page.getByRole("region", { name: "KPI figures" });
    await expect.poll(() => text(kpi.getByTestId("lead-kpi-ytd"))).toBe("$1,200.00");
    expect(await kpi.getByTestId("lead-kpi-product").count()).toBe(0);
    // Synced elsewhere (an integration, another person): the open page reads it again from the live stream.
    const product = (name: string, totalRevenue: number) => ({ name, totalSales: 10, averageRevenue: totalRevenue / 10, totalRevenue, profitMargin: 25 });
    const synced = await context.request.post("/api/kpi", {
      data: { email: ZEPHYRINE.email, ytdRevenue: 48250.5, mrr: 4020, topProducts: [product("Arm kit", 20000), product("Gripper", 12000), product("Sensor pack", 9000), product("Service plan", 7250.5)] },
    });
    expect(synced.ok()).toBe(true);
    await expect.poll(() => text(kpi.getByTestId("lead-kpi-ytd"))).toBe("$48,250.50");
    expect(await text(kpi.getByTestId("lead-kpi-mrr"))).toBe("$4,020.00");
    expect(await kpi.getByTestId("lead-kpi-product").allTextContents()).toEqual([
      "Arm kit$20,000.00 · margin 25%",
      "Gripper$12,000.00 · margin 25%",
      "Sensor pack$9,000.00 · margin 25%",
    ]);
    await kpi.getByRole("button", { name: "Details" }).click();
    const dialog = page.getByTestId("kpi-detail-dialog");
    await expect.poll(() => dialog.getByTestId("kpi-product-row").count()).toBe(4);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // A lead without KPI data says so, and where such data comes from.
    await page.goto(`/leads/${kestrelId}`);
    await expect.poll(() => page.getByTestId("lead-kpi-none").isVisible()).toBe(true);
    expect(await page.getByTestId("lead-referral-none").textContent()).toBe("No partner referred this lead.");
  });

  it("shows the partner who referred the lead, and the commission it earns as the lead converts", async () => {
    const signup = await context.request.post("/api/affiliates/signup", {
      data: { name: "Inés Carrasco", businessName: "Carrasco Partners", email: "ines@carrasco.test", password: "partner-pass" },
    });
    expect(signup.status()).toBe(201);
    const { uniqueCode } = (await signup.json()) as { uniqueCode: string };
    const created = await context.request.post("/api/leads", {
      data: { businessOwnerName: "Pau", businessOwnerLastName: "Serra", businessName: "Serra Robotics", email: "pau@serra.test", affiliateCode: uniqueCode },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/leads/${id}`);
    const partner = page.getByRole("region", { name: "Partner", exact: true });
    await expect.poll(() => text(partner.getByTestId("lead-referral-partner"))).toBe("Inés Carrasco");
    expect(await partner.getByText(uniqueCode, { exact: true }).isVisible()).toBe(true);
    expect(await partner.getByText("With the partner's code").isVisible()).toBe(true);
    expect(await text(partner.getByTestId("lead-referral-no-commission"))).toBe("None yet: a referral earns its commission when the lead converts.");
    // Converted through the API (another person): the commission appears on the open page, pending approval.
    expect((await context.request.put(`/api/leads/${id}`, { data: { status: "converted" } })).ok()).toBe(true);
    await expect.poll(() => text(partner.getByTestId("lead-referral-commission"))).toBe("$500.00Pending");
    // The tests below go on from Zephyrine's page.
    await page.goto(`/leads/${zephyrineId}`);
    await expect.poll(() => text(page.getByTestId("lead-page-name"))).toBe(ZEPHYRINE.businessName);
  });

  it("adds a task about the lead from its page, the lead already chosen, and the timeline shows it", async () => {
    await page.getByRole("button", { name: "New Task" }).click();
    const dialog = page.getByTestId("task-create-dialog");
    expect(await text(dialog.getByLabel("Lead", { exact: true }))).toBe(ZEPHYRINE.businessName);
    await dialog.getByLabel("Title").fill("Call back about the robots");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const newest = page.getByRole("region", { name: "Timeline" }).getByTestId("timeline-entry").first();
    await expect.poll(() => newest.getAttribute("data-kind")).toBe("task");
    expect(await text(newest.getByRole("paragraph").first())).toBe(`${ADMIN.name} added the task “Call back about the robots”`);
    const tasks = (await (await context.request.get(`/api/tasks?leadId=${zephyrineId}`)).json()) as { title: string; leadId: number }[];
    expect(tasks.map((task) => [task.title, task.leadId])).toEqual([["Call back about the robots", zephyrineId]]);
    // The page's Tasks card lists it, opens it, and leads to every task of the lead.
    const card = page.getByRole("region", { name: "Tasks" });
    await expect.poll(() => card.getByTestId("lead-task").count()).toBe(1);
    expect(await text(card.getByTestId("lead-task"))).toContain("No due date");
    await card.getByRole("button", { name: "Call back about the robots" }).click();
    await page.getByTestId("task-edit-dialog").waitFor();
    await page.keyboard.press("Escape");
    // Five more, overdue: the card lists the five soonest due (the undated one last, so not shown) and counts the rest.
    for (const day of ["2026-01-05", "2026-01-04", "2026-01-03", "2026-01-02", "2026-01-01"]) {
      const made = await context.request.post("/api/tasks", { data: { title: `Follow-up ${day}`, leadId: zephyrineId, dueDate: day } });
      expect(made.status()).toBe(201);
    }
    await expect.poll(() => card.getByTestId("lead-task").count()).toBe(5);
    await expect.poll(() => text(card.getByTestId("lead-task").first())).toContain("Follow-up 2026-01-01");
    expect(await text(card.getByTestId("lead-task").first())).toContain("Overdue since");
    expect(await text(card.getByText("And 1 more on Task Management."))).toBe("And 1 more on Task Management.");
    await card.getByRole("link", { name: "All tasks for this lead" }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/tasks?leadId=${zephyrineId}`);
    await expect.poll(() => page.getByTestId("task-card").count()).toBe(6);
    await page.goBack();
    await page.getByTestId("lead-page").waitFor();
  });

  it("shows the server's refusal beside the field it is about, and Cancel keeps the stored value", async () => {
    const contact = page.getByRole("region", { name: "Contact" });
    await contact.getByRole("button", { name: "Edit Contact" }).click();
    await contact.getByLabel("Email").fill(KESTREL.email.toUpperCase());
    await contact.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => text(page.locator("#lead-page-contact-email-error"))).toBe("A lead with this email already exists");
    expect(await contact.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    await contact.getByRole("button", { name: "Cancel" }).click();
    expect(await text(contact.getByTestId("lead-field-email"))).toBe(ZEPHYRINE.email);
  });

  it("opens from a global search hit", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Referral Tracking", exact: true }).click();
    const card = page.getByTestId("global-search");
    await card.getByLabel("Search term").fill("kestrel");
    await card.getByRole("button", { name: "Search" }).click();
    await card.getByTestId("search-lead").getByRole("link", { name: KESTREL.businessName }).click();
    await expect.poll(() => pathOf(page)).toBe(`/leads/${kestrelId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(KESTREL.businessName);
    expect(await text(page.getByTestId("lead-page-owner"))).toBe("No owner yet");
  });

  it("shows a viewer the lead with every Edit disabled and the reason said", async () => {
    const invited = await context.request.post("/api/enterprise/invitations", { data: { email: "vera@leadwell.test", name: "Vera Viewer", role: "viewer" } });
    expect(invited.status()).toBe(201);
    const token = ((await invited.json()) as { link: { path: string } }).link.path.split("#")[1];
    const { page: viewer } = await e2e.newPage();
    const accepted = await viewer.request.post("/api/auth/invitations/accept", { data: { token, name: "Vera Viewer", password: "a viewer's long password" } });
    expect(accepted.ok()).toBe(true);
    await viewer.goto(`/leads/${zephyrineId}`);
    await expect.poll(() => text(viewer.getByTestId("page-title"))).toBe(ZEPHYRINE.businessName);
    await viewer.getByTestId("role-note").waitFor();
    const edit = viewer.getByRole("region", { name: "Contact" }).getByRole("button", { name: "Edit Contact" });
    expect(await edit.getAttribute("aria-disabled")).toBe("true");
    await edit.click({ force: true });
    expect(await viewer.getByTestId("lead-group-form").count()).toBe(0);
    const reasonId = await edit.getAttribute("aria-describedby");
    expect(await text(viewer.locator(`[id="${reasonId}"]`))).toBe("Your role may read this lead but not change it.");
    const remove = viewer.getByTestId("lead-page-delete");
    expect(await remove.getAttribute("aria-disabled")).toBe("true");
    expect(await text(viewer.locator(`[id="${await remove.getAttribute("aria-describedby")}"]`))).toBe("Only managers and administrators delete leads.");
    await viewer.context().close();
  });

  it("deletes the lead from its page, once confirmed, and opens the list in its place", async () => {
    await page.goto("/leads");
    await page.goto(`/leads/${kestrelId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(KESTREL.businessName);
    await page.getByRole("button", { name: `Delete ${KESTREL.businessName}`, exact: true }).click();
    const dialog = page.getByTestId("lead-delete-dialog");
    await dialog.getByText(`${KESTREL.businessName} and its KPI data will be deleted permanently.`, { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Delete Lead", exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe("/leads");
    await page.getByText("Lead deleted successfully").first().waitFor();
    expect((await context.request.get(`/api/leads/${kestrelId}`)).status()).toBe(404);
    // The deleted lead's page left the history: back goes to what came before it.
    await page.goBack();
    await expect.poll(() => pathOf(page)).not.toBe(`/leads/${kestrelId}`);
  });

  it("says plainly that an unknown or deleted lead is not there, rather than showing an error", async () => {
    for (const id of [String(kestrelId), "999999", "not-a-number"]) {
      await page.goto(`/leads/${id}`);
      await page.getByTestId("lead-not-found").waitFor();
      expect(await text(page.getByTestId("lead-not-found"))).toContain(`Lead #${id} was not found`);
      expect(await page.getByTestId("lead-page-error").count()).toBe(0);
      expect(await text(page.getByTestId("page-title"))).toBe("Lead");
    }
    await page.getByTestId("lead-not-found").getByRole("link", { name: "Back to Leads" }).click();
    await expect.poll(() => pathOf(page)).toBe("/leads");
  });
});
