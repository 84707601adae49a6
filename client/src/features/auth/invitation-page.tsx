import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { MIN_STAFF_PASSWORD } from "@contract/auth";
import { errorMessage } from "@contract/error-message";
import { acceptInvitationBodySchema } from "@contract/team";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { AuthLayout } from "./auth-layout";
import { LinkProblem } from "./link-problem";
import { useAcceptInvitation, useInvitationDetails, useLinkToken } from "./team-link-queries";

const invitationFormSchema = acceptInvitationBodySchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, errorMessage("field.required")) })
  .refine((values) => values.password === values.confirmPassword, { message: errorMessage("auth.passwords_mismatch"), path: ["confirmPassword"] });

type InvitationFormInput = z.input<typeof invitationFormSchema>;
type InvitationFormOutput = z.output<typeof invitationFormSchema>;

/** /invite#<secret>: someone an administrator invited chooses their name and password and joins with the invited role. */
export default function InvitationPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const details = useInvitationDetails(token);

  return (
    <AuthLayout title={t("team.invitationPage.title")} description={t("team.invitationPage.description")}>
      {token === "" || details.isError ? (
        <LinkProblem error={details.error} fallbackKey="errors.team.invitation_invalid" testId="invitation-invalid" />
      ) : details.data ? (
        <InvitationForm token={token} email={details.data.email} name={details.data.name ?? ""} role={details.data.role} />
      ) : (
        <p className="text-sm text-muted-foreground" aria-busy="true">
          {t("team.invitationPage.checking")}
        </p>
      )}
    </AuthLayout>
  );
}

function InvitationForm({ token, email, name, role }: { token: string; email: string; name: string; role: string }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const accept = useAcceptInvitation();
  const form = useForm<InvitationFormInput, unknown, InvitationFormOutput>({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { name, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...values }) =>
    accept.mutate({ token, ...values }, { onError: (error) => applyServerFieldErrors(error, form.setError, ["name", "password"]) }),
  );
  const nameError = message(errors.name?.message);
  const passwordError = message(errors.password?.message);
  const confirmError = message(errors.confirmPassword?.message);
  const passwordHint = t("auth.setup.passwordHint", { min: MIN_STAFF_PASSWORD });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" data-testid="invitation-form">
      <p className="text-sm" data-testid="invitation-summary">
        {t("team.invitationPage.summary", { email, role: t(`team.roles.${role}.name`, { defaultValue: role }) })}
      </p>
      {accept.isError ? <LinkProblem error={accept.error} fallbackKey="common.networkError" testId="invitation-error" /> : null}
      <FormField id="invitation-name" label={t("auth.fields.name")} error={nameError}>
        <Input autoComplete="name" {...fieldA11yProps("invitation-name", nameError)} {...form.register("name")} />
      </FormField>
      <FormField id="invitation-password" label={t("auth.fields.password")} error={passwordError} hint={passwordHint}>
        <Input type="password" autoComplete="new-password" {...fieldA11yProps("invitation-password", passwordError, passwordHint)} {...form.register("password")} />
      </FormField>
      <FormField id="invitation-confirm" label={t("auth.fields.confirmPassword")} error={confirmError}>
        <Input type="password" autoComplete="new-password" {...fieldA11yProps("invitation-confirm", confirmError)} {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" className="mt-1 w-full" disabled={accept.isPending}>
        {accept.isPending ? t("team.invitationPage.submitting") : t("team.invitationPage.submit")}
      </Button>
    </form>
  );
}
