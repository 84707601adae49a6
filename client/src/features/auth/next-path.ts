export const SIGN_IN_PATH = "/login";

/** Where to return after signing in: only same-site paths, never back to the sign-in page itself. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if (next === SIGN_IN_PATH || next.startsWith(`${SIGN_IN_PATH}?`)) return "/";
  return next;
}

export function signInPathFor(currentPath: string): string {
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(safeNextPath(currentPath))}`;
}
