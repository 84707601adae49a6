import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { apiErrorMessage } from "@/lib/api";
import type { ParseKeys } from "i18next";

type TranslationKey = ParseKeys<"translation">;

/** Why a one-time link cannot be used (or a submit failed), with the way back to signing in. */
export function LinkProblem({ error, fallbackKey, testId }: { error: unknown; fallbackKey: TranslationKey; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <Alert variant="destructive" data-testid={testId}>
        <CircleAlert aria-hidden="true" />
        <span>{error ? apiErrorMessage(error, t(fallbackKey)) : t(fallbackKey)}</span>
      </Alert>
      <a className="text-sm text-primary underline-offset-4 hover:underline" href="/">
        {t("team.linkPages.toSignIn")}
      </a>
    </div>
  );
}
