import axe from "axe-core";
import type { Page } from "playwright-core";

/** One serious or critical axe-core finding, with the elements it concerns. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe-core's serious and critical violations on the page as it is now (`within`: a CSS selector to check only part of
 * it). The library is put into the page once per document, which a route change in the app keeps, and the check runs
 * in the page. @axe-core/playwright put the 500 KB library in again and opened a scratch page for every check: a check
 * cost 1.8 s instead of 0.3 on the two-core CI machine, and the walk over every screen makes about a hundred.
 * The app has no frames, so none are waited for.
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => typeof window.axe?.run === "function"))) await page.evaluate(axe.source);
  // A dialog still fading in has its text at part of its opacity, which axe measures as too little contrast: wait for
  // the finite animations running now (an opening, a closing), never for a spinner's endless one.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async (selector) => {
    const results = await window.axe!.run(selector ? { include: [[selector]] } : document, { resultTypes: ["violations"], iframes: false });
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
  }, within);
}
