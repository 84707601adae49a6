import { useEffect, useSyncExternalStore } from "react";

/**
 * What the header's Export Data button downloads: the URL of a CSV export, registered by the page on screen
 * with its current filters. No page registered (or the page passed null) means the button stays disabled.
 */
type Registration = { owner: symbol; url: string };

let current: Registration | null = null;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page calls this with the export URL for what it shows now, or null when there is nothing to export. */
export function useExportTarget(url: string | null) {
  useEffect(() => {
    if (url === null) return;
    const owner = Symbol("export-target");
    current = { owner, url };
    emit();
    return () => {
      // Only the registration that is still current is cleared: another page may have taken over already.
      if (current?.owner === owner) {
        current = null;
        emit();
      }
    };
  }, [url]);
}

/** The URL the Export Data button downloads now, or null. */
export function useCurrentExportUrl(): string | null {
  return useSyncExternalStore(subscribe, () => current?.url ?? null);
}

