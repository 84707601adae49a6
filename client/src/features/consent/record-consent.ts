import { ANONYMOUS_CONSENT_EMAIL } from "@contract/consent-constants";
import type { ConsentUpdateBody, consentEndpoints } from "@contract/consent";
import type { CurrentUser } from "@contract/auth";
import type { QueryClient } from "@tanstack/react-query";
import { CURRENT_USER_KEY } from "@/lib/session-keys";
import { callApi, type DeclaredRoute } from "@/lib/api-client";
import type { ConsentChoice } from "./consent-storage";

// The cookie panel is on the first page: the route is checked against consentEndpoints by type, so zod stays out of it.
const consentUpdateRoute: DeclaredRoute<typeof consentEndpoints.update> = { method: "POST", path: "/consent/update" };

/** Tells the server what was chosen (spec §7); the answer is not read and failures are ignored. */
export function recordConsent(queryClient: QueryClient, choice: ConsentChoice, granted: boolean) {
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  const body: ConsentUpdateBody = {
    email: user?.email ?? ANONYMOUS_CONSENT_EMAIL,
    consentType: "cookies",
    granted,
    preferences: { necessary: true, ...choice },
  };
  callApi(consentUpdateRoute, { body }).catch(() => undefined);
}
