import { readFile } from "node:fs/promises";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const LEAD = { businessOwnerName: "Fern", businessOwnerLastName: "Files", businessName: "Fernleaf Studio", email: "fern@fernleaf.test", industry: "technology" };
/** A small limit, so a file over it is quick to make. */
const MAX_BYTES = 1024 * 1024;

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();

describe("attachments on a lead's page", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;
  let leadId: number;

  beforeAll(async () => {
    e2e = await startE2E({ attachments: { maxBytes: MAX_BYTES } });
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    const created = await context.request.post("/api/leads", { data: LEAD });
    expect(created.status()).toBe(201);
    leadId = ((await created.json()) as { id: number }).id;
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  const card = () => page.getByTestId("lead-attachments");
  const rows = () => card().getByTestId("attachment-row");
  const timelineFiles = () => page.getByTestId("lead-timeline").locator('[data-testid="timeline-entry"][data-kind="attachment"]');

  it("uploads two files at once with the button, shows each upload's progress finish, then lists them", async () => {
    await page.goto(`/leads/${leadId}`);
    await expect.poll(() => text(page.getByTestId("page-title"))).toBe(LEAD.businessName);
    await expect.poll(() => card().getByTestId("attachments-empty").isVisible()).toBe(true);
    expect(await text(card())).toContain("Up to 1 MB each");

    const proposal = Buffer.alloc(600 * 1024, "proposal ");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), card().getByRole("button", { name: "Choose files" }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([
      { name: "Propuesta año 1.pdf", mimeType: "application/pdf", buffer: proposal },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("call back on Monday") },
    ]);
    // Each file has its own bar, which reaches 100% and then gives way to the list.
    await expect.poll(() => card().getByTestId("attachment-upload").count()).toBe(2);
    await expect.poll(async () => (await card().getByRole("progressbar").evaluateAll((bars) => bars.map((bar) => bar.getAttribute("aria-valuenow")))).every((v) => v === "100")).toBe(true);
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().getByTestId("attachment-download").allTextContents()).toEqual(expect.arrayContaining(["Propuesta año 1.pdf", "notes.txt"]));
    expect(await text(rows().filter({ hasText: "notes.txt" }))).toContain(ADMIN.name);
    await expect.poll(() => card().getByTestId("attachment-upload").count(), { timeout: 10_000 }).toBe(0);
    // The timeline is read again after each upload, without a reload.
    await expect.poll(() => timelineFiles().allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("attached “notes.txt”"), expect.stringContaining("attached “Propuesta año 1.pdf”")]),
    );
  });

  it("refuses a file over the limit in the browser, saying the limit, and sends nothing", async () => {
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/leads/${leadId}/attachments`)) posted++;
    });
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), card().getByRole("button", { name: "Choose files" }).click()]);
    await chooser.setFiles([{ name: "huge.zip", mimeType: "application/zip", buffer: Buffer.alloc(MAX_BYTES + 1) }]);
    const refused = card().getByTestId("attachment-upload").filter({ hasText: "huge.zip" });
    await expect.poll(() => text(refused)).toContain("larger than the 1 MB a file may be");
    expect(posted).toBe(0);
    await refused.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => refused.count()).toBe(0);
    expect(await rows().count()).toBe(2);
  });

  it("downloads a file under its own name, byte for byte", async () => {
    const row = rows().filter({ hasText: "Propuesta año 1.pdf" });
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("attachment-download").click()]);
    expect(download.suggestedFilename()).toBe("Propuesta año 1.pdf");
    const saved = await readFile((await download.path())!);
    expect(saved.equals(Buffer.alloc(600 * 1024, "proposal "))).toBe(true);
  });

  it("deletes a file after confirming, and the timeline says so without a reload", async () => {
    const row = rows().filter({ hasText: "notes.txt" });
    await row.getByRole("button", { name: "Delete notes.txt" }).click();
    const dialog = page.getByTestId("attachment-delete-dialog");
    await expect.poll(() => text(dialog)).toContain("notes.txt will be removed from this lead");
    await dialog.getByRole("button", { name: "Delete file" }).click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().getByTestId("attachment-download").allTextContents()).toEqual(["Propuesta año 1.pdf"]);
    await expect.poll(() => timelineFiles().first().textContent()).toContain("deleted the file “notes.txt”");
    const list = await context.request.get(`/api/leads/${leadId}/attachments`);
    expect(((await list.json()) as { attachments: unknown[] }).attachments).toHaveLength(1);
  });

  it("shows an image as a thumbnail named after its file, keeps a .png holding HTML an icon, and offers a PDF's preview in a new tab", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    const pdf = Buffer.from("%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), card().getByRole("button", { name: "Choose files" }).click()]);
    await chooser.setFiles([
      { name: "storefront.png", mimeType: "image/png", buffer: png },
      { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") },
      { name: "brochure.pdf", mimeType: "application/pdf", buffer: pdf },
    ]);
    await expect.poll(() => rows().count()).toBe(4);

    const thumbnail = rows().filter({ hasText: "storefront.png" }).getByRole("img", { name: "Preview of storefront.png" });
    // Loaded and decoded under the app's Content-Security-Policy: a broken image has no natural width.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await thumbnail.getAttribute("src")).toMatch(/^\/api\/attachments\/\d+\/preview$/);

    // The server refuses to preview HTML bytes under a .png name: the row falls back to the file icon.
    const fake = rows().filter({ hasText: "fake.png" });
    await expect.poll(() => fake.getByTestId("attachment-thumbnail").count()).toBe(0);

    const preview = rows().filter({ hasText: "brochure.pdf" }).getByRole("link", { name: "Preview brochure.pdf (opens in a new tab)" });
    expect(await preview.getAttribute("target")).toBe("_blank");
    expect(await preview.getAttribute("rel")).toContain("noopener");
    const served = await context.request.get((await preview.getAttribute("href"))!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("application/pdf");
    expect(served.headers()["content-disposition"]).toMatch(/^inline;/);
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(await rows().filter({ hasText: "storefront.png" }).getByTestId("attachment-preview").count()).toBe(0);
  });
});
