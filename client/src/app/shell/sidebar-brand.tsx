import { useState } from "react";
import type { UserRole } from "@contract/auth";
import { useTranslation } from "react-i18next";
import { useActiveBrand } from "@/features/white-label/use-active-brand";
import { RoleBadge } from "./role-badge";

export function SidebarBrand({ role }: { role: UserRole }) {
  const { t } = useTranslation();
  const { brand } = useActiveBrand();
  return (
    <div className="relative flex flex-col gap-2 border-b border-sidebar-border px-4 py-4">
      {brand ? (
        // The brand's accent as a stripe: decoration only, never behind text.
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1" style={{ backgroundColor: brand.colorScheme.accent }} data-testid="app-brand-stripe" />
      ) : null}
      <div className="flex items-center gap-3">
        {brand?.logoUrl ? <BrandLogo key={brand.logoUrl} url={brand.logoUrl} /> : null}
        <div className="min-w-0">
          <p className="text-lg font-semibold leading-tight tracking-tight text-foreground" data-testid="app-title">
            {t("app.name")}
          </p>
          {brand ? (
            <p className="truncate text-xs font-medium text-foreground" title={brand.name} data-testid="app-brand">
              {brand.name}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground" data-testid="app-subtitle">
              {t("app.tagline")}
            </p>
          )}
        </div>
      </div>
      <RoleBadge role={role} />
    </div>
  );
}

/** The brand's logo beside its name (so decorative: the name says who it is); hidden if the image cannot load. */
function BrandLogo({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={url}
      alt=""
      className="size-9 shrink-0 rounded object-contain"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      data-testid="app-brand-logo"
    />
  );
}
