import { useId } from "react";
import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { copyText } from "@/lib/copy-text";

/** The notice's wording, already translated: each caller keeps its own ("Copy key" for an API key, "Copy" for a signing secret). */
export type SecretOnceTexts = {
  title: string;
  /** Says the secret is shown only this once, and what it is for. */
  description: string;
  /** The field's accessible name (the label itself is visually hidden). */
  fieldLabel: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
};

/** Browser tests find each part by these; each caller keeps the ids its tests already use. */
export type SecretOnceTestIds = { notice: string; value: string; copy: string; done: string };

type SecretOnceProps = {
  secret: string;
  texts: SecretOnceTexts;
  testIds: SecretOnceTestIds;
  onDone: () => void;
};

/**
 * A secret the one time it leaves the server (afterwards only its hash or ciphertext exists there): shown in a
 * read-only field with a copy button until Done or until the screen is left.
 */
export function SecretOnce({ secret, texts, testIds, onDone }: SecretOnceProps) {
  const { t } = useTranslation();
  // Generated ids, so two notices on one screen never share a label target.
  const titleId = useId();
  const valueId = useId();
  const copy = async () => {
    if (await copyText(secret)) toast({ title: texts.copied });
    else toast({ variant: "destructive", title: t("common.error"), description: texts.copyFailed });
  };

  return (
    <section aria-labelledby={titleId} className="grid gap-2 rounded-md border border-primary/40 bg-muted/40 p-3" data-testid={testIds.notice}>
      <h3 id={titleId} className="text-sm font-semibold">
        {texts.title}
      </h3>
      <p className="text-sm">{texts.description}</p>
      <Label htmlFor={valueId} className="sr-only">
        {texts.fieldLabel}
      </Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={valueId}
          readOnly
          value={secret}
          className="min-w-0 flex-1 basis-80 font-mono"
          onFocus={(focus) => focus.currentTarget.select()}
          data-testid={testIds.value}
        />
        <Button onClick={() => void copy()} data-testid={testIds.copy}>
          <Copy aria-hidden="true" />
          {texts.copy}
        </Button>
        <Button variant="outline" onClick={onDone} data-testid={testIds.done}>
          {texts.done}
        </Button>
      </div>
    </section>
  );
}
