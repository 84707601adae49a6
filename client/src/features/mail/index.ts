// features/mail's public entry: what other features may use of it.
export { LeadEmailButton } from "./lead-email-button";
