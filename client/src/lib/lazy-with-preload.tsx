import { lazy, type ComponentType } from "react";

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * React.lazy plus a preload(). React.lazy suspends on its first render even when the chunk is
 * already downloaded, and revealing after a fallback is throttled by ~300 ms; once preloaded,
 * the component renders straight away with no fallback.
 */
export function lazyWithPreload(load: Loader) {
  let Loaded: ComponentType | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // let a later attempt retry the download
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(load);

  function LazyComponent() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component: LazyComponent, preload };
}
