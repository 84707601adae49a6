import { useTranslation } from "react-i18next";
import type { CreatedApiKey } from "@contract/api-keys";
import { SecretOnce } from "@/components/secret-once";

/** The whole new key, the one time it exists outside the server (only its hash is stored). */
export function NewApiKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnce
      secret={created.key}
      texts={{
        title: t("settings.apiKeys.newKey.title", { label: created.label }),
        description: t("settings.apiKeys.newKey.description"),
        fieldLabel: t("settings.apiKeys.newKey.keyLabel"),
        copy: t("settings.apiKeys.newKey.copy"),
        copied: t("settings.apiKeys.newKey.copied"),
        copyFailed: t("settings.apiKeys.newKey.copyFailed"),
        done: t("settings.apiKeys.newKey.done"),
      }}
      testIds={{ notice: "api-key-created", value: "api-key-value", copy: "api-key-copy", done: "api-key-done" }}
      onDone={onDone}
    />
  );
}
