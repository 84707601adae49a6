import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { affiliateSignupBodySchema, type AffiliateSignupBody } from "@contract/affiliates";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { useSignupAffiliate, type AffiliateSignupResult } from "./affiliate-queries";

const EMPTY: AffiliateSignupBody = { name: "", businessName: "", email: "", password: "" };
const FIELDS = ["name", "businessName", "email", "password"] as const;

type AffiliateSignupFormProps = {
  /** Keeps the inputs' ids unique on a page. */
  idPrefix: string;
  onRegistered?: (affiliate: AffiliateSignupResult, body: AffiliateSignupBody) => void;
  /** The submit button's words, idle and while sending (default: the staff screen's). */
  submitLabels?: { idle: string; pending: string };
};

/** Affiliate registration (spec §2, §5, §8): used on Affiliate Program and in the partner portal. */
export function AffiliateSignupForm({ idPrefix, onRegistered, submitLabels }: AffiliateSignupFormProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const signup = useSignupAffiliate();
  const form = useForm<AffiliateSignupBody>({ resolver: zodResolver(affiliateSignupBodySchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const id = (field: string) => `${idPrefix}-${field}`;

  const onSubmit = form.handleSubmit((values) =>
    signup.mutate(values, {
      onSuccess: (affiliate) => {
        form.reset(EMPTY);
        toast({ title: t("common.success"), description: t("affiliates.signup.success", { code: affiliate.uniqueCode }) });
        onRegistered?.(affiliate, values);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELDS);
        toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("affiliates.signup.failed"))) });
      },
    }),
  );

  const field = (name: (typeof FIELDS)[number], label: string, props: { type?: string; autoComplete?: string; hint?: string } = {}) => {
    const error = message(errors[name]?.message);
    const { hint, ...inputProps } = props;
    return (
      <FormField id={id(name)} label={label} error={error} hint={hint}>
        <Input {...inputProps} {...fieldA11yProps(id(name), error, hint)} {...form.register(name)} />
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("affiliates.signup.title")}>
      {field("name", t("affiliates.fields.name"), { autoComplete: "name" })}
      {field("businessName", t("affiliates.fields.businessName"), { autoComplete: "organization" })}
      {field("email", t("affiliates.fields.email"), { type: "email", autoComplete: "email" })}
      {field("password", t("affiliates.fields.password"), {
        type: "password",
        autoComplete: "new-password",
        hint: t("affiliates.fields.passwordHint"),
      })}
      <Button type="submit" className="mt-1 w-full" disabled={signup.isPending}>
        {signup.isPending ? (submitLabels?.pending ?? t("affiliates.signup.submitting")) : (submitLabels?.idle ?? t("affiliates.signup.submit"))}
      </Button>
    </form>
  );
}
