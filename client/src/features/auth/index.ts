// features/auth's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { AuthLayout } from "./auth-layout";
export { LinkProblem } from "./link-problem";
export { PUBLIC_SSO_PROVIDERS_KEY } from "./sso-sign-in-queries";
export { useLinkToken } from "./team-link-queries";
