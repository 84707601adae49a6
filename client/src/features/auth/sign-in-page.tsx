import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { CircleAlert } from "lucide-react";
import { loginBodySchema, type LoginBody } from "@contract/auth";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiErrorMessage } from "@/lib/api";
import { useValidationMessage } from "@/lib/validation-message";
import { useSignIn } from "./auth-queries";
import { AuthLayout } from "./auth-layout";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { SsoSignInButtons, SsoSignInError } from "./sso-sign-in";

type SignInInput = { email: string; password: string };

/** Where the visitor returns afterwards is decided by the auth gate, from `?next=`. */
export function SignInPage() {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const signIn = useSignIn();
  const form = useForm<SignInInput, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ["email", "password"]);
        form.resetField("password", { keepError: true });
      },
    }),
  );

  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);

  return (
    <AuthLayout title={t("auth.signIn.title")} description={t("auth.signIn.description")}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="sign-in-form">
        {signIn.isError ? null : <SsoSignInError />}
        {signIn.isError ? (
          <Alert variant="destructive" data-testid="form-error">
            <CircleAlert aria-hidden="true" />
            <span>{apiErrorMessage(signIn.error, t("common.networkError"))}</span>
          </Alert>
        ) : null}
        <FormField id="sign-in-email" label={t("auth.fields.email")} error={emailError}>
          <Input type="email" autoComplete="username" autoFocus {...fieldA11yProps("sign-in-email", emailError)} {...form.register("email")} />
        </FormField>
        <FormField id="sign-in-password" label={t("auth.fields.password")} error={passwordError}>
          <Input
            type="password"
            autoComplete="current-password"
            {...fieldA11yProps("sign-in-password", passwordError)}
            {...form.register("password")}
          />
        </FormField>
        <Button type="submit" className="mt-1 w-full" disabled={signIn.isPending}>
          {signIn.isPending ? t("auth.signIn.submitting") : t("auth.signIn.submit")}
        </Button>
      </form>
      <SsoSignInButtons />
    </AuthLayout>
  );
}
