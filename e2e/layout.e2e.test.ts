import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { focusRing, focusRingProblem, focusRingProblems } from "./focus-ring";
import { completeSetup, startE2E, type E2EServer } from "./support";

/*
 * Issue 23.8 in the browser, measured as a person sees it: a table inside its card, a board that shows all its
 * columns or says it scrolls, text cut only when its cell has no room, Markdown tables with spaced cells, Feedback as
 * wide as the other pages, a focus ring that can be seen, and flags drawn as pictures rather than emoji.
 */

const ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };
const LEAD = {
  businessOwnerName: "Guadalupe",
  businessOwnerLastName: "Fernández de Córdoba",
  businessName: "Distribuidora Internacional de Alimentos del Pacífico",
  email: "guadalupe.fernandez@distribuidora-pacifico.test",
};
const REVIEW = {
  accountName: "Distribuidora Internacional de Alimentos del Pacífico",
  reviewType: "quarterly",
  reviewDate: "2026-09-30",
  keyMetrics: "Ingresos recurrentes +18 % interanual; tiempo medio de respuesta de soporte 3,2 h; adopción del módulo de inventario 64 %.",
  winsAndChallenges: "Implantación completa en las tres delegaciones; la integración con el ERP sigue pendiente de la actualización del proveedor.",
  actionItems: ["Programar formación avanzada para el equipo de compras", "Revisar los permisos de la delegación de Valparaíso"],
  roadmapUpdates: "Panel de previsiones de demanda en beta a partir de noviembre; exportación a contabilidad prevista para el primer trimestre.",
  attendees: ["Guadalupe Fernández de Córdoba", "Ignacio Villarreal", "Mercedes Villanueva"],
};
const MARKDOWN_TABLE = "# Hand-over\n\n| Role | Primary | Backup |\n| --- | --- | --- |\n| Sales lead | Lena Fischer | Marco Ruiz |\n| Support | Ines Moreau | Olaf Brandt |\n";
const STAGES = [
  { name: "Contacted", position: 1 },
  { name: "Proposal Sent", position: 2 },
  { name: "Won", position: 3, outcome: "won" },
  { name: "Lost", position: 4, outcome: "lost" },
];
const MORE_STAGES = ["Negotiation", "Contract Review", "Onboarding Scheduled"];

type Language = "en" | "es";
const translations = Object.fromEntries(
  (["en", "es"] as const).map((lng) => [lng, JSON.parse(readFileSync(`client/public/locales/${lng}/translation.json`, "utf8")) as unknown]),
) as Record<Language, unknown>;
function tr(lng: Language, key: string): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), translations[lng]);
  if (typeof value !== "string") throw new Error(`No ${lng} translation for ${key}`);
  return value;
}

/** Regional-indicator letters: what a flag emoji is made of (an empty box where no emoji font is installed). */
const FLAG_EMOJI = /[\u{1F1E6}-\u{1F1FF}]/u;

/** Elements whose text is cut (wider than the box that shows it), by the test id or text that names them. */
function truncated(page: Page, selector: string) {
  return page.evaluate(
    (css) =>
      [...document.querySelectorAll<HTMLElement>(css)]
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => `${(element.textContent ?? "").trim()} (${element.scrollWidth}px of text in ${element.clientWidth}px)`),
    selector,
  );
}

