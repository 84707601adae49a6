import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST, type BrandColours } from "@contract/brand-colours";

/**
 * The darkest light surface the app puts primary-coloured text on (links and highlights over cards, the page, muted
 * and hovered rows): a primary colour readable here is readable on every one of them.
 */
export const DARKEST_LIGHT_SURFACE = "#e2e6ec";

export type BrandTheme =
  | { applied: true; variables: Record<string, string> }
  | { applied: false; reason: "text_on_primary" | "primary_on_page"; ratio: string };

/**
 * The CSS variables that give the app a brand's colours, only when both ways the primary colour is used stay
 * readable (WCAG AA 4.5:1): text on it (buttons), and it as text on the page. The server already refuses a scheme
 * failing the first; a light primary fails the second, and the app then keeps its own colours.
 */
export function brandTheme(colours: BrandColours): BrandTheme {
  const onPrimary = contrastRatio(colours.primary, colours.primaryText);
  if (onPrimary < MIN_TEXT_CONTRAST) return { applied: false, reason: "text_on_primary", ratio: formatRatio(onPrimary) };
  const onPage = contrastRatio(colours.primary, DARKEST_LIGHT_SURFACE);
  if (onPage < MIN_TEXT_CONTRAST) return { applied: false, reason: "primary_on_page", ratio: formatRatio(onPage) };
  return { applied: true, variables: { "--primary": colours.primary, "--primary-foreground": colours.primaryText, "--brand-accent": colours.accent } };
}
