import type { FormKind } from "./integration-forms";

/**
 * The Marketplace tab's listings: a catalogue shipped with the app (spec §2: static listings), not a live
 * marketplace. Each says what it needs, and its button does what this installation can really do: open an
 * integration's form, lead to Settings (webhooks, API keys), open the API documentation, or say why not.
 */
export type MarketplaceAction =
  | { kind: "configure"; integration: FormKind }
  | { kind: "settings" }
  | { kind: "apiDocs" }
  | { kind: "unavailable" };

export type MarketplaceListing = {
  /** Names its texts under integrations.marketplace.listings.<key>. */
  key: "slack" | "zapier" | "stripe" | "googleWorkspace" | "webhooks" | "restApi" | "teams";
  category: "communication" | "automation" | "payments" | "identity" | "developer";
  action: MarketplaceAction;
};

export const marketplaceCatalogue: readonly MarketplaceListing[] = [
  { key: "slack", category: "communication", action: { kind: "configure", integration: "slack" } },
  { key: "zapier", category: "automation", action: { kind: "settings" } },
  { key: "stripe", category: "payments", action: { kind: "configure", integration: "stripe" } },
  { key: "googleWorkspace", category: "identity", action: { kind: "configure", integration: "google_workspace" } },
  { key: "webhooks", category: "developer", action: { kind: "settings" } },
  { key: "restApi", category: "developer", action: { kind: "apiDocs" } },
  { key: "teams", category: "communication", action: { kind: "unavailable" } },
];
