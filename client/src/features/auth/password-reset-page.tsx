import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { MIN_STAFF_PASSWORD } from "@contract/auth";
import { errorMessage } from "@contract/error-message";
import { completePasswordResetBodySchema } from "@contract/team";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { AuthLayout } from "./auth-layout";
import { LinkProblem } from "./link-problem";
import { useCompletePasswordReset, useLinkToken, usePasswordResetDetails } from "./team-link-queries";

const resetFormSchema = completePasswordResetBodySchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, errorMessage("field.required")) })
  .refine((values) => values.password === values.confirmPassword, { message: errorMessage("auth.passwords_mismatch"), path: ["confirmPassword"] });

type ResetFormInput = z.input<typeof resetFormSchema>;
type ResetFormOutput = z.output<typeof resetFormSchema>;

/** /reset-password#<secret>: the person an administrator started a reset for chooses a new password. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const details = usePasswordResetDetails(token);

  return (
    <AuthLayout title={t("team.resetPage.title")} description={t("team.resetPage.description")}>
      {token === "" || details.isError ? (
        <LinkProblem error={details.error} fallbackKey="errors.team.reset_invalid" testId="reset-invalid" />
      ) : details.data ? (
        <ResetForm token={token} email={details.data.email} />
      ) : (
        <p className="text-sm text-muted-foreground" aria-busy="true">
          {t("team.resetPage.checking")}
        </p>
      )}
    </AuthLayout>
  );
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const complete = useCompletePasswordReset();
  const form = useForm<ResetFormInput, unknown, ResetFormOutput>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: "", confirmPassword: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...values }) =>
    complete.mutate({ token, ...values }, { onError: (error) => applyServerFieldErrors(error, form.setError, ["password"]) }),
  );
  const passwordError = message(errors.password?.message);
  const confirmError = message(errors.confirmPassword?.message);
  const passwordHint = t("auth.setup.passwordHint", { min: MIN_STAFF_PASSWORD });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="reset-form">
      <p className="text-sm" data-testid="reset-summary">
        {t("team.resetPage.summary", { email })}
      </p>
      {complete.isError ? <LinkProblem error={complete.error} fallbackKey="common.networkError" testId="reset-error" /> : null}
      {/* The account's email, for password managers to file the new password under. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <FormField id="reset-password" label={t("team.resetPage.newPassword")} error={passwordError} hint={passwordHint}>
        <Input type="password" autoComplete="new-password" autoFocus {...fieldA11yProps("reset-password", passwordError, passwordHint)} {...form.register("password")} />
      </FormField>
      <FormField id="reset-confirm" label={t("auth.fields.confirmPassword")} error={confirmError}>
        <Input type="password" autoComplete="new-password" {...fieldA11yProps("reset-confirm", confirmError)} {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" className="mt-1 w-full" disabled={complete.isPending}>
        {complete.isPending ? t("team.resetPage.submitting") : t("team.resetPage.submit")}
      </Button>
    </form>
  );
}
