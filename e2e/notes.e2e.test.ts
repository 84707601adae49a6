import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../server/src/lib/password";
import { insertUser } from "../server/src/modules/auth/users.data";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const GRACE = { name: "Grace Hopper", email: "grace@leadwell.test", password: "another long password" };
const LEAD = { businessOwnerName: "Marta", businessOwnerLastName: "Quintero", businessName: "Quintero Ceramics", email: "marta@quintero.test" };

describe("notes on a lead's page", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let leadId: number;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    await insertUser(e2e.runtime.ctx.db, { name: GRACE.name, email: GRACE.email, passwordHash: await hashPassword(GRACE.password), role: "agent" });
    const created = await context.request.post("/api/leads", { data: LEAD });
    expect(created.status()).toBe(201);
    leadId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("adds a note with a mention, shows it rendered, pins, edits and deletes it", async () => {
    await page.goto(`/leads/${leadId}`);
    const card = page.getByTestId("lead-notes");
    await card.getByTestId("notes-empty").waitFor();

    // A blank note is refused beside the field.
    await card.getByRole("button", { name: "Add note" }).click();
    await card.getByText("This field is required").waitFor();
    expect(await card.getByLabel("New note").getAttribute("aria-invalid")).toBe("true");

    await card.getByLabel("New note").fill("Call **@[Grace Hopper]** about the kiln. See [the quote](https://example.com/quote).\n\n<script>alert(1)</script>");
    await card.getByRole("button", { name: "Add note" }).click();
    const item = card.getByTestId("note-item");
    await expect.poll(() => item.count()).toBe(1);
    // The composer empties once the note is saved (the live stream may show the note a moment before that).
    await expect.poll(() => card.getByLabel("New note").inputValue()).toBe("");
    // Rendered Markdown: bold, a link that cannot reach back, and no raw HTML.
    expect(await item.locator("strong").textContent()).toBe("@[Grace Hopper]");
    const link = item.getByRole("link", { name: "the quote" });
    expect(await link.getAttribute("href")).toBe("https://example.com/quote");
    expect(await link.getAttribute("rel")).toContain("noopener");
    expect(await item.locator("script").count()).toBe(0);
    expect(await item.getByTestId("note-author").textContent()).toBe(ADMIN.name);
    expect(await item.locator("time").textContent()).toMatch(/now|second|minute/);
    // The timeline beside it shows the new note without a reload.
    const noteEntries = page.getByTestId("lead-timeline").locator('[data-testid="timeline-entry"][data-kind="note"]');
    await expect.poll(() => noteEntries.count()).toBe(1);

    // Grace was told, with a link to the lead.
    const grace = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    const signIn = await grace.request.post("/api/auth/login", { data: { email: GRACE.email, password: GRACE.password } });
    expect(signIn.status()).toBe(200);
    const notifications = (await (await grace.request.get("/api/notifications")).json()) as { code: string; link: string; message: string }[];
    expect(notifications.filter((n) => n.code === "note.mentioned")).toEqual([
      expect.objectContaining({ link: `/leads/${leadId}`, message: `${ADMIN.name} mentioned you in a note on ${LEAD.businessName}` }),
    ]);
    await grace.close();

    // A second note, pinned from the composer, comes first; pinning the first moves the mark to it.
    await card.getByLabel("New note").fill("Second note");
    await card.getByLabel("Pin to the top").check();
    await card.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => item.count()).toBe(2);
    await expect.poll(() => item.first().getAttribute("data-pinned")).toBe("true");
    expect(await item.first().textContent()).toContain("Second note");
    const firstId = await item.filter({ hasText: "about the kiln" }).getAttribute("data-note-id");
    const first = card.locator(`[data-note-id="${firstId}"]`);
    await first.getByRole("button", { name: "Pin", exact: true }).click();
    await expect.poll(() => first.getAttribute("data-pinned")).toBe("true");
    await expect.poll(() => item.first().textContent()).toContain("about the kiln");
    expect(await first.getByTestId("note-pinned-badge").textContent()).toBe("Pinned");
    expect(await card.locator('[data-pinned="true"]').count()).toBe(1);

    // Edit in place.
    await first.getByRole("button", { name: "Edit" }).click();
    await first.getByLabel("Edit note").fill("Kiln quote sent; waiting for *Marta*.");
    await first.getByRole("button", { name: "Save" }).click();
    await first.locator("em").getByText("Marta").waitFor();
    const kiln = first;
    expect(await kiln.textContent()).toContain("(edited)");

    // Delete, after a confirmation.
    await kiln.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByTestId("note-delete-dialog");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.first().textContent()).toContain("Second note");

    // Every write is on the timeline, refreshed in place: two added, one unpinned and one pinned, edited, deleted.
    await expect.poll(() => noteEntries.count()).toBe(6);
  });

  it("shows another agent's note with its actions disabled and the reason", async () => {
    const grace = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    await grace.request.post("/api/auth/login", { data: { email: GRACE.email, password: GRACE.password } });
    const page2 = await grace.newPage();
    await page2.goto(`/leads/${leadId}`);
    const item = page2.getByTestId("lead-notes").getByTestId("note-item");
    await item.first().waitFor();
    const edit = item.first().getByRole("button", { name: "Edit" });
    expect(await edit.isDisabled()).toBe(true);
    expect(await edit.getAttribute("title")).toBe("Only the note's author or a manager can change or delete it");
    await grace.close();
  });
});
