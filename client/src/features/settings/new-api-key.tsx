import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CreatedApiKey } from "@contract/api-keys";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { copyText } from "@/lib/copy-text";

/**
 * The whole new key, the one time it exists outside the server (only its hash is stored): shown until Done or until
 * the screen is left, with a copy button.
 */
export function NewApiKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(created.key)) toast({ title: t("settings.apiKeys.newKey.copied") });
    else toast({ variant: "destructive", title: t("common.error"), description: t("settings.apiKeys.newKey.copyFailed") });
  };

  return (
    <section aria-labelledby="new-api-key-title" className="grid gap-2 rounded-md border border-primary/40 bg-muted/40 p-3" data-testid="api-key-created">
      <h3 id="new-api-key-title" className="text-sm font-semibold">
        {t("settings.apiKeys.newKey.title", { label: created.label })}
      </h3>
      <p className="text-sm">{t("settings.apiKeys.newKey.description")}</p>
      <Label htmlFor="new-api-key-value" className="sr-only">
        {t("settings.apiKeys.newKey.keyLabel")}
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id="new-api-key-value"
          readOnly
          value={created.key}
          className="min-w-0 flex-1 basis-80 font-mono"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="api-key-value"
        />
        <Button onClick={() => void copy()} data-testid="api-key-copy">
          <Copy aria-hidden="true" />
          {t("settings.apiKeys.newKey.copy")}
        </Button>
        <Button variant="outline" onClick={onDone} data-testid="api-key-done">
          {t("settings.apiKeys.newKey.done")}
        </Button>
      </div>
    </section>
  );
}
