import { useSyncExternalStore } from "react";
import { DEFAULT_BRAND } from "@contract/brand-colours";

/**
 * The brand this browser works under (spec §2: kept in local storage only, 'default' until someone chooses one). It
 * is chosen from the stored brands on Enterprise → White Label, or typed on Settings → Brand/Project; both write
 * here. Leads created from this browser carry it as a tag, and the shell applies a stored brand's colours and logo.
 */
export const BRAND_STORAGE_KEY = "leadwell.brand";
export { DEFAULT_BRAND };
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

// Screens showing the choice (the shell, the White Label tab, Settings) hear of a change made on another of them, or
// in another tab of this browser (the storage event).
const listeners = new Set<() => void>();
let storedThisVisit: string | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BRAND_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Saves the brand and returns it as saved. */
export function storeBrand(value: string): string {
  const brand = normalizeBrand(value);
  try {
    window.localStorage.setItem(BRAND_STORAGE_KEY, brand);
    storedThisVisit = null;
  } catch {
    // Storage blocked: nothing to keep it in; the screens still show the choice for this visit.
    storedThisVisit = brand;
  }
  for (const listener of listeners) listener();
  return brand;
}

const currentBrand = () => storedThisVisit ?? readBrand();

/** The chosen brand, kept up to date when it changes anywhere in this browser. */
export function useChosenBrand(): string {
  return useSyncExternalStore(subscribe, currentBrand, () => DEFAULT_BRAND);
}

/**
 * The tags a lead created from this browser starts with: the chosen brand, or none while it is still 'default'
 * ('default' means no brand was chosen, so tagging every lead with it would say nothing).
 */
export function brandTags(brand: string = currentBrand()): string[] {
  return brand === DEFAULT_BRAND ? [] : [brand];
}
