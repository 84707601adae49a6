import { lazyWithPreload } from "@/lib/lazy-with-preload";

/**
 * Pages outside the staff app: no shell, no staff sign-in. Affiliates use the partner portal; referral links
 * (/r/CODE, a server route) land visitors on the public lead form.
 */
const publicPages = new Map([
  ["/partners", lazyWithPreload(() => import("@/features/partners/partners-page"))],
  ["/join", lazyWithPreload(() => import("@/features/join/join-page"))],
  // One-time links from an administrator: their secret is after # (never sent to a server).
  ["/invite", lazyWithPreload(() => import("@/features/auth/invitation-page"))],
  ["/reset-password", lazyWithPreload(() => import("@/features/auth/password-reset-page"))],
  // A survey link sent to a lead: answered once, its secret after #.
  ["/survey", lazyWithPreload(() => import("@/features/customer-success/nps-survey-page"))],
]);

/** Matches like the router: case-insensitive, trailing slash optional. */
export function findPublicPage(location: string) {
  const path = (location.length > 1 ? location.replace(/\/+$/, "") : location).toLowerCase();
  return publicPages.get(path);
}
