import type { TFunction } from "i18next";
import type { ApiKeyScope } from "@contract/api-keys";

// i18next reads ':' as a namespace separator, so the scope names cannot be translation keys themselves.
const SCOPE_KEYS = {
  "leads:write": "leadsWrite",
  read: "read",
  full: "full",
} as const satisfies Record<ApiKeyScope, string>;

export const apiKeyScopeLabel = (t: TFunction, scope: ApiKeyScope) => t(`settings.apiKeys.scopes.${SCOPE_KEYS[scope]}`);
export const apiKeyScopeHint = (t: TFunction, scope: ApiKeyScope) => t(`settings.apiKeys.scopeHints.${SCOPE_KEYS[scope]}`);
