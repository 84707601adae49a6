import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { nameBodySchema, type NameBody } from "@contract/auth";
import type { TeamMember } from "@contract/team";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { DialogFormFooter } from "@/components/dialog-form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useValidationMessage } from "@/lib/validation-message";
import { useRenameMember } from "./team-queries";

/** An administrator corrects a staff member's name (PUT /api/enterprise/users/{id}/name); their leads follow. */
export function MemberRenameDialog({ member, onOpenChange }: { member: TeamMember | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="member-rename-dialog">
        <DialogHeader>
          <DialogTitle>{t("team.members.renameTitle", { name: member?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t("team.members.renameDescription")}</DialogDescription>
        </DialogHeader>
        {member ? <RenameForm key={member.id} member={member} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ member, onDone }: { member: TeamMember; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const rename = useRenameMember();
  const form = useForm<NameBody>({ resolver: zodResolver(nameBodySchema), defaultValues: { name: member.name } });
  const nameError = message(form.formState.errors.name?.message);

  const onSubmit = form.handleSubmit(({ name }) =>
    rename.mutate(
      { id: member.id, name },
      {
        onSuccess: (saved) => {
          toast({ title: t("team.members.renamed", { name: saved.name }) });
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ["name"]);
          toast({ variant: "destructive", title: t("team.members.renameFailed"), description: message(apiErrorMessage(error, t("common.networkError"))) });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t("team.members.renameTitle", { name: member.name })}>
      <FormField id="member-rename-name" label={t("team.members.renameLabel")} error={nameError}>
        <Input autoFocus autoComplete="off" {...fieldA11yProps("member-rename-name", nameError)} {...form.register("name")} />
      </FormField>
      <p className="text-sm text-muted-foreground">{t("team.members.renameLeads")}</p>
      <DialogFormFooter
        pending={rename.isPending}
        submitLabel={t("team.members.renameSubmit")}
        pendingLabel={t("team.members.renameSubmitting")}
        submitTestId="member-rename-submit"
      />
    </form>
  );
}
