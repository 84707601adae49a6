import type { QueryClient } from "@tanstack/react-query";
import { lazyWithPreload } from "@/lib/lazy-with-preload";
import { setupStatusQuery } from "./auth-queries";
import { currentUserQuery } from "@/lib/session";

// Signed-in visitors never need the form code, so it loads only when one of these screens is due.
const setupScreen = lazyWithPreload(() => import("./setup-page").then((m) => ({ default: m.SetupPage })));
const signInScreen = lazyWithPreload(() => import("./sign-in-page").then((m) => ({ default: m.SignInPage })));

export const SetupPage = setupScreen.Component;
export const SignInPage = signInScreen.Component;

export async function preloadAuthScreen(screen: "setup" | "sign-in") {
  await (screen === "setup" ? setupScreen : signInScreen).preload();
}

/**
 * Starts the session checks before the first render, instead of after the translations arrive,
 * and fetches the code of the setup or sign-in screen as soon as it is clear one will show.
 */
export async function prefetchSession(queryClient: QueryClient) {
  await queryClient.prefetchQuery(setupStatusQuery);
  const setup = queryClient.getQueryData(setupStatusQuery.queryKey);
  if (!setup) return; // the gate shows the error and offers a retry
  if (setup.needsSetup) return preloadAuthScreen("setup");
  await queryClient.prefetchQuery(currentUserQuery);
  if (queryClient.getQueryData(currentUserQuery.queryKey) === null) await preloadAuthScreen("sign-in");
}
