import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLead, signedInPage, startE2E, type E2EServer } from "./support";

/*
 * Issue 26.1–3 in the browser: the leads table's columns chosen and ordered through the Columns menu (kept in the
 * address), rows selected on the page and then every lead matching the view, and a bulk stage change run as a job
 * whose progress and result are shown, after which the rows show the new stage. A viewer gets no selection at all.
 */

const PASSWORD = "a viewer's long password";
/** More than a page (50) match the search, so "select all matching" is offered; a few others do not match. */
const MATCHING = 53;
const OTHERS = 3;
const STAGE = "Contacted";

const headers = (page: Page) => page.getByRole("table", { name: "All Leads" }).getByRole("columnheader").allInnerTexts();

describe("leads table: columns, selection and bulk actions", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await signedInPage(e2e, { viewport: { width: 1280, height: 900 } }));
    const api = context.request;
    expect((await api.post("/api/pipeline-stages", { data: { name: STAGE, position: 1 } })).status()).toBe(201);
    const leads = [
      ...Array.from({ length: MATCHING }, (_, i) => ({ businessName: `Bulkwell ${String(i + 1).padStart(2, "0")}`, email: `bulk${i + 1}@bulkwell.test` })),
      ...Array.from({ length: OTHERS }, (_, i) => ({ businessName: `Steady Farm ${i + 1}`, email: `steady${i + 1}@steady.test` })),
    ];
    for (const lead of leads) await createLead(api, { ...lead, businessOwnerName: "Pat", businessOwnerLastName: "Lee", status: "new" });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("selects the page, then every matching lead, and moves them all to a stage through a bulk action", async () => {
    await page.goto("/leads?q=bulkwell");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(50);
    await page.getByRole("checkbox", { name: "Select all on this page" }).click();
    await expect.poll(() => page.getByTestId("lead-bulk-count").innerText()).toBe("50 leads selected");
    const banner = page.getByTestId("lead-select-banner");
    await banner.getByText("All 50 leads on this page are selected.").waitFor();
    await banner.getByRole("button", { name: `Select all ${MATCHING} matching leads` }).click();
    await banner.getByText(`All ${MATCHING} matching leads are selected.`).waitFor();
    expect(await page.getByTestId("lead-bulk-count").innerText()).toBe(`${MATCHING} leads selected`);

    await page.getByTestId("lead-bulk-stage").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Change the stage of ${MATCHING} leads?`).waitFor();
    await dialog.getByRole("combobox", { name: "Stage" }).click();
    await page.getByRole("option", { name: STAGE, exact: true }).click();
    await dialog.getByRole("button", { name: `Apply to ${MATCHING} leads` }).click();

    // The selection is cleared; the job's progress and result line are under the table.
    await expect.poll(() => page.getByTestId("lead-selection-bar").count()).toBe(0);
    const result = page.getByTestId("lead-bulk-jobs").getByTestId("lead-bulk-result").first();
    await expect.poll(() => result.innerText(), { timeout: 30_000 }).toBe(`Done · ${MATCHING} changed, 0 skipped, 0 failed`);
    await page.getByTestId("lead-bulk-jobs").getByText(`${MATCHING} of ${MATCHING}`).waitFor();
    // The list is asked again: every row shows the new stage.
    await expect.poll(async () => [...new Set(await page.getByTestId("lead-stage").allInnerTexts())], { timeout: 10_000 }).toEqual([STAGE]);

    // Only the matching leads changed.
    const steady = await context.request.get("/api/leads?q=steady");
    const rows = ((await steady.json()) as { pipelineStage: string | null }[]).map((lead) => lead.pipelineStage);
    expect(rows).toHaveLength(OTHERS);
    expect(rows).not.toContain(STAGE);

    // The progress survives a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId("lead-bulk-jobs").getByTestId("lead-bulk-result").first().innerText()).toBe(`Done · ${MATCHING} changed, 0 skipped, 0 failed`);
  });

  it("ticks single rows and clears the selection when the sort changes", async () => {
    await page.goto("/leads?q=steady");
    await expect.poll(() => page.getByTestId("lead-row").count()).toBe(OTHERS);
    await page.getByRole("checkbox", { name: "Select Steady Farm 2" }).click();
    await expect.poll(() => page.getByTestId("lead-bulk-count").innerText()).toBe("1 lead selected");
    // The whole page is ticked but nothing more matches: no offer to select more.
    await page.getByRole("checkbox", { name: "Select all on this page" }).click();
    await expect.poll(() => page.getByTestId("lead-bulk-count").innerText()).toBe(`${OTHERS} leads selected`);
    expect(await page.getByRole("button", { name: /matching lead/ }).count()).toBe(0);
    await page.getByTestId("lead-sort-businessName").click();
    await expect.poll(() => page.getByTestId("lead-selection-bar").count()).toBe(0);
    expect(await page.getByRole("checkbox", { name: "Select Steady Farm 2" }).getAttribute("data-state")).toBe("unchecked");
  });

  it("hides and reorders columns through the Columns menu, and a reload keeps them", async () => {
    await page.goto("/leads");
    await page.getByTestId("lead-row").first().waitFor();
    expect(await headers(page)).toEqual(["", "Business", "Contact", "Status", "Stage", "Priority", "Assignee", "Actions"]);

    await page.getByRole("button", { name: "Columns" }).click();
    const panel = page.getByRole("dialog", { name: "Columns shown" });
    await panel.getByRole("checkbox", { name: "Priority" }).click();
    await panel.getByRole("button", { name: "Move Stage up" }).click();
    await panel.getByRole("checkbox", { name: "Created" }).click();
    // Business cannot be hidden.
    expect(await panel.getByRole("checkbox", { name: "Business" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");

    const chosen = ["", "Business", "Contact", "Stage", "Status", "Assignee", "Created", "Actions"];
    await expect.poll(() => headers(page)).toEqual(chosen);
    expect(new URL(page.url()).searchParams.get("cols")).toBe("business,email,industry,stage,status,assignee,created");
    await page.reload();
    await page.getByTestId("lead-row").first().waitFor();
    expect(await headers(page)).toEqual(chosen);
    // The table still fits its card at 1280 px.
    const fit = await page.getByRole("table", { name: "All Leads" }).evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(fit).toBe(0);

    // The keyboard works the menu too; Reset brings the default columns back.
    await page.getByRole("button", { name: "Columns" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Columns shown" }).getByRole("button", { name: "Reset to default" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => headers(page)).toEqual(["", "Business", "Contact", "Status", "Stage", "Priority", "Assignee", "Actions"]);
    expect(new URL(page.url()).searchParams.has("cols")).toBe(false);
  });

  it("shows a viewer the table without checkboxes or bulk actions", async () => {
    const invited = await page.request.post("/api/enterprise/invitations", { data: { email: "vera@leadwell.test", name: "Vera Viewer", role: "viewer" } });
    expect(invited.status()).toBe(201);
    const { link } = (await invited.json()) as { link: { path: string } };
    const { page: viewer } = await e2e.newPage();
    const accepted = await viewer.request.post("/api/auth/invitations/accept", { data: { token: link.path.split("#")[1], name: "Vera Viewer", password: PASSWORD } });
    expect(accepted.ok()).toBe(true);
    await viewer.goto("/leads");
    await expect.poll(() => viewer.getByTestId("lead-row").count()).toBe(50);
    expect(await viewer.getByTestId("lead-list").getByRole("checkbox").count()).toBe(0);
    expect(await viewer.getByTestId("lead-bulk-jobs").count()).toBe(0);
    expect(await viewer.getByTestId("lead-selection-bar").count()).toBe(0);
    // The Columns menu is for everyone.
    await viewer.getByRole("button", { name: "Columns" }).waitFor();
  });
});
