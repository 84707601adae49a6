import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { authEndpoints, nameBodySchema, type NameBody } from "@contract/auth";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { callApi } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { CURRENT_USER_KEY } from "@/lib/session-keys";
import { useValidationMessage } from "@/lib/validation-message";

/** Saved, the answer is the signed-in person with the new name: the menu and every "(me)" read it at once. */
function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NameBody) => callApi(authEndpoints.changeName, { body }),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

/** The account menu's "Change your name" (PUT /api/auth/name): the leads assigned to the person follow. */
export default function ChangeNameDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const change = useChangeName();
  const form = useForm<NameBody>({ resolver: zodResolver(nameBodySchema), defaultValues: { name } });
  const nameError = message(form.formState.errors.name?.message);
  const onSubmit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (user) => {
        toast({ title: t("account.name.changed", { name: user.name }) });
        onClose();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, ["name"])) {
          toast({ variant: "destructive", title: t("account.name.failed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
        }
      },
    }),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md" data-testid="change-name-dialog">
        <DialogHeader>
          <DialogTitle>{t("account.name.title")}</DialogTitle>
          <DialogDescription>{t("account.name.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-3">
          <FormField id="own-name" label={t("account.name.label")} error={nameError}>
            <Input autoComplete="name" autoFocus {...fieldA11yProps("own-name", nameError)} {...form.register("name")} />
          </FormField>
          <DialogFormFooter className="mt-1" pending={change.isPending} submitLabel={t("account.name.save")} pendingLabel={t("account.name.saving")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
