import { ANONYMOUS_CONSENT_EMAIL } from "@contract/consent-constants";
import type { ConsentUpdateBody } from "@contract/consent";
import type { CurrentUser } from "@contract/auth";
import type { QueryClient } from "@tanstack/react-query";
import { CURRENT_USER_KEY } from "@/features/auth/auth-keys";
import { apiRequest } from "@/lib/api";
import type { ConsentChoice } from "./consent-storage";

/** Tells the server what was chosen (spec §7); the answer is not read and failures are ignored. */
export function recordConsent(queryClient: QueryClient, choice: ConsentChoice, granted: boolean) {
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  const body: ConsentUpdateBody = {
    email: user?.email ?? ANONYMOUS_CONSENT_EMAIL,
    consentType: "cookies",
    granted,
    preferences: { necessary: true, ...choice },
  };
  apiRequest("POST", "/api/consent/update", body).catch(() => undefined);
}
