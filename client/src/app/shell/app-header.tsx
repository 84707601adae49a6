import type { CurrentUser } from "@contract/auth";
import { LanguageMenu } from "@/components/language-menu";
import { NotificationBell } from "@/features/notifications/notification-bell";
import type { AppRoute } from "../routes";
import { useRouteTitle } from "../use-active-route";
import { CommandPalette } from "./command-palette";
import { ExportDataButton } from "./export-data-button";
import { MobileNav } from "./mobile-nav";
import { UserMenu } from "./user-menu";

type AppHeaderProps = {
  user: CurrentUser;
  /** Undefined on an unknown path: the header then titles the 404 page. */
  route: AppRoute | undefined;
};

export function AppHeader({ user, route }: AppHeaderProps) {
  const { title, subtitle } = useRouteTitle(route);

  return (
    <header className="flex min-h-16 shrink-0 items-center gap-3 border-b bg-card px-4 py-2 lg:px-6">
      <MobileNav role={user.role} />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold leading-tight" data-testid="page-title">
          {title}
        </h1>
        <p className="truncate text-sm text-muted-foreground" title={subtitle} data-testid="page-subtitle">
          {subtitle}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <CommandPalette />
        <LanguageMenu />
        <NotificationBell />
        <ExportDataButton />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
