import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLead, signedInPage, startE2E, type E2EServer } from "./support";

/** Two leads of one business: the same phone written two ways, two emails. */
const KEPT = {
  businessOwnerName: "Marta",
  businessOwnerLastName: "Quintero",
  businessName: "Zephyrine Robotics",
  email: "marta@zephyrine.test",
  phoneNumber: "+34 600 123 456",
  industry: "technology",
};
const OTHER = {
  businessOwnerName: "Marta",
  businessOwnerLastName: "Quintero",
  businessName: "Zephyrine Robotics Iberia",
  email: "marta.quintero@zephyrine-iberia.test",
  phoneNumber: "600123456",
  industry: "technology",
};

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe("duplicates of a lead, found and merged", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let keptId: number;
  let otherId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await signedInPage(e2e, { viewport: { width: 1280, height: 900 } }));
    keptId = await createLead(context.request, KEPT);
    otherId = await createLead(context.request, OTHER);
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("shows Add Lead's possible duplicates as an email of a stored lead is typed, without blocking the form", async () => {
    await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).click();
    const form = page.getByTestId("lead-create");
    const hints = form.getByTestId("lead-duplicate-hints");
    await form.getByLabel("First Name").fill("Marta");
    // Half an address asks nothing yet.
    await form.getByLabel("Email").fill("MARTA@zephyrine");
    await page.waitForTimeout(800);
    expect(await hints.getByTestId("lead-duplicate-match").count()).toBe(0);
    await form.getByLabel("Email").fill("MARTA@zephyrine.test");
    const match = hints.getByTestId("lead-duplicate-match");
    await expect.poll(() => match.count()).toBe(1);
    expect(await text(hints.getByRole("heading"))).toBe("1 possible duplicate");
    expect(await match.getByRole("link", { name: KEPT.businessName, exact: true }).getAttribute("href")).toBe(`/leads/${keptId}`);
    expect(await text(match.getByTestId("lead-duplicate-reasons"))).toContain("Same email");
    expect(await text(match.getByTestId("lead-duplicate-confidence"))).toBe("90% likely");
    // The form stays usable: Add Lead is not disabled by the hint.
    expect(await form.getByRole("button", { name: "Add Lead" }).isDisabled()).toBe(false);

    // Edit Lead shows the lead's duplicates too, never the lead itself.
    await page.getByRole("button", { name: `Edit ${OTHER.businessName}`, exact: true }).click();
    const dialog = page.getByTestId("lead-edit-dialog");
    const editMatches = dialog.getByTestId("lead-duplicate-hints").getByTestId("lead-duplicate-match");
    await expect.poll(() => editMatches.count()).toBe(1);
    expect(await editMatches.getAttribute("data-lead-id")).toBe(String(keptId));
    expect(await text(editMatches.getByTestId("lead-duplicate-reasons"))).toContain("Same phone");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("lists the likely pairs on Duplicate Leads, reached from Lead Management, after Check now walks every lead", async () => {
    await page.getByTestId("lead-create").getByRole("link", { name: "Review duplicates" }).click();
    await expect.poll(() => pathOf(page)).toBe("/leads/duplicates");
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe("Duplicate Leads");
    expect(await page.getByTestId("sidebar").getByRole("link", { name: "Lead Management", exact: true }).getAttribute("aria-current")).toBe("page");
    // Nothing yet: the hourly check has not run. Check now walks every lead at once, and the pairs appear.
    await expect.poll(() => text(page.getByTestId("lead-duplicate-pairs-run"))).toBe("The scheduled check has not finished its first walk through the leads yet.");
    const pair = page.getByTestId("lead-duplicate-pair");
    expect(await pair.count()).toBe(0);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect.poll(() => pair.count(), { timeout: 20_000 }).toBe(1);
    expect(await text(pair)).toContain(KEPT.businessName);
    expect(await text(pair)).toContain(OTHER.businessName);
    expect(await text(pair.getByTestId("lead-duplicate-reasons"))).toContain("Same phone");
    expect(await text(page.getByTestId("lead-duplicate-pairs-run"))).toMatch(/^Found by a scheduled check of every lead; last finished .+\.$/);
    expect(await pair.getByRole("link", { name: `Compare and merge ${KEPT.businessName} and ${OTHER.businessName}` }).getAttribute("href")).toBe(
      `/leads/${keptId}/merge/${otherId}`,
    );
  });

  it("shows an agent, who may not merge, Merge… disabled with the reason", async () => {
    const invited = await context.request.post("/api/enterprise/invitations", { data: { email: "alan@leadwell.test", name: "Alan Agent", role: "agent" } });
    expect(invited.status()).toBe(201);
    const token = ((await invited.json()) as { link: { path: string } }).link.path.split("#")[1];
    const { context: agentContext, page: agent } = await e2e.newPage();
    const accepted = await agent.request.post("/api/auth/invitations/accept", { data: { token, name: "Alan Agent", password: "an agent's long password" } });
    expect(accepted.ok()).toBe(true);
    await agent.goto(`/leads/${keptId}`);
    const merge = agent.getByRole("region", { name: "Possible duplicates" }).getByRole("button", { name: `Merge ${OTHER.businessName} into this lead` });
    await merge.waitFor();
    expect(await merge.getAttribute("aria-disabled")).toBe("true");
    const reasonId = (await merge.getAttribute("aria-describedby"))?.split(" ")[0];
    expect(await text(agent.locator(`[id="${reasonId}"]`))).toBe("Merging leads needs a manager or above");
    await merge.click({ force: true });
    expect(pathOf(agent)).toBe(`/leads/${keptId}`);
    // Check now on Duplicate Leads, likewise.
    await agent.goto("/leads/duplicates");
    const check = agent.getByRole("button", { name: "Check now" });
    await check.waitFor();
    expect(await check.getAttribute("aria-disabled")).toBe("true");
    const checkReasonId = (await check.getAttribute("aria-describedby"))?.split(" ")[0];
    expect(await text(agent.locator(`[id="${checkReasonId}"]`))).toBe("Checking every lead for duplicates needs a manager or above");
    await agentContext.close();
  });

  it("merges the other lead from the lead page's duplicates, taking one field from it, and lands on the kept lead", async () => {
    await page.getByTestId("lead-duplicate-pair").getByRole("link", { name: KEPT.businessName, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/leads/${keptId}`);
    const duplicates = page.getByRole("region", { name: "Possible duplicates" });
    const match = duplicates.getByTestId("lead-duplicate-match");
    await expect.poll(() => match.count()).toBe(1);
    expect(await match.getAttribute("data-lead-id")).toBe(String(otherId));
    expect(await text(match.getByTestId("lead-duplicate-reasons"))).toContain("Same phone");
    await match.getByRole("link", { name: `Merge ${OTHER.businessName} into this lead` }).click();

    await expect.poll(() => pathOf(page)).toBe(`/leads/${keptId}/merge/${otherId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe("Merge Leads");
    const merge = page.getByTestId("lead-merge");
    const businessRow = merge.getByTestId("lead-merge-field-businessName");
    const emailRow = merge.getByTestId("lead-merge-field-email");
    // Each differing field keeps the kept lead's value unless chosen otherwise; equal fields are not asked about.
    expect(await businessRow.getByTestId("lead-merge-choice-this").isChecked()).toBe(true);
    expect(await emailRow.getByTestId("lead-merge-choice-this").isChecked()).toBe(true);
    expect(await merge.getByTestId("lead-merge-field-industry").count()).toBe(0);
    expect(await text(merge.getByTestId("lead-merge-moves"))).toContain("Referrals and commissions are never credited twice");
    await businessRow.getByTestId("lead-merge-choice-other").check();

    await merge.getByRole("button", { name: `Merge into ${KEPT.businessName}` }).click();
    const confirm = page.getByTestId("lead-merge-confirm");
    expect(await text(confirm.getByRole("heading"))).toBe(`Merge ${OTHER.businessName} into ${KEPT.businessName}?`);
    await confirm.getByRole("button", { name: "Merge", exact: true }).click();

    await expect.poll(() => pathOf(page)).toBe(`/leads/${keptId}`);
    await page.getByText(`${OTHER.businessName} was merged into ${KEPT.businessName}.`).first().waitFor();
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(OTHER.businessName);
    expect(await text(page.getByTestId("lead-field-email"))).toBe(KEPT.email);
    const stored = (await (await context.request.get(`/api/leads/${keptId}`)).json()) as { businessName: string; email: string };
    expect([stored.businessName, stored.email]).toEqual([OTHER.businessName, KEPT.email]);
    // The merged-away lead is nobody's duplicate any more.
    await expect.poll(() => page.getByRole("region", { name: "Possible duplicates" }).getByTestId("lead-duplicates-none").count()).toBe(1);
  });

  it("opens the kept lead, with a notice, at the merged-away lead's old address", async () => {
    const gone = await context.request.get(`/api/leads/${otherId}`);
    expect(gone.status()).toBe(410);
    expect(((await gone.json()) as { mergedInto: number }).mergedInto).toBe(keptId);

    await page.goto(`/leads/${otherId}`);
    await expect.poll(() => pathOf(page)).toBe(`/leads/${keptId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(OTHER.businessName);
    expect(await text(page.getByTestId("lead-merged-notice"))).toBe(`Lead #${otherId} was merged into ${OTHER.businessName}: this is the kept lead.`);
    expect(await page.getByTestId("lead-not-found").count()).toBe(0);
    // Said once: reloading the kept lead's page opens it as itself.
    await page.reload();
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(OTHER.businessName);
    await page.getByTestId("lead-page").waitFor();
    expect(await page.getByTestId("lead-merged-notice").count()).toBe(0);
  });

  it("shows a lead's three likeliest duplicates above its notes and timeline, and the rest on asking", async () => {
    const phone = "+1 415 555 0199";
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      ids.push(await createLead(context.request, { businessOwnerName: "Iris", businessOwnerLastName: "Vale", businessName: `Vale Optics ${n}`, email: `iris${n}@vale-optics${n}.test`, phoneNumber: phone }));
    }
    await page.goto(`/leads/${ids[0]}`);
    const duplicates = page.getByRole("region", { name: "Possible duplicates" });
    const match = duplicates.getByTestId("lead-duplicate-match");
    await expect.poll(() => match.count()).toBe(3);
    const toggle = duplicates.getByRole("button", { name: "Show all 4" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await expect.poll(() => match.count()).toBe(4);
    await duplicates.getByRole("button", { name: "Show the likeliest only" }).click();
    await expect.poll(() => match.count()).toBe(3);
  });
});
