import { CONSENT_STORAGE_KEY } from "@contract/consent-constants";
import type { StoredConsent } from "@contract/consent";

function isStoredConsent(value: unknown): value is StoredConsent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.necessary === true && typeof v.analytics === "boolean" && typeof v.marketing === "boolean" && typeof v.timestamp === "string";
}

export type ConsentChoice = { analytics: boolean; marketing: boolean };

export function readStoredConsent(): StoredConsent | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredConsent(parsed) ? parsed : null;
  } catch {
    // Storage blocked or the record is corrupt: treat as "no choice made yet".
    return null;
  }
}

export function storeConsent(choice: ConsentChoice): StoredConsent {
  const record: StoredConsent = { necessary: true, ...choice, timestamp: new Date().toISOString() };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the choice still holds for this visit.
  }
  return record;
}
