import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { authEndpoints, changePasswordBodySchema, MIN_STAFF_PASSWORD, type ChangePasswordBody } from "@contract/auth";
import { errorMessage } from "@contract/error-message";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { callApi } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";

const changeFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, errorMessage("field.required")) })
  .refine((values) => values.newPassword === values.confirmPassword, { message: errorMessage("auth.passwords_mismatch"), path: ["confirmPassword"] });

type ChangeFormInput = z.input<typeof changeFormSchema>;
type ChangeFormOutput = z.output<typeof changeFormSchema>;

function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => callApi(authEndpoints.changePassword, { body }) });
}

/**
 * The account menu's "Change password": the current password, the new one twice. Saved, the person's other sessions
 * are signed out (the toast says how many) and this one goes on; a wrong current password is named under its field.
 */
export default function ChangePasswordDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const change = useChangePassword();
  const form = useForm<ChangeFormInput, unknown, ChangeFormOutput>({
    resolver: zodResolver(changeFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    change.mutate(body, {
      onSuccess: ({ endedSessions }) => {
        toast({ title: t("account.password.changed"), description: t("account.endedSessions", { count: endedSessions }) });
        onClose();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ["currentPassword", "newPassword"])) {
          toast({ variant: "destructive", title: t("account.password.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
        }
      },
    }),
  );
  const currentError = message(errors.currentPassword?.message);
  const newError = message(errors.newPassword?.message);
  const confirmError = message(errors.confirmPassword?.message);
  const newHint = t("auth.setup.passwordHint", { min: MIN_STAFF_PASSWORD });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md" data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t("account.password.title")}</DialogTitle>
          <DialogDescription>{t("account.password.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3">
          {/* The account's email, for password managers to file the new password under. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <FormField id="current-password" label={t("account.password.current")} error={currentError}>
            <Input type="password" autoComplete="current-password" autoFocus {...fieldA11yProps("current-password", currentError)} {...form.register("currentPassword")} />
          </FormField>
          <FormField id="new-password" label={t("account.password.new")} error={newError} hint={newHint}>
            <Input type="password" autoComplete="new-password" {...fieldA11yProps("new-password", newError, newHint)} {...form.register("newPassword")} />
          </FormField>
          <FormField id="confirm-new-password" label={t("auth.fields.confirmPassword")} error={confirmError}>
            <Input type="password" autoComplete="new-password" {...fieldA11yProps("confirm-new-password", confirmError)} {...form.register("confirmPassword")} />
          </FormField>
          <DialogFormFooter className="mt-1" pending={change.isPending} submitLabel={t("account.password.save")} pendingLabel={t("account.password.saving")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
