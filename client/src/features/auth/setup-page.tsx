import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { CircleAlert } from "lucide-react";
import { z } from "zod";
import { MIN_STAFF_PASSWORD, setupBodySchema } from "@contract/auth";
import { errorMessage } from "@contract/error-message";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { useValidationMessage } from "@/lib/validation-message";
import { useCompleteSetup } from "./auth-queries";
import { AuthLayout } from "./auth-layout";
import { applyServerFieldErrors } from "@/lib/server-field-errors";

const setupFormSchema = setupBodySchema
  .extend({ confirmPassword: z.string().min(1, errorMessage("field.required")) })
  .refine((values) => values.password === values.confirmPassword, {
    message: errorMessage("auth.passwords_mismatch"),
    path: ["confirmPassword"],
  });

type SetupFormInput = z.input<typeof setupFormSchema>;
type SetupFormOutput = z.output<typeof setupFormSchema>;

/** The one-time screen shown while no staff user exists; it creates the first administrator. */
export function SetupPage() {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const completeSetup = useCompleteSetup();
  const form = useForm<SetupFormInput, unknown, SetupFormOutput>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { setupToken: "", name: "", email: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    completeSetup.mutate(body, {
      onError: (error) => {
        // A wrong token is the field's problem: say so next to it, in the reader's language.
        if (apiErrorStatus(error) === 403) form.setError("setupToken", { type: "server", message: t("auth.setup.wrongSetupToken") });
        else applyServerFieldErrors(error, form.setError, ["setupToken", "name", "email", "password"]);
      },
    }),
  );
  const wrongToken = apiErrorStatus(completeSetup.error) === 403;

  const setupTokenError = message(errors.setupToken?.message);
  const setupTokenHint = t("auth.setup.setupTokenHint");
  const nameError = message(errors.name?.message);
  const emailError = message(errors.email?.message);
  const passwordError = message(errors.password?.message);
  const confirmError = message(errors.confirmPassword?.message);
  const passwordHint = t("auth.setup.passwordHint", { min: MIN_STAFF_PASSWORD });

  return (
    <AuthLayout title={t("auth.setup.title")} description={t("auth.setup.description")}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="setup-form">
        {completeSetup.isError && !wrongToken ? (
          <Alert variant="destructive" data-testid="form-error">
            <CircleAlert aria-hidden="true" />
            <span>{apiErrorMessage(completeSetup.error, t("common.networkError"))}</span>
          </Alert>
        ) : null}
        <FormField id="setup-token" label={t("auth.setup.setupToken")} error={setupTokenError} hint={setupTokenHint}>
          <Input
            autoComplete="off"
            spellCheck={false}
            autoFocus
            {...fieldA11yProps("setup-token", setupTokenError, setupTokenHint)}
            {...form.register("setupToken")}
          />
        </FormField>
        <FormField id="setup-name" label={t("auth.fields.name")} error={nameError}>
          <Input autoComplete="name" {...fieldA11yProps("setup-name", nameError)} {...form.register("name")} />
        </FormField>
        <FormField id="setup-email" label={t("auth.fields.email")} error={emailError}>
          <Input type="email" autoComplete="email" {...fieldA11yProps("setup-email", emailError)} {...form.register("email")} />
        </FormField>
        <FormField id="setup-password" label={t("auth.fields.password")} error={passwordError} hint={passwordHint}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11yProps("setup-password", passwordError, passwordHint)}
            {...form.register("password")}
          />
        </FormField>
        <FormField id="setup-confirm-password" label={t("auth.fields.confirmPassword")} error={confirmError}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldA11yProps("setup-confirm-password", confirmError)}
            {...form.register("confirmPassword")}
          />
        </FormField>
        <Button type="submit" className="mt-1 w-full" disabled={completeSetup.isPending}>
          {completeSetup.isPending ? t("auth.setup.submitting") : t("auth.setup.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
