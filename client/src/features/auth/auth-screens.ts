import { lazyWithPreload } from "@/lib/lazy-with-preload";

// Signed-in visitors never need the form code, so it loads only when one of these screens is due.
const setupScreen = lazyWithPreload(() => import("./setup-page").then((m) => ({ default: m.SetupPage })));
const signInScreen = lazyWithPreload(() => import("./sign-in-page").then((m) => ({ default: m.SignInPage })));

export const SetupPage = setupScreen.Component;
export const SignInPage = signInScreen.Component;

export async function preloadAuthScreen(screen: "setup" | "sign-in") {
  await (screen === "setup" ? setupScreen : signInScreen).preload();
}