describe("layout of issue 23.8 in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  const setLanguage = async (lng: Language) => {
    await page.evaluate((code) => window.localStorage.setItem("i18nextLng", code), lng);
  };

  beforeAll(async () => {
    e2e = await startE2E();
    ({ context, page } = await e2e.newPage());
    await page.setViewportSize({ width: 1280, height: 900 });
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
    const api = context.request;
    expect((await api.post("/api/leads", { data: LEAD })).status()).toBe(201);
    const kpi = { email: LEAD.email, ytdRevenue: "1250000.50", mrr: "104166.71", topProducts: [{ name: "Aceite de oliva", totalSales: 1200, averageRevenue: 41.5, totalRevenue: 49800, profitMargin: 32 }] };
    expect((await api.post("/api/kpi", { data: kpi })).ok()).toBe(true);
    expect((await api.post("/api/business-reviews", { data: REVIEW })).status()).toBe(201);
    const document = { title: "Sales hand-over", owner: "Lena Fischer", body: MARKDOWN_TABLE, reviewDue: "2027-01-15" };
    expect((await api.post("/api/succession/documentation", { data: document })).status()).toBe(201);
    expect((await api.post("/api/knowledge-base", { data: { title: "Who covers whom", body: MARKDOWN_TABLE, tags: ["team"] } })).status()).toBe(201);
    expect((await api.post("/api/feedback", { data: { type: "Feature Request", description: "Please let us export the KPI table." } })).status()).toBe(201);
    for (const stage of STAGES) expect((await api.post("/api/pipeline-stages", { data: stage })).status()).toBe(201);
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  it("fits the Customer Success Reviews table inside its card in Spanish at 1280 px", async () => {
    await setLanguage("es");
    await page.goto("/customer-success?tab=reviews");
    const card = page.getByTestId("record-list-businessReview");
    await card.getByText(REVIEW.attendees[1]!).waitFor();
    const fit = await card.evaluate((element) => {
      const table = element.querySelector("table")!;
      const box = element.getBoundingClientRect();
      const tableBox = table.getBoundingClientRect();
      return { cardLeft: box.left, cardRight: box.right, tableLeft: tableBox.left, tableRight: tableBox.right, scroll: table.parentElement!.scrollWidth - table.parentElement!.clientWidth };
    });
    expect(fit.tableLeft).toBeGreaterThanOrEqual(fit.cardLeft);
    expect(fit.tableRight, `the table ends at ${fit.tableRight}px, its card at ${fit.cardRight}px`).toBeLessThanOrEqual(fit.cardRight);
    expect(fit.scroll).toBe(0);
    // Every column, the row's Edit and Delete buttons too, is on screen inside the card.
    for (const name of [`Editar ${REVIEW.accountName}`, `Eliminar ${REVIEW.accountName}`]) {
      const button = await card.getByRole("button", { name }).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(fit.cardRight);
    }
  });

  it("shows all five pipeline columns at 1440 and 1280 px, and says so plainly when more stages do not fit", async () => {
    await setLanguage("en");
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/productivity");
      const board = page.getByRole("region", { name: "Pipeline Board" });
      await expect.poll(() => page.getByTestId("board-column").count()).toBe(5);
      const widths = await board.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(widths.scroll, `at ${width}px`).toBeLessThanOrEqual(widths.client);
      const boardBox = (await board.boundingBox())!;
      for (const column of await page.getByTestId("board-column").all()) {
        const box = (await column.boundingBox())!;
        expect(box.x + box.width, `a column past the board's edge at ${width}px`).toBeLessThanOrEqual(boardBox.x + boardBox.width + 0.5);
      }
      expect(await page.getByTestId("board-scroll-right").count()).toBe(0);
    }

    // Eight stages cannot fit at 1280 px: the board scrolls, a fade and a Scroll right button at its edge say so.
    for (const name of MORE_STAGES) expect((await context.request.post("/api/pipeline-stages", { data: { name, position: 5 } })).status()).toBe(201);
    await page.goto("/productivity");
    await expect.poll(() => page.getByTestId("board-column").count()).toBe(8);
    const board = page.getByRole("region", { name: "Pipeline Board" });
    expect(await board.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const right = page.getByRole("button", { name: "Scroll the board right" });
    await right.waitFor();
    expect(await page.getByTestId("board-fade-right").isVisible()).toBe(true);
    expect(await page.getByTestId("board-scroll-left").count()).toBe(0);
    await right.click();
    await expect.poll(() => board.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    const left = page.getByRole("button", { name: "Scroll the board left" });
    await left.waitFor();
    expect(await page.getByTestId("board-fade-left").isVisible()).toBe(true);
    // At the far end the right cue goes: nothing more that way.
    await board.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => page.getByTestId("board-scroll-right").count()).toBe(0);
    await left.click();
    await expect.poll(() => board.evaluate((element) => element.scrollWidth - element.clientWidth - element.scrollLeft)).toBeGreaterThan(100);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("does not cut the KPI lead's name, email or update time at 1440 px, in English and Spanish", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const lng of ["en", "es"] as const) {
      await setLanguage(lng);
      await page.goto("/kpi");
      await page.getByTestId("kpi-row").first().waitFor();
      expect(await truncated(page, '[data-testid="kpi-row"] td, [data-testid="kpi-row"] td *')).toEqual([]);
      expect(await page.getByTestId("kpi-row").getByText(LEAD.businessName).isVisible()).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("shows the whole role name in the role selectors, in English and Spanish", async () => {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const lng of ["en", "es"] as const) {
        await setLanguage(lng);
        await page.goto("/enterprise?tab=enterprise");
        const member = page.getByTestId("team-member-row").first();
        await member.getByRole("combobox").waitFor();
        expect(await member.getByRole("combobox").textContent()).toBe(tr(lng, "team.roles.admin.name"));
        // The invite form's selector too, with the longest role chosen.
        await page.getByTestId("invite-form").getByRole("combobox").click();
        await page.getByRole("option", { name: tr(lng, "team.roles.admin.name") }).click();
        expect(await truncated(page, "main button[role=combobox] > span")).toEqual([]);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("spaces the cells of a Markdown table in succession documents and knowledge articles", async () => {
    await setLanguage("en");
    for (const [path, container] of [
      ["/enterprise?tab=succession", "succession-tab"],
      ["/innovation?tab=knowledge", "knowledge-article"],
    ] as const) {
      await page.goto(path);
      const table = page.getByTestId(container).locator("table").first();
      await table.getByText("Marco Ruiz").waitFor();
      const cells = await table.evaluate((element) =>
        [...element.querySelectorAll("th, td")].map((cell) => {
          const style = getComputedStyle(cell);
          return { padding: parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) };
        }),
      );
      expect(cells.length).toBe(9);
      for (const cell of cells) expect(cell.padding, path).toBeGreaterThan(0);
      // The words of neighbouring cells do not run together: a visible gap between "Lena Fischer" and "Marco Ruiz".
      const gap = await table.evaluate((element) => {
        const textBox = (text: string) => {
          const cell = [...element.querySelectorAll("td")].find((td) => td.textContent === text)!;
          const range = document.createRange();
          range.selectNodeContents(cell);
          return range.getBoundingClientRect();
        };
        return textBox("Marco Ruiz").left - textBox("Lena Fischer").right;
      });
      expect(gap, path).toBeGreaterThanOrEqual(16);
    }
  });

  it("lays Feedback out as wide as the other list pages", async () => {
    await setLanguage("en");
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/tasks");
      const tasks = (await page.getByTestId("tasks-card").boundingBox())!;
      await page.goto("/feedback");
      await page.getByTestId("feedback-item").first().waitFor();
      const feedback = (await page.getByTestId("feedback-recent").boundingBox())!;
      expect(Math.abs(feedback.width - tasks.width), `at ${width}px: Feedback ${feedback.width}px, Tasks ${tasks.width}px`).toBeLessThanOrEqual(2);
      expect(Math.abs(feedback.x - tasks.x)).toBeLessThanOrEqual(2);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("draws a focus ring at least 2 px wide with 3:1 contrast on every kind of control", async () => {
    await setLanguage("en");
    // The shell (skip link, sidebar, header) and a screen of inputs, selects, tabs and table buttons.
    await page.goto("/leads");
    await page.getByTestId("page-title").waitFor();
    expect(await focusRingProblems(page, 60)).toEqual([]);
    await page.goto("/customer-success?tab=nps");
    await page.getByRole("tab", { name: "NPS & Feedback" }).focus();
    const tab = await focusRing(page);
    expect(tab && focusRingProblem(tab)).toBeNull();
    expect(await focusRingProblems(page, 12, "main")).toEqual([]);
    // Inside a dialog and a menu.
    await page.goto("/productivity");
    await page.getByRole("button", { name: "New Stage" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await focusRingProblems(page, 6, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByTestId("board-card-move").first().focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("ArrowDown");
    const item = await focusRing(page);
    expect(item?.element).toMatch(/menuitem/);
    expect(item && focusRingProblem(item)).toBeNull();
    await page.keyboard.press("Escape");
  });

  it("draws the language switcher's flags as pictures with a name, not as emoji", async () => {
    for (const lng of ["en", "es"] as const) {
      await setLanguage(lng);
      await page.goto("/");
      const trigger = page.getByTestId("language-menu");
      await trigger.waitFor();
      expect(await trigger.textContent()).not.toMatch(FLAG_EMOJI);
      const flag = trigger.locator(`svg[role="img"][data-flag="${lng}"]`);
      expect(await flag.count()).toBe(1);
      expect(await flag.getAttribute("aria-label")).toBe(tr(lng, `language.${lng}`));
      const box = (await flag.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(14);
      expect(box.height).toBeGreaterThanOrEqual(9);
      // The button says what it does and which language is on.
      expect(await page.getByRole("button", { name: `${tr(lng, "language.switch")} ${tr(lng, `language.${lng}`)}`, exact: true }).count()).toBe(1);

      await trigger.click();
      for (const other of ["en", "es"] as const) {
        const option = page.getByRole("menuitemradio", { name: tr(lng, `language.${other}`), exact: true });
        expect(await option.textContent()).not.toMatch(FLAG_EMOJI);
        const picture = option.locator(`svg[data-flag="${other}"]`);
        expect(await picture.count()).toBe(1);
        expect(((await picture.boundingBox()) ?? { width: 0 }).width).toBeGreaterThanOrEqual(14);
      }
      await page.keyboard.press("Escape");
    }
    await setLanguage("en");
  });
});
