import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { affiliateLoginBodySchema, type AffiliateLoginBody, type AffiliateLoginResult } from "@contract/affiliates";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { useLoginAffiliate } from "./affiliate-queries";

type AffiliateLoginFormProps = {
  idPrefix: string;
  defaultEmail?: string;
  onSignedIn: (result: AffiliateLoginResult) => void;
  /** The submit button's words, idle and while sending (default: the staff screen's). */
  submitLabels?: { idle: string; pending: string };
};

/** Affiliate sign-in (spec §2, §5, §8): used on Affiliate Program and in the partner portal. */
export function AffiliateLoginForm({ idPrefix, defaultEmail = "", onSignedIn, submitLabels }: AffiliateLoginFormProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const login = useLoginAffiliate();
  const form = useForm<AffiliateLoginBody>({ resolver: zodResolver(affiliateLoginBodySchema), defaultValues: { email: defaultEmail, password: "" } });
  const { errors } = form.formState;
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) => {
        form.reset({ email: "", password: "" });
        toast({ title: t("common.success"), description: t("affiliates.login.success", { name: result.affiliate.name }) });
        onSignedIn(result);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ["email", "password"]);
        form.resetField("password", { keepError: true });
        toast({ variant: "destructive", title: t("common.error"), description: message(apiErrorMessage(error, t("affiliates.login.failed"))) });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("affiliates.login.title")}>
      <FormField id={emailId} label={t("affiliates.fields.email")} error={emailError}>
        <Input type="email" autoComplete="username" {...fieldA11yProps(emailId, emailError)} {...form.register("email")} />
      </FormField>
      <FormField id={passwordId} label={t("affiliates.fields.password")} error={passwordError}>
        <Input type="password" autoComplete="current-password" {...fieldA11yProps(passwordId, passwordError)} {...form.register("password")} />
      </FormField>
      <Button type="submit" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending ? (submitLabels?.pending ?? t("affiliates.login.submitting")) : (submitLabels?.idle ?? t("affiliates.login.submit"))}
      </Button>
    </form>
  );
}
