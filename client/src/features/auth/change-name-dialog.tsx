import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { authEndpoints, type NameBody } from "@contract/auth";
import { PersonNameForm } from "@/components/person-name-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { callApi } from "@/lib/api-client";
import { CURRENT_USER_KEY } from "@/lib/session-keys";

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
  const change = useChangeName();
  const save = async (next: string) => {
    const user = await change.mutateAsync({ name: next });
    toast({ title: t("account.name.changed", { name: user.name }) });
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md" data-testid="change-name-dialog">
        <DialogHeader>
          <DialogTitle>{t("account.name.title")}</DialogTitle>
          <DialogDescription>{t("account.name.description")}</DialogDescription>
        </DialogHeader>
        <PersonNameForm
          id="own-name"
          name={name}
          save={save}
          label={t("account.name.label")}
          submitLabel={t("account.name.save")}
          pendingLabel={t("account.name.saving")}
          failedTitle={t("account.name.failed")}
          autoComplete="name"
        />
      </DialogContent>
    </Dialog>
  );
}
