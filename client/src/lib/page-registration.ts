import { useEffect, useSyncExternalStore } from "react";

/**
 * One value the page on screen registers for the shell around it (its title, its export URL). The registration is
 * owned: when a page is left, only its own registration is cleared, so a page that has just been left cannot lend its
 * value to the next one, whichever effect runs first.
 */
export function createPageRegistration<T>() {
  let current: { owner: symbol; value: T } | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  /** The page calls this with its value once it knows it (null registers nothing). */
  function useRegister(value: T | null) {
    useEffect(() => {
      if (value === null) return;
      const owner = Symbol("page-registration");
      current = { owner, value };
      emit();
      return () => {
        if (current?.owner === owner) {
          current = null;
          emit();
        }
      };
    }, [value]);
  }

  /** The value the page on screen registered, or null. */
  function useCurrent(): T | null {
    return useSyncExternalStore(subscribe, () => current?.value ?? null);
  }

  return { useRegister, useCurrent };
}
