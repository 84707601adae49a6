import { Suspense } from "react";
import { Loader2 } from "lucide-react";
import { useLocation } from "wouter";
import { CookiePanel } from "@/features/consent/cookie-panel";
import { AuthGate } from "./auth-gate";
import { FullScreenLoading } from "./full-screen-status";
import { Providers } from "./providers";
import { findPublicPage } from "./public-routes";
import { RouteErrorBoundary } from "./route-error-boundary";

/** Shown only while the first translations download, so it carries no text of its own. */
function BootFallback() {
  return (
    <div className="flex h-full items-center justify-center" aria-busy="true">
      <Loader2 aria-hidden="true" className="size-5 animate-spin text-muted-foreground" />
    </div>
  );
}

/** The partner portal and the public lead form render on their own; everything else goes through the staff gate. */
function Root() {
  const [location] = useLocation();
  const page = findPublicPage(location);
  if (!page) return <AuthGate />;
  return (
    <RouteErrorBoundary key={location}>
      <Suspense fallback={<FullScreenLoading />}>
        <page.Component />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <Suspense fallback={<BootFallback />}>
      <Providers>
        <Root />
        <CookiePanel />
      </Providers>
    </Suspense>
  );
}
