import { useRef, useState, type FormEvent } from "react";
import { KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_API_KEY_SCOPE, apiKeyScopes, type ApiKeyScope, type CreatedApiKey } from "@contract/api-keys";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { apiKeyScopeHint, apiKeyScopeLabel } from "./api-key-labels";
import { useCreateApiKey } from "./settings-queries";

const LABEL_MAX_LENGTH = 100;

/** Label and scope of a new key (spec §5: a blank label is ignored); `onCreated` receives the whole key. */
export function ApiKeyCreateForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const createKey = useCreateApiKey();
  const labelInput = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>(DEFAULT_API_KEY_SCOPE);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) {
      // Ignored, as the spec says: nothing is sent; the cursor goes where the label is missing.
      labelInput.current?.focus();
      return;
    }
    createKey.mutate(
      { label: trimmed, scope },
      {
        onSuccess: (created) => {
          setLabel("");
          setScope(DEFAULT_API_KEY_SCOPE);
          onCreated(created);
          toast({ title: t("settings.apiKeys.created"), description: t("settings.apiKeys.createdDescription", { label: created.label }) });
        },
        onError: (error) =>
          toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.apiKeys.createFailed")) }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label={t("settings.apiKeys.create")} data-testid="api-key-create">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_auto] sm:items-end">
        <FormField id="api-key-label" label={t("settings.apiKeys.labelField")}>
          <Input
            ref={labelInput}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={LABEL_MAX_LENGTH}
            autoComplete="off"
            placeholder={t("settings.apiKeys.labelPlaceholder")}
            {...fieldA11yProps("api-key-label")}
          />
        </FormField>
        <FormField id="api-key-scope" label={t("settings.apiKeys.scopeField")}>
          <Select
            value={scope}
            onValueChange={(value) => {
              const chosen = apiKeyScopes.find((option) => option === value);
              if (chosen) setScope(chosen);
            }}
          >
            <SelectTrigger {...fieldA11yProps("api-key-scope", undefined, apiKeyScopeHint(t, scope))}>
              <SelectValue placeholder={t("settings.apiKeys.scopePlaceholder")} />
            </SelectTrigger>
            <SelectContent>
              {apiKeyScopes.map((option) => (
                <SelectItem key={option} value={option}>
                  {apiKeyScopeLabel(t, option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <Button type="submit" disabled={createKey.isPending}>
          <KeyRound aria-hidden="true" />
          {createKey.isPending ? t("settings.apiKeys.creating") : t("settings.apiKeys.create")}
        </Button>
      </div>
      {/* The scope trigger's description (fieldA11yProps points at this id), under the row so the controls line up. */}
      <p id="api-key-scope-hint" className="text-xs text-muted-foreground" data-testid="api-key-scope-hint">
        {apiKeyScopeHint(t, scope)}
      </p>
    </form>
  );
}
