import type { UserRole } from "@contract/auth";
import { useTranslation } from "react-i18next";
import { RoleBadge } from "./role-badge";

export function SidebarBrand({ role }: { role: UserRole }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 border-b border-sidebar-border px-4 py-4">
      <div>
        <p className="text-lg font-semibold leading-tight tracking-tight text-foreground" data-testid="app-title">
          {t("app.name")}
        </p>
        <p className="text-xs text-muted-foreground" data-testid="app-subtitle">
          {t("app.tagline")}
        </p>
      </div>
      <RoleBadge role={role} />
    </div>
  );
}
