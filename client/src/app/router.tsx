import { Suspense } from "react";
import { Route, Switch, useLocation } from "wouter";
import { lazyWithPreload } from "@/lib/lazy-with-preload";
import { NotFoundPage } from "./not-found-page";
import { PageFallback } from "./page-fallback";
import { RouteErrorBoundary } from "./route-error-boundary";
import { appRoutes, type AppRoute } from "./routes";

type RoutePage = ReturnType<typeof lazyWithPreload>;

/** Each area's page is downloaded when first needed. */
function routePage(route: AppRoute): RoutePage {
  return lazyWithPreload(route.load);
}

// Created once at module load: creating lazy components during render would remount the page every time.
const pages = new Map(appRoutes.map((route) => [route.path, routePage(route)]));

/** Starts downloading a route's chunk (e.g. on hover of its link) so opening it shows no fallback. */
export function preloadRoute(path: string) {
  pages.get(path)?.preload().catch(() => undefined);
}

export function AppRouter() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary key={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {[...pages].map(([path, page]) => (
            <Route key={path} path={path} component={page.Component} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
