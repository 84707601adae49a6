import { useTranslation } from "react-i18next";
import { SecretOnce } from "@/components/secret-once";

/** A call_webhook workflow's signing secret, the one time it leaves the server (it is stored encrypted). */
export function AutomationSigningSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnce
      secret={secret}
      texts={{
        title: t("automation.secret.title", { name }),
        description: t("automation.secret.description"),
        fieldLabel: t("automation.secret.label"),
        copy: t("automation.secret.copy"),
        copied: t("automation.secret.copied"),
        copyFailed: t("automation.secret.copyFailed"),
        done: t("automation.secret.done"),
      }}
      testIds={{ notice: "automation-secret", value: "automation-secret-value", copy: "automation-secret-copy", done: "automation-secret-done" }}
      onDone={onDone}
    />
  );
}
