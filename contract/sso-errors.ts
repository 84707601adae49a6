// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/**
 * Single sign-on's failures, by stable code, with their English text. The sign-in redirects carry these codes to the
 * sign-in page (`/login?ssoError=<code>`), which shows them translated; the admin endpoints answer them as usual.
 */
export const ssoErrorMessages = {
  "sso.unknown_provider": "No single sign-on provider has this name",
  "sso.not_configured": "Configure this provider (issuer, client id and client secret) before enabling it",
  "sso.managed_by_environment": "This provider is configured by the server's environment (SSO_OIDC_*); only its enabled flag can be changed here",
  "sso.secret_required": "Enter the client secret the provider gave you",
  "sso.unavailable": "Signing in with this provider is not available. Use your email and password, or ask an administrator.",
  "sso.provider_unreachable": "The sign-in provider could not be reached. Please try again later.",
  "sso.private_address": "This provider is on a private, loopback or link-local address, which single sign-on does not contact",
  "sso.invalid_state": "This sign-in attempt expired or was not started from this browser. Please try again.",
  "sso.denied": "The sign-in provider did not let you in.",
  "sso.failed": "The sign-in provider's answer could not be verified. Please try again.",
  "sso.email_missing": "The sign-in provider did not share your email address.",
  "sso.email_unverified": "The sign-in provider has not verified your email address.",
} as const;

/** The codes a sign-in redirect may carry back to the sign-in page. */
export const ssoRedirectErrorCodes = [
  "sso.unavailable",
  "sso.provider_unreachable",
  "sso.private_address",
  "sso.invalid_state",
  "sso.denied",
  "sso.failed",
  "sso.email_missing",
  "sso.email_unverified",
  "auth.account_deactivated",
  "request.rate_limited",
] as const;
export type SsoRedirectErrorCode = (typeof ssoRedirectErrorCodes)[number];
