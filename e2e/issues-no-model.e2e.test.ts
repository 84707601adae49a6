import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Issue } from "@contract/issues";
import { completeSetup, startE2E, type E2EServer } from "./support";

const ADMIN = { name: "Grace Hopper", email: "grace@leadwell.test", password: "a long enough password" };
const REPORTER = "ana@nunezbakery.test";
const DESCRIPTION = "The quarterly export stops at the first row with an accent in the business name.";
const DESCRIPTION_ES = "La exportación trimestral se detiene en la primera fila con una tilde en el nombre.";
const NOTES = "Fixed by hand in the export; the related fixes did not apply.";
const NOTES_ES = "Corregido a mano en la exportación.";

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

/** Waits for a toast showing this text (Radix also copies it into a live region, hence first()). */
async function toastSays(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

/** What a server without a model says it will do, in each language (the locale files' words). */
const SAYS = {
  en: {
    promise:
      "Describe what went wrong. No AI model is configured, so no fix is proposed: staff get the related earlier fixes and articles, and fix it by hand.",
    steps: [
      "The issue is saved and appears under Manage Issues straight away.",
      "No AI model is configured (AI_BASE_URL and AI_MODEL), so no fix is proposed: within a few seconds the issue lists the earlier approved fixes and knowledge-base articles that look related.",
      "A staff member reads them in Review & Approve and fixes the issue by hand. There is no AI fix to approve: they can reject the list with a note, or ask for it again.",
    ],
    promisesCode: [/code change/i, /AI proposal for a fix/i, /approves it/i],
    submitTab: "Submit Issue",
    email: "Email",
    description: "Description",
    submit: "Submit Issue",
    submitted: "Technical issue submitted successfully!",
    follow: "Follow",
    approve: "Approve AI Fix",
    reject: "Reject",
    notes: "Manual Review Notes (Optional)",
    noFix:
      "No fix was proposed: no AI model is configured, so this lists related earlier fixes only and there is nothing to approve. Fix the issue by hand; Reject closes the list with your notes.",
    source: "Retrieval only — no AI model configured",
    summaryStart: "No AI model is configured (set AI_BASE_URL and AI_MODEL), so no change is proposed for this issue.",
    rejected: "Proposal rejected.",
    rejectedBy: "Rejected by",
    title: (id: number) => `Technical Issue #${id}`,
  },
  es: {
    promise:
      "Describe qué ha fallado. No hay ningún modelo de IA configurado, así que no se propone ninguna solución: el equipo recibe las soluciones anteriores y los artículos relacionados, y la resuelve a mano.",
    steps: [
      "La incidencia se guarda y aparece al momento en Gestionar incidencias.",
      "No hay ningún modelo de IA configurado (AI_BASE_URL y AI_MODEL), así que no se propone ninguna solución: en unos segundos la incidencia muestra las soluciones aprobadas anteriormente y los artículos de la base de conocimiento que parecen relacionados.",
      "Una persona del equipo los consulta en Revisar y aprobar y resuelve la incidencia a mano. No hay ninguna solución de IA que aprobar: puede rechazar la lista con una nota o volver a pedirla.",
    ],
    promisesCode: [/cambios de código/i, /propuesta de solución con IA/i, /la aprueba/i],
    submitTab: "Enviar incidencia",
    email: "Correo electrónico",
    description: "Descripción",
    submit: "Enviar incidencia",
    submitted: "¡Incidencia técnica enviada correctamente!",
    follow: "Seguir",
    approve: "Aprobar la solución de IA",
    reject: "Rechazar",
    notes: "Notas de revisión manual (opcional)",
    noFix:
      "No se propuso ninguna solución: no hay ningún modelo de IA configurado, así que solo se muestran soluciones anteriores relacionadas y no hay nada que aprobar. Resuelve la incidencia a mano; Rechazar cierra la lista con tus notas.",
    source: "Solo recuperación: no hay ningún modelo de IA configurado",
    summaryStart: "No hay ningún modelo de IA configurado (define AI_BASE_URL y AI_MODEL), así que no se propone ningún cambio para esta incidencia.",
    rejected: "Propuesta rechazada.",
    rejectedBy: "Rechazada por",
    title: (id: number) => `Incidencia técnica n.º ${id}`,
  },
} as const;

/*
 * Issue 23.9 on a server with no AI model (AI_BASE_URL and AI_MODEL unset): the submit form and What happens next say
 * that no fix is proposed and what happens instead; the review of the issue offers no Approve AI Fix, says why, and
 * Reject closes it. In English and in Spanish.
 */
describe("technical issues on a server without an AI model, in the browser", () => {
  let e2e: E2EServer;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    expect(e2e.runtime.ctx.config.ai).toBeFalsy();
    ({ context, page } = await e2e.newPage());
    await completeSetup(page, ADMIN);
    await page.getByRole("button", { name: "Necessary Only" }).click();
  });
  afterAll(async () => {
    await e2e?.stop();
  });

  for (const [language, says] of [
    ["en", SAYS.en],
    ["es", SAYS.es],
  ] as const) {
    describe(language === "en" ? "in English" : "in Spanish", () => {
      let issueId = 0;

      it("promises no code change on the submit form and in What happens next, and says what happens instead", async () => {
        if (language === "es") await page.evaluate(() => window.localStorage.setItem("i18nextLng", "es"));
        await page.goto("/issues?tab=submit");
        expect(await page.getByRole("tab", { name: says.submitTab }).getAttribute("aria-selected")).toBe("true");

        const promise = page.getByTestId("issue-report-form").getByTestId("issue-report-promise");
        await expect.poll(() => text(promise)).toBe(says.promise);
        // Each step is its number and its text.
        const steps = page.getByTestId("issue-how-it-works").locator("li > span:last-child");
        await expect.poll(() => steps.allTextContents()).toEqual(says.steps);
        const shown = `${await text(promise)} ${await text(page.getByTestId("issue-how-it-works"))}`;
        for (const pattern of says.promisesCode) expect(shown).not.toMatch(pattern);
      });

      it("submits the issue and its review offers no Approve AI Fix, says why, and keeps Reject", async () => {
        const form = page.getByTestId("issue-report-form");
        await form.getByLabel(says.email).fill(REPORTER);
        await form.getByLabel(says.description).fill(language === "en" ? DESCRIPTION : DESCRIPTION_ES);
        const created = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/issues");
        await form.getByRole("button", { name: says.submit }).click();
        issueId = ((await (await created).json()) as Issue).id;
        await toastSays(page, says.submitted);
        await page.getByRole("button", { name: says.follow, exact: true }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get("id")).toBe(String(issueId));

        const review = page.getByTestId("issue-review");
        await review.getByText(says.title(issueId), { exact: true }).waitFor();
        // The retrieval job stores its list; the review reads the issue again until it is there.
        const badge = review.getByTestId("issue-status").first();
        await expect.poll(() => badge.getAttribute("data-status"), { timeout: 30_000 }).toBe("awaiting_review");
        expect(await text(review.getByTestId("repair-source"))).toBe(says.source);
        expect(await text(review.getByTestId("repair-summary"))).toMatch(new RegExp(`^${says.summaryStart.replace(/[.()]/g, "\\$&")}`));

        const box = review.getByTestId("issue-approve-box");
        await box.waitFor();
        expect(await box.getByRole("button", { name: says.approve }).count()).toBe(0);
        expect(await page.getByRole("button", { name: says.approve }).count()).toBe(0);
        const notes = box.getByLabel(says.notes);
        const hintId = await notes.getAttribute("aria-describedby");
        expect(hintId).toBeTruthy();
        expect(await text(page.locator(`[id="${hintId}"]`))).toBe(says.noFix);
        expect(await box.getByRole("button", { name: says.reject, exact: true }).isEnabled()).toBe(true);

        // The server agrees: there is nothing to approve.
        const approve = await context.request.post(`/api/issues/${issueId}/approve`, { data: { manualNotes: "" } });
        expect(approve.status()).toBe(409);
        expect(((await approve.json()) as { code: string }).code).toBe("issue.no_fix_proposed");
      });

      it("rejects the list with notes: toast, Rejected badge, the notes kept, and still nothing to approve", async () => {
        const review = page.getByTestId("issue-review");
        const box = review.getByTestId("issue-approve-box");
        const notes = language === "en" ? NOTES : NOTES_ES;
        await box.getByLabel(says.notes).fill(notes);
        const sent = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === `/api/issues/${issueId}/reject`);
        await box.getByRole("button", { name: says.reject, exact: true }).click();
        expect((await sent).postDataJSON()).toEqual({ notes });
        await toastSays(page, says.rejected);

        const badge = review.getByTestId("issue-status").first();
        await expect.poll(() => badge.getAttribute("data-status")).toBe("rejected");
        expect(await text(review.getByTestId("issue-decision-by"))).toContain(`${says.rejectedBy} ${ADMIN.email}`);
        expect(await text(review.getByTestId("issue-decision-notes"))).toBe(notes);
        expect(await review.getByTestId("issue-approve-box").count()).toBe(0);
        expect(await page.getByRole("button", { name: says.approve }).count()).toBe(0);
      });
    });
  }
});
