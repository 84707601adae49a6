import { useTranslation } from "react-i18next";
import type { TeamMember } from "@contract/team";
import { PersonNameForm } from "@/components/person-name-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useRenameMember } from "./team-queries";

/** An administrator corrects a staff member's name (PUT /api/enterprise/users/{id}/name); their leads follow. */
export function MemberRenameDialog({ member, onOpenChange }: { member: TeamMember | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const rename = useRenameMember();
  const save = (id: number) => async (name: string) => {
    const saved = await rename.mutateAsync({ id, name });
    toast({ title: t("team.members.renamed", { name: saved.name }) });
    onOpenChange(false);
  };

  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="member-rename-dialog">
        <DialogHeader>
          <DialogTitle>{t("team.members.renameTitle", { name: member?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t("team.members.renameDescription")}</DialogDescription>
        </DialogHeader>
        {member ? (
          <PersonNameForm
            key={member.id}
            id="member-rename-name"
            name={member.name}
            save={save(member.id)}
            label={t("team.members.renameLabel")}
            hint={t("team.members.renameLeads")}
            submitLabel={t("team.members.renameSubmit")}
            pendingLabel={t("team.members.renameSubmitting")}
            failedTitle={t("team.members.renameFailed")}
            autoComplete="off"
            submitTestId="member-rename-submit"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
