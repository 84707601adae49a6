import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Pencil, ShieldAlert, UserCheck, UserPlus, UserX, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { userRoles, type UserRole } from "@contract/auth";
import { inviteBodySchema, type Invitation, type OneTimeLink, type TeamMember } from "@contract/team";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { DataTableState } from "@/components/data-table-state";
import { FormField, fieldA11yProps } from "@/components/form-field";
import { SecretOnce } from "@/components/secret-once";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/server-field-errors";
import { useFormatters } from "@/lib/use-formatters";
import { useValidationMessage } from "@/lib/validation-message";
import { useChangeRole, useDeactivate, useInvitations, useInvite, useReactivate, useRevokeInvitation, useStartPasswordReset, useTeamMembers } from "./team-queries";
import { useCan } from "@/lib/authorization";
import { Link } from "wouter";
import { assigneeLeadsPath } from "@/features/leads";
import { MemberRenameDialog } from "./member-rename-dialog";
import { useCurrentUser } from "@/lib/session";

/**
 * The team (administrators only): staff with their role, status and sessions; invitations; role changes,
 * deactivation and password resets. A one-time link is shown once, here, and also mailed.
 */
export function TeamCard() {
  const { t } = useTranslation();
  const mayManage = useCan("users.manage") === true;
  const [link, setLink] = useState<{ kind: "invitation" | "reset"; who: string; link: OneTimeLink } | null>(null);

  return (
    <Card className="min-w-0" data-testid="team-card">
      <CardHeader>
        <CardTitle>{t("team.card.title")}</CardTitle>
        <CardDescription>{t("team.card.description")}</CardDescription>
      </CardHeader>
      {mayManage ? (
        <>
          <CardContent className="grid gap-4">
            <InviteForm onInvited={(who, created) => setLink({ kind: "invitation", who, link: created })} />
            {link ? <NewLink {...link} onDone={() => setLink(null)} /> : null}
          </CardContent>
          <MemberList onResetStarted={(who, created) => setLink({ kind: "reset", who, link: created })} />
          <InvitationList />
        </>
      ) : (
        <CardContent>
          <Alert data-testid="team-admin-only">
            <ShieldAlert aria-hidden="true" />
            {t("team.card.adminOnly")}
          </Alert>
        </CardContent>
      )}
    </Card>
  );
}

function NewLink({ kind, who, link, onDone }: { kind: "invitation" | "reset"; who: string; link: OneTimeLink; onDone: () => void }) {
  const { t } = useTranslation();
  const mailNote = link.mail === "held" ? t("team.link.mailHeld") : t("team.link.mailQueued");
  return (
    <SecretOnce
      secret={`${window.location.origin}${link.path}`}
      texts={{
        title: kind === "invitation" ? t("team.link.invitationTitle", { who }) : t("team.link.resetTitle", { who }),
        description: `${t("team.link.description")} ${mailNote}`,
        fieldLabel: t("team.link.fieldLabel"),
        copy: t("team.link.copy"),
        copied: t("team.link.copied"),
        copyFailed: t("team.link.copyFailed"),
        done: t("team.link.done"),
      }}
      testIds={{ notice: "team-link", value: "team-link-value", copy: "team-link-copy", done: "team-link-done" }}
      onDone={onDone}
    />
  );
}

