import { useEffect, useSyncExternalStore } from "react";

/**
 * The filtered export URL of a screen that keeps its filters in its own state (app/shell/export-routes.ts marks those routes
 * filtersFrom "page"): the page registers the URL for what it shows now, and the Export Data button downloads it.
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

/** The page calls this with the export URL for what it shows now (null registers nothing). */
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

