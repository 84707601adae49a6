import { useSyncExternalStore } from "react";
import type { AffiliateLoginResult } from "@contract/affiliates";

/** The partner portal's sign-in, kept in this browser's local storage (the staff session is a cookie and separate). */
export const PARTNER_SESSION_KEY = "leadwell.partnerSession";

export type PartnerSession = AffiliateLoginResult;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: PartnerSession | null = null;
/** Used instead when local storage is blocked: the session then lasts as long as this page. */
let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(PARTNER_SESSION_KEY) ?? memoryRaw;
  } catch {
    return memoryRaw;
  }
}

function parse(raw: string | null): PartnerSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PartnerSession> | null;
    if (!value || typeof value.token !== "string" || typeof value.affiliate?.id !== "number") return null;
    if (typeof value.expiresAt === "string" && Date.parse(value.expiresAt) <= Date.now()) return null;
    return value as PartnerSession;
  } catch {
    return null;
  }
}

/** The stored session, unless missing, unreadable or past its expiry. */
export function readPartnerSession(): PartnerSession | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function emit() {
  listeners.forEach((listener) => listener());
}

export function storePartnerSession(session: PartnerSession) {
  const raw = JSON.stringify(session);
  try {
    window.localStorage.setItem(PARTNER_SESSION_KEY, raw);
    memoryRaw = null;
  } catch {
    memoryRaw = raw;
  }
  emit();
}

export function clearPartnerSession() {
  try {
    window.localStorage.removeItem(PARTNER_SESSION_KEY);
  } catch {
    // nothing stored there
  }
  memoryRaw = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Signing in or out in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PARTNER_SESSION_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function usePartnerSession(): PartnerSession | null {
  return useSyncExternalStore(subscribe, readPartnerSession, () => null);
}
