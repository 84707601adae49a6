import { readFileSync } from "node:fs";
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { completeSetup, startE2E, type E2EServer } from "./support";

/*
 * Issue 23.3: the leads table shows each lead's priority, pipeline stage and assignee as columns, its source and tags
 * under the business, and whole emails where the card has room, at 1280 px in both languages without leaving its
 * card; Edit Lead edits status, priority, assignee (picked from the staff), source and tags (chips), and the table
 * shows them once saved.
 */

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const MEMBER = { name: "Grace Hopper", email: "grace@leadwell.test", password: "another long enough password" };

type Language = "en" | "es";
const translations = Object.fromEntries(
  (["en", "es"] as const).map((lng) => [lng, JSON.parse(readFileSync(`client/public/locales/${lng}/translation.json`, "utf8")) as unknown]),
) as Record<Language, unknown>;

/** A translation by its dotted key with its {{placeholders}} filled, as the client shows it. */
function tr(lng: Language, key: string, params: Record<string, string | number> = {}): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), translations[lng]);
  if (typeof value !== "string") throw new Error(`No ${lng} translation for ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

/** A lead per language, created through the API; the emails are of an ordinary length (29 and 31 characters). */
const LEADS: Record<Language, { businessOwnerName: string; businessOwnerLastName: string; businessName: string; email: string; pipelineStage: string }> = {
  en: { businessOwnerName: "Marta", businessOwnerLastName: "Quintero", businessName: "Zephyrine Robotics", email: "marta.quintero@zephyrine.test", pipelineStage: "Proposal" },
  es: { businessOwnerName: "Lucía", businessOwnerLastName: "Fernández", businessName: "Panadería Ñandú", email: "lucia.fernandez@panaderia.test", pipelineStage: "Propuesta" },
};
const EDITS: Record<Language, { source: string; tags: string[] }> = {
  en: { source: "Trade fair", tags: ["vip", "export"] },
  es: { source: "Feria de Sevilla", tags: ["mayorista", "año nuevo"] },
};

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const isLeadPut = (request: Request) => request.method() === "PUT" && /^\/api\/leads\/\d+$/.test(new URL(request.url()).pathname);

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The leads table against its scroll box, and whether the lead's email is shown whole. */
function layout(page: Page, row: Locator) {
  return Promise.all([
    page.getByRole("table").evaluate((table) => ({ tableWidth: table.parentElement!.scrollWidth, boxWidth: table.parentElement!.clientWidth })),
    row.getByTestId("lead-email").evaluate((email) => ({ emailWhole: email.scrollWidth <= email.clientWidth })),
  ]).then(([table, email]) => ({ ...table, ...email }));
}

describe("a lead's priority, stage, assignee, source and tags in the table and Edit Lead, at 1280 px", () => {
  let e2e: E2EServer;
  let page: Page;
  const puts: Request[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    // A second member of staff, so the assignee is picked from a list.
    const invited = await page.request.post("/api/enterprise/invitations", { data: { email: MEMBER.email, name: MEMBER.name, role: "agent" } });
    expect(invited.status()).toBe(201);
    const { link } = (await invited.json()) as { link: { path: string } };
    const { page: member } = await e2e.newPage();
    const accepted = await member.request.post("/api/auth/invitations/accept", {
      data: { token: link.path.split("#")[1], name: MEMBER.name, password: MEMBER.password },
    });
    expect(accepted.ok()).toBe(true);
    for (const lead of Object.values(LEADS)) expect((await page.request.post("/api/leads", { data: lead })).status()).toBe(201);
    page.on("request", (request) => {
      if (isLeadPut(request)) puts.push(request);
    });
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  for (const lng of ["en", "es"] as const) {
    it(`shows priority, stage and assignee, then edits status, priority, assignee, source and tags in ${lng}`, async () => {
      const lead = LEADS[lng];
      const edits = EDITS[lng];
      await page.evaluate((code) => window.localStorage.setItem("i18nextLng", code), lng);
      await page.goto("/leads");
      const row = page.getByTestId("lead-row").filter({ hasText: lead.businessName });
      await row.waitFor();

      // The new columns, visible at 1280 px with their headers; the table stays in its card and the email is whole.
      for (const column of ["priority", "stage", "assignee"]) {
        expect(await page.getByRole("columnheader", { name: tr(lng, `leads.columns.${column}`), exact: true }).isVisible()).toBe(true);
      }
      expect(await text(row.getByTestId("lead-priority"))).toBe(tr(lng, "leadPriority.medium"));
      expect(await text(row.getByTestId("lead-stage"))).toBe(lead.pipelineStage);
      expect(await text(row.getByTestId("lead-assignee"))).toBe(tr(lng, "leads.fields.unassigned"));
      for (const testId of ["lead-priority", "lead-stage", "lead-assignee", "lead-email"]) expect(await row.getByTestId(testId).isVisible()).toBe(true);
      const before = await layout(page, row);
      expect(before.tableWidth).toBeLessThanOrEqual(before.boxWidth);
      expect(before.emailWhole).toBe(true);
      expect(await row.getByTestId("lead-source").count()).toBe(0);
      expect(await row.getByTestId("lead-tag").count()).toBe(0);

      await row.getByRole("button", { name: tr(lng, "leads.actions.edit", { name: lead.businessName }) }).click();
      const dialog = page.getByTestId("lead-edit-dialog");
      await dialog.getByText(tr(lng, "leads.edit.title"), { exact: true }).waitFor();
      await choose(page, dialog, tr(lng, "leads.fields.status"), tr(lng, "leadStatus.qualified"));
      await choose(page, dialog, tr(lng, "leads.fields.priority"), tr(lng, "leadPriority.high"));
      // The staff by name, and nobody.
      await dialog.getByLabel(tr(lng, "leads.fields.assignee"), { exact: true }).click();
      await expect.poll(() => page.getByRole("option").allTextContents()).toEqual([tr(lng, "leads.fields.unassigned"), ADMIN.name, MEMBER.name]);
      await page.getByRole("option", { name: MEMBER.name, exact: true }).click();
      await dialog.getByLabel(tr(lng, "leads.fields.source"), { exact: true }).fill(edits.source);

      // Tags: Enter adds one (and does not submit the dialog); a repeat or one too long is refused with why; a chip's button removes it.
      const tags = dialog.getByLabel(tr(lng, "leads.fields.tags"), { exact: true }).and(page.locator("input"));
      const chips = dialog.getByTestId("tags-input-chip");
      for (const tag of [...edits.tags, "temporary"]) {
        await tags.fill(tag);
        await tags.press("Enter");
      }
      await expect.poll(() => chips.allTextContents()).toEqual([...edits.tags, "temporary"]);
      expect(await dialog.isVisible()).toBe(true);
      expect(puts).toHaveLength(0);
      await tags.fill(edits.tags[0]!.toUpperCase());
      await tags.press("Enter");
      await dialog.getByText(tr(lng, "tagsInput.duplicate", { tag: edits.tags[0]!.toUpperCase() }), { exact: true }).waitFor();
      await tags.fill("x".repeat(51));
      await tags.press("Enter");
      await dialog.getByText(tr(lng, "errors.field.too_long", { max: 50 }), { exact: true }).waitFor();
      expect(await chips.count()).toBe(3);
      await tags.fill("");
      await dialog.getByRole("button", { name: tr(lng, "tagsInput.remove", { tag: "temporary" }), exact: true }).click();
      await expect.poll(() => chips.allTextContents()).toEqual(edits.tags);
      expect(await seriousViolations(page, '[data-testid="lead-edit-dialog"]')).toEqual([]);

      const put = page.waitForRequest(isLeadPut);
      await dialog.getByRole("button", { name: tr(lng, "leads.edit.submit"), exact: true }).click();
      expect((await put).postDataJSON()).toEqual({ status: "qualified", priority: "high", assigneeId: expect.any(Number), leadSource: edits.source, tags: edits.tags });
      await dialog.waitFor({ state: "detached" });

      // The table shows what was saved.
      await expect.poll(() => text(row.getByTestId("lead-assignee"))).toBe(MEMBER.name);
      expect(await seriousViolations(page, '[data-testid="lead-list"]')).toEqual([]);
      expect(await text(row.getByTestId("lead-status"))).toBe(tr(lng, "leadStatus.qualified"));
      expect(await text(row.getByTestId("lead-priority"))).toBe(tr(lng, "leadPriority.high"));
      expect(await text(row.getByTestId("lead-stage"))).toBe(lead.pipelineStage);
      // The source chip reads "Source: …" (the word for screen readers; an icon shows it).
      expect(await text(row.getByTestId("lead-source"))).toBe(`${tr(lng, "leads.list.sourceLabel")} ${edits.source}`);
      expect(await row.getByTestId("lead-source").isVisible()).toBe(true);
      expect(await row.getByTestId("lead-tag").allTextContents()).toEqual(edits.tags);
      // In its card at 1280 px and at wider windows: 1440 px (the table across the page), 1920 px (beside the form, Industry too).
      try {
        for (const width of [1280, 1440, 1920]) {
          await page.setViewportSize({ width, height: 800 });
          const after = await layout(page, row);
          expect(after.tableWidth, `${width} px`).toBeLessThanOrEqual(after.boxWidth);
          expect(after.emailWhole, `${width} px`).toBe(true);
        }
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // Reopened, the dialog holds what was saved; unassigning sends just that.
      await row.getByRole("button", { name: tr(lng, "leads.actions.edit", { name: lead.businessName }) }).click();
      await dialog.getByText(tr(lng, "leads.edit.title"), { exact: true }).waitFor();
      expect(await text(dialog.getByLabel(tr(lng, "leads.fields.assignee"), { exact: true }))).toBe(MEMBER.name);
      expect(await dialog.getByLabel(tr(lng, "leads.fields.source"), { exact: true }).inputValue()).toBe(edits.source);
      expect(await chips.allTextContents()).toEqual(edits.tags);
      await choose(page, dialog, tr(lng, "leads.fields.assignee"), tr(lng, "leads.fields.unassigned"));
      const unassign = page.waitForRequest(isLeadPut);
      await dialog.getByRole("button", { name: tr(lng, "leads.edit.submit"), exact: true }).click();
      expect((await unassign).postDataJSON()).toEqual({ assigneeId: null });
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => text(row.getByTestId("lead-assignee"))).toBe(tr(lng, "leads.fields.unassigned"));
      puts.length = 0;
    });
  }
});
