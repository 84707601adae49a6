import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./app/i18n";
import "./index.css";
import { App } from "./app/app";
import { findPublicPage } from "./app/public-routes";
import { queryClient } from "./lib/query-client";
import { prefetchSession } from "./features/auth/auth-screens";

/** A slow or hanging API must not leave the page blank: the app then shows its own loading state. */
const BOOT_WAIT_LIMIT_MS = 3000;

// Rendering once translations, session and first screen are at hand avoids a fallback flash
// and React's 300 ms reveal throttle on boot. Failures still render: the app shows its own error states.
// The partner portal and the public lead form need no staff session, only their own page's code.
const publicPage = findPublicPage(window.location.pathname);
const sessionReady = Promise.race([
  publicPage ? publicPage.preload() : prefetchSession(queryClient),
  new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_LIMIT_MS)),
]);
void Promise.all([i18nReady, sessionReady.catch(() => undefined)])
  .catch(() => undefined)
  .then(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
