import { useEffect, useSyncExternalStore } from "react";

/**
 * The title a page gives itself (a record's page names the record: the lead's business name), which the header and
 * the window's title show instead of the route's fixed title. The same registration as lib/export-target.ts: a page
 * that has just been left must not lend its title to the next one.
 */
type Registration = { owner: symbol; title: string };

let current: Registration | null = null;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page calls this with its title once it knows it (null registers nothing: the route's title shows). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const owner = Symbol("page-title");
    current = { owner, title };
    emit();
    return () => {
      if (current?.owner === owner) {
        current = null;
        emit();
      }
    };
  }, [title]);
}

/** The title the page on screen registered, or null. */
export function useRegisteredPageTitle(): string | null {
  return useSyncExternalStore(subscribe, () => current?.title ?? null);
}
