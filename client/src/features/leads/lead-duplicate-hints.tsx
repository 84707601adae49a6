import { useMemo } from "react";
import { TriangleAlert } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { leadDuplicateEndpoints } from "@contract/lead-duplicates";
import { useMayCall } from "@/lib/authorization";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { duplicateCheckBody, duplicateCheckReady, useDuplicateCheck } from "./lead-duplicate-queries";
import { DuplicateMatchList } from "./lead-duplicate-matches";
import type { LeadFormValues } from "./lead-form";

/** Typing pauses this long before the form's values are compared with the stored leads. */
export const DUPLICATE_CHECK_DEBOUNCE_MS = 400;

/**
 * "Possible duplicates" under a lead form (Add Lead, Edit Lead), inside its FormProvider: once the email, phone or
 * business name is typed far enough and typing pauses, the stored leads that look like it, each a link to its page.
 * It only informs: saving stays possible. A role that may not write leads asks nothing. `excludeId`: the lead being
 * edited, never its own duplicate.
 */
export function LeadDuplicateHints({ excludeId, idPrefix, className }: { excludeId?: number; idPrefix: string; className?: string }) {
  const { t } = useTranslation();
  const mayCheck = useMayCall(leadDuplicateEndpoints.check);
  const { control } = useFormContext<LeadFormValues>();
  const [email, phone, businessName, firstName, lastName] = useWatch({
    control,
    name: ["email", "phoneNumber", "businessName", "businessOwnerName", "businessOwnerLastName"],
  });
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const body = useMemo(
    () =>
      duplicateCheckBody({
        email: text(email),
        phone: text(phone),
        businessName: text(businessName),
        firstName: text(firstName),
        lastName: text(lastName),
        ...(excludeId === undefined ? {} : { excludeId }),
      }),
    [email, phone, businessName, firstName, lastName, excludeId],
  );
  const debounced = useDebouncedValue(body, DUPLICATE_CHECK_DEBOUNCE_MS);
  const enabled = mayCheck === true && duplicateCheckReady(debounced);
  const check = useDuplicateCheck(debounced, enabled);
  const matches = enabled && check.isSuccess ? check.data : [];
  const headingId = `${idPrefix}-duplicates-heading`;

  if (mayCheck !== true) return null;
  // The live region stays while the form is open, so a screen reader hears matches as they appear.
  return (
    <div aria-live="polite" className={className} data-testid="lead-duplicate-hints">
      {matches.length > 0 ? (
        <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-l-4 border-l-warning p-3">
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-medium">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {t("leads.duplicates.hintTitle", { count: matches.length })}
          </h3>
          <p className="text-xs text-muted-foreground">{t("leads.duplicates.hintDescription")}</p>
          <DuplicateMatchList matches={matches} label={t("leads.duplicates.title")} />
        </section>
      ) : null}
    </div>
  );
}
