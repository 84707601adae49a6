import { lazy, Suspense, useState } from "react";
import type { CurrentUser } from "@contract/auth";
import { KeyRound, LogOut, MonitorX, UserPen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { useEndOtherSessions, useSignOut } from "@/features/auth/auth-queries";
import { apiErrorMessage } from "@/lib/api";
import { initials } from "@/lib/format";

// Its form and schema load when someone opens it, not with every page.
const ChangePasswordDialog = lazy(() => import("@/features/auth/change-password-dialog"));
const ChangeNameDialog = lazy(() => import("@/features/auth/change-name-dialog"));

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const [changingName, setChangingName] = useState(false);
  const [endingOthers, setEndingOthers] = useState(false);
  const endOthers = useEndOtherSessions();

  const handleEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ endedSessions }) => {
        setEndingOthers(false);
        toast({ title: t("account.endedSessions", { count: endedSessions }) });
      },
      onError: (error) =>
        toast({ variant: "destructive", title: t("account.sessions.failed"), description: apiErrorMessage(error, t("common.networkError")) }),
    });

  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onError: (error) =>
        toast({ variant: "destructive", title: t("userMenu.signOutFailed"), description: apiErrorMessage(error, t("common.networkError")) }),
    });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={t("userMenu.label")} data-testid="user-menu">
            <span className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
              {initials(user.name)}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="truncate">{user.name}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setChangingName(true)} data-testid="change-name">
            <UserPen aria-hidden="true" />
            {t("userMenu.changeName")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setChangingPassword(true)} data-testid="change-password">
            <KeyRound aria-hidden="true" />
            {t("userMenu.changePassword")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setEndingOthers(true)} data-testid="end-other-sessions">
            <MonitorX aria-hidden="true" />
            {t("userMenu.endOtherSessions")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={handleSignOut} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" />
            {t("userMenu.signOut")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDeleteDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title={t("account.sessions.title")}
        description={t("account.sessions.description")}
        submitLabel={t("account.sessions.confirm")}
        submittingLabel={t("account.sessions.ending")}
        pending={endOthers.isPending}
        onConfirm={handleEndOthers}
        data-testid="end-other-sessions-dialog"
      />
      {changingName ? (
        <Suspense fallback={null}>
          <ChangeNameDialog name={user.name} onClose={() => setChangingName(false)} />
        </Suspense>
      ) : null}
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog email={user.email} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
