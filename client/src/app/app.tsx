import { Suspense } from "react";
import { Loader2 } from "lucide-react";
import { CookiePanel } from "@/features/consent/cookie-panel";
import { AuthGate } from "./auth-gate";
import { Providers } from "./providers";

/** Shown only while the first translations download, so it carries no text of its own. */
function BootFallback() {
  return (
    <div className="flex h-full items-center justify-center" aria-busy="true">
      <Loader2 aria-hidden="true" className="size-5 animate-spin text-muted-foreground" />
    </div>
  );
}

export function App() {
  return (
    <Suspense fallback={<BootFallback />}>
      <Providers>
        <AuthGate />
        <CookiePanel />
      </Providers>
    </Suspense>
  );
}
