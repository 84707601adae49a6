// features/sso's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { SsoCard } from "./sso-card";
