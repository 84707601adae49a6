import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { futureStewardshipFamilies } from "@contract/records/future-stewardship";
import { sampleRecord } from "@contract/records/samples";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("Future Stewardship & Historical Record in the browser", () => {
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

  it("opens each of the six tabs, showing its empty texts before any record exists", async () => {
    await page.goto("/future-stewardship");
    await page.getByTestId("page-title").getByText("Future Stewardship & Historical Record").waitFor();
    await page.getByText("No upcoming reviews scheduled").waitFor();
    expect(await page.getByTestId("fs-card-sustainability").textContent()).toBe("0%");
    // No historical record yet: no verification figure, so no verification card.
    expect(await page.getByTestId("fs-verification").count()).toBe(0);
    const expectations: [string, string][] = [
      ["Legacy Charter", "No active charter"],
      ["Historical Records", "No recent records"],
      ["Succession Planning", "No active playbooks"],
      ["Ethical Reviews", "No recent reviews"],
      ["Perpetuity Declarations", "No published declarations"],
    ];
    for (const [tab, emptyText] of expectations) {
      await page.getByRole("tab", { name: tab }).click();
      await page.getByRole("tabpanel").getByText(emptyText).first().waitFor();
    }
    expect(new URL(page.url()).searchParams.get("tab")).toBe("declarations");
  });

  it("Create Charter opens the charter form; the active charter shows as the current one, its mission cut to 200 characters", async () => {
    await page.getByRole("button", { name: "Create Charter" }).click();
    const form = page.getByTestId("record-form-legacyCharter");
    await form.getByLabel("Title *").fill("Leadwell stewardship charter");
    await form.getByLabel("Charter date *").fill(utcDay(-3));
    await form.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Active" }).click();
    await form.getByLabel("Mission statement *").fill(`${"Keep customer history safe. ".repeat(10)}THE END`);
    await form.getByLabel("Core values").fill("Integrity\nOpenness");
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Legacy Charter" }).click();
    const current = page.getByTestId("fs-current-charter");
    await current.getByText("Leadwell stewardship charter").waitFor();
    const mission = (await current.getByTestId("fs-mission").textContent()) ?? "";
    expect(mission.endsWith("…")).toBe(true);
    expect(mission).not.toContain("THE END");
    await page.getByTestId("record-list-legacyCharter").getByText("Active").waitFor();
  });

  it("creates and edits a historical record; the dashboard says every record is cryptographically verified", async () => {
    await page.getByRole("tab", { name: "Historical Records" }).click();
    await page.getByTestId("record-add-historicalRecord").click();
    const form = page.getByTestId("record-form-historicalRecord");
    await form.getByLabel("Event *").fill("Leadwell founded");
    await form.getByRole("combobox", { name: "Event type *" }).click();
    await page.getByRole("option", { name: "Founding" }).click();
    await form.getByLabel("Record date *").fill(utcDay(-700));
    await form.getByLabel("Description *").fill("Two founders incorporate Leadwell.");
    await form.getByLabel("Public access").check();
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });

    const list = page.getByTestId("record-list-historicalRecord");
    await list.getByText("Leadwell founded").waitFor();
    await list.getByText("Verified", { exact: true }).waitFor();
    await list.getByText("Public", { exact: true }).waitFor();

    await list.getByRole("button", { name: "Edit Leadwell founded" }).click();
    const edit = page.getByTestId("record-form-historicalRecord");
    await edit.getByLabel("Description *").fill("Two founders incorporate Leadwell in a garage.");
    await edit.getByTestId("record-save").click();
    await edit.waitFor({ state: "detached" });
    await list.getByText("Two founders incorporate Leadwell in a garage.").waitFor();
    await list.getByText("Verified", { exact: true }).waitFor();
    expect(await page.getByTestId("fs-records-total").textContent()).toBe("1");

    await page.getByRole("tab", { name: "Dashboard" }).click();
    await page.getByTestId("fs-verification").getByText("All records cryptographically verified").waitFor();
    expect(await page.getByTestId("fs-verification-coverage").textContent()).toBe("100%");
    expect(await page.getByTestId("fs-total-records").textContent()).toBe("1");
  });

  it("renders every tab with data: a record of each family, the active, published and latest lists included", async () => {
    // Statuses the tabs' lists show (the samples take each enum's last value).
    const statuses: Record<string, string> = { legacyCharter: "active", successionPlaybook: "active", ethicalReview: "completed", perpetuityDeclaration: "ratified" };
    for (const family of futureStewardshipFamilies) {
      if (family.key === "historicalRecord") continue;
      const body = { ...sampleRecord(family), ...(statuses[family.key] ? { status: statuses[family.key] } : {}) };
      expect((await page.request.post(`/api${family.path}`, { data: body })).status()).toBe(201);
    }
    await page.goto("/future-stewardship?tab=succession");
    await page.getByTestId("record-list-successionPlaybook").first().getByText("succession playbook title").waitFor();
    expect(await page.getByTestId("fs-preparedness").textContent()).toBe("100%");
    await page.getByRole("tab", { name: "Ethical Reviews" }).click();
    await page.getByTestId("record-list-ethicalReview").getByText("Public Report Available").waitFor();
    expect(await page.getByTestId("fs-ethics-average").textContent()).toBe("75%");
    await page.getByRole("tab", { name: "Perpetuity Declarations" }).click();
    await page.getByTestId("record-list-perpetuityDeclaration").first().getByText("Ratified", { exact: true }).first().waitFor();
    expect(await page.getByTestId("fs-declarations-total").textContent()).toBe("1");
    await page.getByRole("tab", { name: "Dashboard" }).click();
    // The ratified declaration's reach (the sample's 7).
    await expect.poll(() => page.getByTestId("fs-global-reach").textContent()).toBe("7");
  });

  it("fills the page with the Recent Records list, which scrolls under its title with its column headings in view", async () => {
    const family = futureStewardshipFamilies.find((f) => f.key === "historicalRecord")!;
    for (let i = 0; i < 40; i++) {
      const body = { ...sampleRecord(family), eventTitle: `Scroll record ${String(i).padStart(2, "0")}` };
      expect((await page.request.post(`/api${family.path}`, { data: body })).status()).toBe(201);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/future-stewardship?tab=records");
    const box = page.getByTestId("record-list-scroll").locator("[data-slot=table-container]");
    await box.getByText("Scroll record 39").waitFor();
    // Not the old 320 px box: the list reaches down the window (900 px less the header, title and tabs).
    const height = await box.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(500);
    expect(height).toBeLessThanOrEqual(900);
    const scrolls = await box.evaluate((element) => element.scrollHeight > element.clientHeight);
    expect(scrolls).toBe(true);
    // Scrolled to its end, the column headings are still at the top of the list.
    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const header = box.locator("thead");
    await expect.poll(async () => {
      const [boxTop, headerTop] = await Promise.all([box.evaluate((e) => e.getBoundingClientRect().top), header.evaluate((e) => e.getBoundingClientRect().top)]);
      return Math.abs(headerTop - boxTop) < 2;
    }).toBe(true);
  });
});
