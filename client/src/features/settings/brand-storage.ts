/**
 * The Settings screen's Brand/Project (spec §2 Settings): kept in this browser's local storage only, 'default' until
 * someone chooses one. Leads created from this browser carry the chosen brand as a tag.
 */
export const BRAND_STORAGE_KEY = "leadwell.brand";
export const DEFAULT_BRAND = "default";
/** The brand becomes a lead tag, and a tag is at most 50 characters (contract/leads.ts). */
export const BRAND_MAX_LENGTH = 50;

/** Trimmed and cut to a tag's length; blank means the default. */
export function normalizeBrand(value: string): string {
  const brand = value.trim().slice(0, BRAND_MAX_LENGTH).trim();
  return brand || DEFAULT_BRAND;
}

export function readBrand(): string {
  try {
    return normalizeBrand(window.localStorage.getItem(BRAND_STORAGE_KEY) ?? "");
  } catch {
    // Storage blocked: no brand was chosen as far as this visit can tell.
    return DEFAULT_BRAND;
  }
}

/** Saves the brand and returns it as saved. */
export function storeBrand(value: string): string {
  const brand = normalizeBrand(value);
  try {
    window.localStorage.setItem(BRAND_STORAGE_KEY, brand);
  } catch {
    // Storage blocked: nothing to keep it in; the screen still shows the choice for this visit.
  }
  return brand;
}

/**
 * The tags a lead created from this browser starts with: the chosen brand, or none while it is still 'default'
 * ('default' means no brand was chosen, so tagging every lead with it would say nothing).
 */
export function brandTags(brand: string = readBrand()): string[] {
  return brand === DEFAULT_BRAND ? [] : [brand];
}
