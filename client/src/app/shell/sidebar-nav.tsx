import { Link, useLocation } from "wouter";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { preloadRoute } from "../router";
import { appRoutes, findRoute, isNavRoute, navPathOf } from "../routes";

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const current = findRoute(location);
  // A record's page marks the list it belongs to.
  const activePath = current ? navPathOf(current) : undefined;

  return (
    <nav aria-label={t("nav.label")} className="flex-1 overflow-y-auto px-2 py-3">
      <ul className="flex flex-col gap-0.5">
        {appRoutes.filter(isNavRoute).map(({ path, navKey, icon: Icon }) => {
          const active = path === activePath;
          return (
            <li key={path}>
              <Link
                href={path}
                onClick={onNavigate}
                onPointerEnter={() => preloadRoute(path)}
                onFocus={() => preloadRoute(path)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm text-sidebar-foreground transition-colors hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground",
                  active && "bg-sidebar-accent font-medium text-sidebar-accent-foreground",
                )}
              >
                <Icon aria-hidden="true" className={cn("size-4 shrink-0", active ? "text-foreground" : "text-muted-foreground")} />
                <span className="truncate">{t(navKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
