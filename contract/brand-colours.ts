// Kept free of zod: the app shell (the client's first chunk) applies a brand's colours with these.

/** The value meaning "no brand chosen" (spec: default brand value 'default'). */
export const DEFAULT_BRAND = "default";
/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** A brand's colours, each #rrggbb. */
export interface BrandColours {
  primary: string;
  /** Text on the primary colour. */
  primaryText: string;
  /** Decoration only (the sidebar's stripe), never behind text. */
  accent: string;
}

function channelLuminance(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channelLuminance((value >> 16) & 0xff) + 0.7152 * channelLuminance((value >> 8) & 0xff) + 0.0722 * channelLuminance(value & 0xff);
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** Rounded down to 2 decimals, so a reported 4.49 never reads as 4.5. */
export const formatRatio = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);
