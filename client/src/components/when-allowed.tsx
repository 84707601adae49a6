import type { ReactNode } from "react";
import { LockKeyhole } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { EndpointSpec } from "@contract/endpoint";
import { useMayCall } from "@/lib/authorization";
import { useCurrentUser } from "@/lib/session";

type Gated = { endpoint: Pick<EndpointSpec, "permission">; children: ReactNode };

/**
 * Shows its children only to a role that may call the endpoint they lead to; others see `fallback` (nothing unless
 * given). While the session loads nothing is shown, so a refused action never flashes. The server refuses the call
 * with 403 all the same: this only keeps screens from offering what would fail.
 */
export function WhenAllowed({ endpoint, children, fallback = null }: Gated & { fallback?: ReactNode }) {
  const mayCall = useMayCall(endpoint);
  if (mayCall === undefined) return null;
  return <>{mayCall ? children : fallback}</>;
}

/** The calm line a role sees where a form it may not use would be: which role it has, and that it can only read here. */
export function RoleNote({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const role = useCurrentUser().data?.role;
  if (!role) return null;
  return (
    <p className={`flex items-start gap-2 rounded-md border border-dashed p-3 text-sm text-muted-foreground ${className}`} data-testid="role-note">
      <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t("roleNote.readOnly", { role: t(`roleNames.${role}`) })}</span>
    </p>
  );
}
