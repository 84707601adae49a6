import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace.records@leadwell.test", password: "a long enough password" };
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 24.8 and 24.10 on Business Health: a capped card keeps its five rows and opens every record with View all
 * (N); each figure says what it is computed over and opens those records; a save says so.
 */
describe("Business Health: every record reachable, every figure explained", () => {
  let e2e: E2EServer;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    // Seven simulations: six timed (10 to 60 minutes, so 35 on average), five rated, the newest neither.
    for (let i = 1; i <= 7; i++) {
      const answer = await page.request.post("/api/incident-simulations", {
        data: {
          scenario: `Drill ${i}`,
          scenarioType: i === 3 ? "data_loss" : "service_outage",
          status: i === 2 ? "cancelled" : "completed",
          simulationDate: utcDay(i - 20),
          responseTime: i <= 6 ? i * 10 : null,
          effectiveness: i <= 5 ? 6 : null,
        },
      });
      expect(answer.status()).toBe(201);
    }
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("keeps the latest five simulations on the card and says what each average is computed over", async () => {
    await page.goto("/business-health?tab=incidents");
    const card = page.getByTestId("record-list-incidentSimulation");
    await card.getByText("Drill 7").waitFor();
    expect(await card.locator("tbody tr").count()).toBe(5);
    expect(await card.getByText("Drill 2").count()).toBe(0);
    expect(await page.getByTestId("view-all-incidentSimulation").textContent()).toBe("View all (7)");
    expect(await page.getByTestId("bh-average-response").textContent()).toBe("35 min");
    expect(await page.getByTestId("explain-bh-average-response").textContent()).toBe("Average over 6 timed simulations, all time");
    expect(await page.getByTestId("explain-bh-average-effectiveness").textContent()).toBe("Average over 5 rated simulations, all time");
  });

  it("opens every simulation from View all: paged, searchable, filterable and sortable", async () => {
    await page.getByTestId("view-all-incidentSimulation").click();
    const dialog = page.getByTestId("full-list-incidentSimulation");
    await dialog.getByRole("heading", { name: "Latest simulations: every record" }).waitFor();
    const list = dialog.getByTestId("record-list-all-incidentSimulation");
    await list.getByText("Drill 1", { exact: true }).waitFor();
    expect(await list.locator("tbody tr").count()).toBe(7);
    expect(await dialog.getByTestId("full-list-range-incidentSimulation").textContent()).toBe("Showing 1–7 of 7");

    // Sorted by response time, longest first: the untimed one last whatever the direction.
    const header = list.getByRole("button", { name: "Response (minutes)" });
    await header.click();
    await header.click();
    await expect.poll(() => list.locator("tbody tr").first().locator("td").first().textContent()).toBe("Drill 6");
    expect(await list.locator("tbody tr").last().locator("td").first().textContent()).toBe("Drill 7");

    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Cancelled" }).click();
    await expect.poll(() => list.locator("tbody tr").count()).toBe(1);
    await list.getByText("Drill 2", { exact: true }).waitFor();

    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "All" }).click();
    await dialog.getByRole("searchbox").fill("Drill 3");
    await expect.poll(() => list.locator("tbody tr").count()).toBe(1);
    await list.getByText("Data loss").waitFor();
    await dialog.getByRole("searchbox").fill("");
    await expect.poll(() => list.locator("tbody tr").count()).toBe(7);
  });

  it("edits and deletes from the full list, saying so, and the card's count follows", async () => {
    const dialog = page.getByTestId("full-list-incidentSimulation");
    const list = dialog.getByTestId("record-list-all-incidentSimulation");
    await list.getByRole("button", { name: "Edit Drill 2" }).click();
    const form = page.getByTestId("record-form-incidentSimulation");
    await form.getByLabel("Scenario *").fill("Drill 2 (called off)");
    await form.getByTestId("record-save").click();
    await form.waitFor({ state: "detached" });
    await page.getByText("Record saved").first().waitFor();
    await list.getByText("Drill 2 (called off)").waitFor();

    await list.getByRole("button", { name: "Delete Drill 2 (called off)" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => list.locator("tbody tr").count()).toBe(6);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("view-all-incidentSimulation").textContent()).toBe("View all (6)");
  });

  it("opens the records a figure is computed over from its line, on the tab and on the dashboard", async () => {
    await page.getByTestId("explain-bh-average-effectiveness").click();
    const dialog = page.getByTestId("full-list-incidentSimulation");
    const list = dialog.getByTestId("record-list-all-incidentSimulation");
    await expect.poll(() => list.locator("tbody tr").count()).toBe(6);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Dashboard" }).click();
    // The deleted drill took 20 minutes: 10, 30, 40, 50 and 60 average 38.
    expect(await page.getByTestId("bh-card-response").textContent()).toBe("38 min");
    await expect.poll(() => page.getByTestId("explain-bh-card-response").textContent()).toBe("Average over 5 timed simulations, all time");
    expect(await page.getByTestId("explain-bh-card-overall").textContent()).toBe("No evergreen review yet: the score comes from the latest one");
    await page.getByTestId("explain-bh-card-response").click();
    await expect.poll(() => page.getByTestId("record-list-all-incidentSimulation").locator("tbody tr").count()).toBe(6);
    await page.getByTestId("full-list-incidentSimulation").getByRole("button", { name: "Close", exact: true }).click();
  });

  it("pages a full list of more records than a page holds, sorted by the server from its headers", async () => {
    for (let i = 1; i <= 26; i++) {
      const answer = await page.request.post("/api/community-engagement", {
        data: { title: `Meetup ${i}`, engagementType: "event", reach: 100, date: utcDay(-i), impact: "Local developers met the team" },
      });
      expect(answer.status()).toBe(201);
    }
    await page.goto("/business-health?tab=community");
    await page.getByTestId("record-list-communityEngagement").getByText("Meetup 1", { exact: true }).waitFor();
    expect(await page.getByTestId("record-list-communityEngagement").locator("tbody tr").count()).toBe(5);
    await page.getByTestId("explain-bh-total-reach").getByText("Sum of reach over 26 activities, all time").waitFor();
    await page.getByTestId("view-all-communityEngagement").click();
    const dialog = page.getByTestId("full-list-communityEngagement");
    const range = dialog.getByTestId("full-list-range-communityEngagement");
    await expect.poll(() => range.textContent()).toBe("Showing 1–25 of 26");
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => range.textContent()).toBe("Showing 26–26 of 26");
    // Newest first, as the family lists them: the oldest is alone on the second page.
    expect(await dialog.locator("tbody tr").first().locator("td").first().textContent()).toBe("Meetup 26");

    // Impact is a long text: the server does not sort by it, so its header is not a button.
    await dialog.getByRole("columnheader", { name: "Impact", exact: true }).waitFor();
    expect(await dialog.getByRole("button", { name: "Impact", exact: true }).count()).toBe(0);
    // A header sorts on the server and starts again on page 1; the next page continues the server's order.
    const firstCells = () => dialog.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelector("td")?.textContent));
    await dialog.getByRole("button", { name: "Date" }).click();
    await expect.poll(() => range.textContent()).toBe("Showing 1–25 of 26");
    await expect.poll(async () => (await firstCells()).slice(0, 2)).toEqual(["Meetup 26", "Meetup 25"]);
    expect(await dialog.getByRole("columnheader", { name: "Date" }).getAttribute("aria-sort")).toBe("ascending");
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => range.textContent()).toBe("Showing 26–26 of 26");
    await expect.poll(firstCells).toEqual(["Meetup 1"]);

    // Titles in the database's text order (Meetup 10 before Meetup 2), descending: Meetup 9 first, Meetup 1 last.
    const title = dialog.getByRole("button", { name: "Title" });
    await title.click();
    await title.click();
    await expect.poll(() => range.textContent()).toBe("Showing 1–25 of 26");
    await expect.poll(async () => (await firstCells()).slice(0, 4)).toEqual(["Meetup 9", "Meetup 8", "Meetup 7", "Meetup 6"]);
    expect((await firstCells()).slice(-2)).toEqual(["Meetup 11", "Meetup 10"]);
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect.poll(firstCells).toEqual(["Meetup 1"]);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
  });

  it("explains the figures in Spanish too", async () => {
    await page.goto("/business-health?tab=incidents");
    await page.evaluate(() => localStorage.setItem("i18nextLng", "es"));
    await page.reload();
    await expect.poll(() => page.getByTestId("explain-bh-average-response").textContent()).toBe("Media de 5 simulacros cronometrados, desde siempre");
    expect(await page.getByTestId("view-all-incidentSimulation").textContent()).toBe("Ver todos (6)");
  });
});
