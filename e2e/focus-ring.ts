import type { Page } from "playwright-core";

/** WCAG 2.2 (2.4.11/2.4.13, 1.4.11): a focus indicator at least 2 CSS px thick, 3:1 against what surrounds it. */
export const MIN_FOCUS_WIDTH = 2;
export const MIN_FOCUS_CONTRAST = 3;

/** What the focused element's ring looks like: its outline, and the colour behind the outline. */
export interface FocusRing {
  /** The element, as a person would name it (role, label or text, test id). */
  element: string;
  width: number;
  contrast: number;
  colour: string;
  backdrop: string;
}

/**
 * The ring of the element that has the focus now, measured as drawn: the computed outline (style, width, colour) and
 * its contrast with the colour behind it (the element's own box for an inset outline, its surroundings for an outline
 * outside it; translucent layers composed over what is below them, up to an opaque one or the white of the page).
 * Null when nothing but the page itself is focused.
 */
export function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement || element instanceof SVGElement) || element === document.body) return null;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    /** Any CSS colour (oklch, color-mix results, rgb) as sRGB 0-255 and alpha 0-1, as the browser paints it. */
    const rgba = (colour: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: [number, number, number, number], below: [number, number, number]): [number, number, number] =>
      [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])) as [number, number, number];
    const luminance = ([r, g, b]: [number, number, number]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const style = getComputedStyle(element);
    const width = style.outlineStyle === "none" || style.outlineStyle === "hidden" ? 0 : parseFloat(style.outlineWidth) || 0;
    // An outline drawn inside the box (negative offset) lies on the element's own background; otherwise on its parent's.
    const inset = parseFloat(style.outlineOffset) < 0 && -parseFloat(style.outlineOffset) >= width;
    const layers: [number, number, number, number][] = [];
    for (let node: Element | null = inset ? element : element.parentElement; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer[3] === 0) continue;
      layers.push(layer);
      if (layer[3] === 1) break;
    }
    let backdrop: [number, number, number] = [255, 255, 255];
    for (const layer of layers.reverse()) backdrop = over(layer, backdrop);
    const ring = over(rgba(style.outlineColor), backdrop);
    const [light, dark] = [luminance(ring), luminance(backdrop)].sort((a, b) => b - a) as [number, number];
    const contrast = width === 0 ? 0 : (light + 0.05) / (dark + 0.05);
    const name =
      element.getAttribute("aria-label") ?? element.getAttribute("data-testid") ?? (element.textContent ?? "").trim().slice(0, 40) ?? "";
    return {
      element: `${element.tagName.toLowerCase()}${element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : ""} "${name}"`,
      width,
      contrast: Math.round(contrast * 100) / 100,
      colour: `rgb(${ring.map(Math.round).join(",")})`,
      backdrop: `rgb(${backdrop.map(Math.round).join(",")})`,
    };
  });
}

/** What is wrong with a ring: too thin, or too faint against what surrounds it (none when it is right). */
export function focusRingProblem(ring: FocusRing): string | null {
  // A box-shadow ring (Tailwind's `ring-*`) does not count: forced-colours (high contrast) mode removes it.
  if (ring.width === 0) return `${ring.element}: no focus outline (a box-shadow ring, if any, is gone in forced-colours mode)`;
  if (ring.width < MIN_FOCUS_WIDTH) return `${ring.element}: focus outline ${ring.width}px wide (at least ${MIN_FOCUS_WIDTH})`;
  if (ring.contrast < MIN_FOCUS_CONTRAST) return `${ring.element}: focus outline ${ring.colour} on ${ring.backdrop} is ${ring.contrast}:1 (at least ${MIN_FOCUS_CONTRAST}:1)`;
  return null;
}

/**
 * Presses Tab up to `stops` times and checks the ring of each element the focus lands on (each kind of element
 * once: its tag, role and class list), returning what fails. `within`: only elements inside this CSS selector count.
 */
export async function focusRingProblems(page: Page, stops: number, within?: string): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press("Tab");
    const kind = await page.evaluate((selector) => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      if (selector && !element.closest(selector)) return "";
      return `${element.tagName}|${element.getAttribute("role") ?? ""}|${element.getAttribute("class") ?? ""}`;
    }, within ?? null);
    if (kind === null) break;
    if (kind === "" || seen.has(kind)) continue;
    seen.add(kind);
    const ring = await focusRing(page);
    const problem = ring && focusRingProblem(ring);
    if (problem) problems.push(problem);
  }
  return problems;
}
