import type { Principal } from "./principal";

/** How a principal is named in audit rows: the staff email, or the API key acting for them. */
export const actorLabel = (principal: Principal) =>
  principal.kind === "apiKey" ? `${principal.user.email} (API key #${principal.apiKeyId})` : principal.user.email;
