// features/settings's public entry: what other features may use of it; the rest is its own.
export { useLeadAccess } from "./lead-access-queries";