function RoleSelect({ id, value, onChange, disabled, label }: { id: string; value: UserRole; onChange: (role: UserRole) => void; disabled?: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Select value={value} onValueChange={(next) => onChange(next as UserRole)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className="h-8 w-full">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {userRoles.map((role) => (
          <SelectItem key={role} value={role}>
            {t(`team.roles.${role}.name`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const inviteFormSchema = inviteBodySchema.extend({ name: z.string().trim().max(100).optional() });
type InviteFormInput = z.input<typeof inviteFormSchema>;
type InviteFormOutput = z.output<typeof inviteFormSchema>;

function InviteForm({ onInvited }: { onInvited: (who: string, link: OneTimeLink) => void }) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const invite = useInvite();
  const form = useForm<InviteFormInput, unknown, InviteFormOutput>({ resolver: zodResolver(inviteFormSchema), defaultValues: { email: "", name: "", role: "agent" } });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: "role" });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(
      { email: values.email, role: values.role, ...(values.name ? { name: values.name } : {}) },
      {
        onSuccess: (created) => {
          onInvited(created.invitation.email, created.link);
          form.reset({ email: "", name: "", role: values.role });
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, ["email", "name", "role"]);
          toast({ variant: "destructive", title: t("team.invite.failed"), description: apiErrorMessage(error, t("common.networkError")) });
        },
      },
    ),
  );
  const emailError = message(errors.email?.message);
  const nameError = message(errors.name?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-end" data-testid="invite-form">
      <FormField id="invite-email" label={t("team.invite.email")} error={emailError}>
        <Input type="email" autoComplete="off" {...fieldA11yProps("invite-email", emailError)} {...form.register("email")} />
      </FormField>
      <FormField id="invite-name" label={t("team.invite.name")} error={nameError}>
        <Input autoComplete="off" {...fieldA11yProps("invite-name", nameError)} {...form.register("name")} />
      </FormField>
      <FormField id="invite-role" label={t("team.invite.role")}>
        <RoleSelect id="invite-role" label={t("team.invite.role")} value={role} onChange={(next) => form.setValue("role", next)} />
      </FormField>
      <Button type="submit" disabled={invite.isPending} data-testid="invite-submit">
        <UserPlus aria-hidden="true" />
        {invite.isPending ? t("team.invite.submitting") : t("team.invite.submit")}
      </Button>
    </form>
  );
}

type PendingAction = { kind: "deactivate" | "reset" | "rename"; member: TeamMember } | null;

function MemberList({ onResetStarted }: { onResetStarted: (who: string, link: OneTimeLink) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const members = useTeamMembers(true);
  const rows = members.data ?? [];
  const [pending, setPending] = useState<PendingAction>(null);
  const deactivate = useDeactivate();
  const reset = useStartPasswordReset();
  const fail = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: apiErrorMessage(error, t("common.networkError")) });

  const confirm = () => {
    if (!pending || pending.kind === "rename") return;
    const close = () => setPending(null);
    if (pending.kind === "deactivate") {
      deactivate.mutate(pending.member.id, {
        onSuccess: () => {
          toast({ title: t("team.members.deactivated", { name: pending.member.name }) });
          close();
        },
        onError: fail(t("team.members.deactivateFailed")),
      });
    } else {
      reset.mutate(pending.member.id, {
        onSuccess: (link) => {
          onResetStarted(pending.member.email, link);
          close();
        },
        onError: fail(t("team.members.resetFailed")),
      });
    }
  };

  return (
    <>
      <DataTableState
        query={members}
        rowCount={rows.length}
        testId="team-members"
        loadingText={t("team.members.loading")}
        errorText={(message) => t("team.members.error", { message })}
        empty={t("team.members.empty")}
        table={{
          label: t("team.members.label"),
          className: "min-w-[46rem] table-fixed",
          columns: 5,
          head: (
            <>
              <TableHead>{t("team.members.columns.person")}</TableHead>
              <TableHead className="w-44">{t("team.members.columns.role")}</TableHead>
              <TableHead className="w-28">{t("team.members.columns.status")}</TableHead>
              <TableHead className="w-36">{t("team.members.columns.lastLogin")}</TableHead>
              <TableHead className="w-36 text-right">{t("team.members.columns.actions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((member) => (
          <MemberRow key={member.id} member={member} onAction={setPending} />
        ))}
      </DataTableState>
      <MemberRenameDialog member={pending?.kind === "rename" ? pending.member : null} onOpenChange={(open) => !open && setPending(null)} />
      <ConfirmDeleteDialog
        open={pending !== null && pending.kind !== "rename"}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "reset" ? t("team.members.resetTitle", { name: pending.member.name }) : t("team.members.deactivateTitle", { name: pending?.member.name ?? "" })}
        description={
          pending?.kind === "reset"
            ? t("team.members.resetDescription")
            : [t("team.members.deactivateDescription"), pending?.member.assignedLeads ? t("team.members.deactivateLeads", { count: pending.member.assignedLeads, total: format.number(pending.member.assignedLeads) }) : ""].join(" ").trim()
        }
        submitLabel={pending?.kind === "reset" ? t("team.members.resetConfirm") : t("team.members.deactivateConfirm")}
        submittingLabel={t("team.members.working")}
        pending={deactivate.isPending || reset.isPending}
        onConfirm={confirm}
        data-testid="team-confirm"
      />
    </>
  );
}

function MemberRow({ member, onAction }: { member: TeamMember; onAction: (action: PendingAction) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const me = useCurrentUser().data;
  const changeRole = useChangeRole();
  const reactivate = useReactivate();
  const isMe = me?.id === member.id;
  const fail = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: apiErrorMessage(error, t("common.networkError")) });

  return (
    <TableRow data-testid="team-member-row" className={member.active ? undefined : "text-muted-foreground"}>
      <TableCell>
        <div className="truncate font-medium" title={member.name}>
          {member.name}
          {isMe ? <span className="ml-1 text-xs text-muted-foreground">{t("team.members.you")}</span> : null}
        </div>
        <div className="truncate text-xs text-muted-foreground" title={member.email}>
          {member.email}
        </div>
        {member.assignedLeads > 0 ? (
          <Link
            href={assigneeLeadsPath(member.id)}
            className={`block truncate text-xs underline-offset-4 hover:underline ${member.active ? "text-muted-foreground" : "font-medium text-foreground"}`}
            data-testid="team-member-leads"
          >
            {member.active ? t("team.members.assignedLeads", { count: member.assignedLeads, total: format.number(member.assignedLeads) })
              : t("team.members.leftLeads", { count: member.assignedLeads, total: format.number(member.assignedLeads) })}
          </Link>
        ) : null}
      </TableCell>
      <TableCell>
        <RoleSelect
          id={`member-role-${member.id}`}
          label={t("team.members.roleOf", { name: member.name })}
          value={member.role}
          disabled={changeRole.isPending || !member.active}
          onChange={(role) =>
            changeRole.mutate(
              { id: member.id, role },
              { onSuccess: () => toast({ title: t("team.members.roleChanged", { name: member.name, role: t(`team.roles.${role}.name`) }) }), onError: fail(t("team.members.roleFailed")) },
            )
          }
        />
      </TableCell>
      <TableCell>
        <Badge variant={member.active ? "success" : "outline"} data-testid="team-member-status">
          {member.active ? t("team.members.active") : t("team.members.inactive")}
        </Badge>
        {member.active && member.activeSessions > 0 ? (
          <div className="mt-0.5 text-xs text-muted-foreground">{t("team.members.sessions", { count: member.activeSessions })}</div>
        ) : null}
      </TableCell>
      <TableCell className="text-xs">{member.lastLoginAt ? format.dateTime(member.lastLoginAt) : t("team.members.neverSignedIn")}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("team.members.rename", { name: member.name })}
            title={t("team.members.rename", { name: member.name })}
            onClick={() => onAction({ kind: "rename", member })}
            data-testid="team-member-rename"
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("team.members.reset", { name: member.name })}
            title={t("team.members.reset", { name: member.name })}
            disabled={!member.active}
            onClick={() => onAction({ kind: "reset", member })}
          >
            <KeyRound aria-hidden="true" />
          </Button>
          {member.active ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("team.members.deactivate", { name: member.name })}
              title={isMe ? t("team.members.notYourself") : t("team.members.deactivate", { name: member.name })}
              disabled={isMe}
              onClick={() => onAction({ kind: "deactivate", member })}
            >
              <UserX aria-hidden="true" />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("team.members.reactivate", { name: member.name })}
              title={t("team.members.reactivate", { name: member.name })}
              disabled={reactivate.isPending}
              onClick={() => reactivate.mutate(member.id, { onError: fail(t("team.members.reactivateFailed")) })}
            >
              <UserCheck aria-hidden="true" />
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

function InvitationList() {
  const { t } = useTranslation();
  const format = useFormatters();
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const rows = invitations.data ?? [];
  if (rows.length === 0 && invitations.isSuccess) return null;
  return (
    <div className="border-t">
      <h3 className="px-6 pt-4 text-sm font-semibold">{t("team.invitations.title")}</h3>
      <DataTableState
        query={invitations}
        rowCount={rows.length}
        testId="team-invitations"
        loadingText={t("team.invitations.loading")}
        errorText={(message) => t("team.invitations.error", { message })}
        empty={t("team.invitations.empty")}
        table={{
          label: t("team.invitations.title"),
          className: "min-w-[36rem] table-fixed",
          columns: 4,
          head: (
            <>
              <TableHead>{t("team.invitations.columns.email")}</TableHead>
              <TableHead className="w-32">{t("team.invitations.columns.role")}</TableHead>
              <TableHead className="w-40">{t("team.invitations.columns.expires")}</TableHead>
              <TableHead className="w-20 text-right">{t("team.invitations.columns.actions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((invitation: Invitation) => (
          <TableRow key={invitation.id} data-testid="team-invitation-row">
            <TableCell className="truncate" title={invitation.email}>
              {invitation.email}
            </TableCell>
            <TableCell>{t(`team.roles.${invitation.role}.name`)}</TableCell>
            <TableCell className="text-xs">{format.dateTime(invitation.expiresAt)}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("team.invitations.revoke", { email: invitation.email })}
                title={t("team.invitations.revoke", { email: invitation.email })}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id)}
              >
                <X aria-hidden="true" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </div>
  );
}
