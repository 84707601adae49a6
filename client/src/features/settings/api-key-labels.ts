import type { TFunction } from "i18next";
import type { ApiKeyScope } from "@contract/api-keys";
import { API_KEY_SCOPE_KEYS } from "@/lib/labels";

export const apiKeyScopeLabel = (t: TFunction, scope: ApiKeyScope) => t(`settings.apiKeys.scopes.${API_KEY_SCOPE_KEYS[scope]}`);
export const apiKeyScopeHint = (t: TFunction, scope: ApiKeyScope) => t(`settings.apiKeys.scopeHints.${API_KEY_SCOPE_KEYS[scope]}`);
