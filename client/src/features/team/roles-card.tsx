import { useTranslation } from "react-i18next";
import type { RoleSummary } from "@contract/team";
import { DataTableState } from "@/components/data-table-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { useRoles } from "./team-queries";

/** Spec: the permission roles with name, description and permission count; each row also lists what the role grants. */
export function RolesCard() {
  const { t } = useTranslation();
  const roles = useRoles();
  const rows = roles.data?.roles ?? [];
  return (
    <Card className="min-w-0" data-testid="roles-card">
      <CardHeader>
        <CardTitle>{t("team.roles.title")}</CardTitle>
        <CardDescription>{t("team.roles.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={roles}
        rowCount={rows.length}
        testId="roles"
        loadingText={t("team.roles.loading")}
        errorText={(message) => t("team.roles.error", { message })}
        empty={t("team.roles.empty")}
        table={{
          label: t("team.roles.title"),
          className: "table-fixed",
          columns: 3,
          head: (
            <>
              <TableHead className="w-36">{t("team.roles.columns.role")}</TableHead>
              <TableHead>{t("team.roles.columns.description")}</TableHead>
              <TableHead className="w-32 text-right">{t("team.roles.columns.permissions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((role) => (
          <RoleRow key={role.name} role={role} />
        ))}
      </DataTableState>
    </Card>
  );
}

function RoleRow({ role }: { role: RoleSummary }) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid="role-row">
      <TableCell className="align-top font-medium">{t(`team.roles.${role.name}.name`)}</TableCell>
      <TableCell className="align-top">
        <p className="text-sm">{t(`team.roles.${role.name}.description`)}</p>
        <details className="mt-1 text-xs text-muted-foreground">
          <summary className="cursor-pointer">{t("team.roles.showPermissions")}</summary>
          <ul className="mt-1 flex flex-wrap gap-1">
            {role.permissions.map((permission) => (
              <li key={permission}>
                <Badge variant="outline" className="font-normal">
                  {t(`team.permissions.${permission}`)}
                </Badge>
              </li>
            ))}
          </ul>
        </details>
      </TableCell>
      <TableCell className="text-right align-top tabular-nums" data-testid="role-permission-count">
        {role.permissionCount}
      </TableCell>
    </TableRow>
  );
}
