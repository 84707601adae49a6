// features/affiliates's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { AffiliateLoginForm } from "./affiliate-login-form";
export { useAffiliateOptions, useTopAffiliates } from "./affiliate-queries";
export { AffiliateSignupForm } from "./affiliate-signup-form";
export { AffiliateStatusBadge, CommissionStatusBadge } from "./affiliate-status-badge";
