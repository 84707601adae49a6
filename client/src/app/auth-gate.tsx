import { Suspense } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { useSetupStatus } from "@/features/auth/auth-queries";
import { SetupPage, SignInPage } from "@/features/auth/auth-screens";
import { safeNextPath, SIGN_IN_PATH, signInPathFor } from "@/features/auth/next-path";
import { FullScreenError, FullScreenLoading } from "./full-screen-status";
import { AppShell } from "./shell/app-shell";
import { useCurrentUser } from "@/lib/session";

/** Setup first (while no user exists), then sign-in, then the app. */
export function AuthGate() {
  const [location] = useLocation();
  const search = useSearch();
  const setup = useSetupStatus();
  const me = useCurrentUser({ enabled: setup.data?.needsSetup === false });

  if (setup.isPending) return <FullScreenLoading />;
  if (setup.isError) return <FullScreenError error={setup.error} onRetry={() => void setup.refetch()} />;
  if (setup.data.needsSetup) {
    return (
      <Suspense fallback={<FullScreenLoading />}>
        <SetupPage />
      </Suspense>
    );
  }

  if (me.isPending) return <FullScreenLoading />;
  if (me.isError) return <FullScreenError error={me.error} onRetry={() => void me.refetch()} />;

  const user = me.data;
  if (location === SIGN_IN_PATH) {
    if (user) return <Redirect to={safeNextPath(new URLSearchParams(search).get("next"))} replace />;
    return (
      <Suspense fallback={<FullScreenLoading />}>
        <SignInPage />
      </Suspense>
    );
  }
  if (!user) return <Redirect to={signInPathFor(search ? `${location}?${search}` : location)} replace />;
  return <AppShell user={user} />;
}
