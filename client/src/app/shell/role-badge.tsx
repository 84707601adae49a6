import type { UserRole } from "@contract/auth";
import { ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

export function RoleBadge({ role }: { role: UserRole }) {
  const { t } = useTranslation();
  const Icon = role === "admin" ? ShieldCheck : UserRound;
  return (
    <Badge variant="secondary" className="whitespace-normal text-left" data-testid="role-badge">
      <Icon aria-hidden="true" />
      {t(`roles.${role}`)}
    </Badge>
  );
}
