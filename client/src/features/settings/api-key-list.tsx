import { useState } from "react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ApiKey, ApiKeyScope } from "@contract/api-keys";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { DataTableState } from "@/components/data-table-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { apiKeyScopeLabel } from "./api-key-labels";
import { useApiKeys, useDeleteApiKey } from "./settings-queries";

const COLUMNS = 6;
const SCOPE_VARIANTS = { "leads:write": "secondary", read: "outline", full: "warning" } as const satisfies Record<ApiKeyScope, string>;

/** The keys with label, prefix, scope, creation and last use; each can be deleted after a confirmation. */
export function ApiKeyList() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const rows = keys.data ?? [];

  return (
    <>
      <DataTableState
        query={keys}
        rowCount={rows.length}
        testId="api-keys"
        loadingText={t("settings.apiKeys.list.loading")}
        errorText={(message) => t("settings.apiKeys.list.error", { message })}
        empty={t("settings.apiKeys.list.empty")}
        table={{
          label: t("settings.apiKeys.list.label"),
          // Fixed columns: the label takes what is left and truncates, so Delete never leaves the card.
          className: "min-w-[40rem] table-fixed",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("settings.apiKeys.columns.label")}</TableHead>
              <TableHead className="w-28">{t("settings.apiKeys.columns.prefix")}</TableHead>
              <TableHead className="w-40">{t("settings.apiKeys.columns.scope")}</TableHead>
              <TableHead className="w-44">{t("settings.apiKeys.columns.created")}</TableHead>
              <TableHead className="w-44">{t("settings.apiKeys.columns.lastUsed")}</TableHead>
              <TableHead className="w-20 text-right">{t("settings.apiKeys.columns.actions")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((apiKey) => (
          <ApiKeyRow key={apiKey.id} apiKey={apiKey} onDelete={setDeleting} />
        ))}
      </DataTableState>
      <ApiKeyDelete apiKey={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}

function ApiKeyRow({ apiKey, onDelete }: { apiKey: ApiKey; onDelete: (apiKey: ApiKey) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const created = format.dateTime(apiKey.createdAt);
  const lastUsed = apiKey.lastUsed ? format.dateTime(apiKey.lastUsed) : t("settings.apiKeys.never");
  return (
    <TableRow data-testid="api-key-row">
      <TableCell>
        <div className="truncate font-medium" title={apiKey.label} data-testid="api-key-label">
          {apiKey.label}
        </div>
      </TableCell>
      <TableCell>
        <code className="font-mono text-xs" data-testid="api-key-prefix">
          {t("settings.apiKeys.prefix", { prefix: apiKey.prefix })}
        </code>
      </TableCell>
      <TableCell>
        <Badge variant={SCOPE_VARIANTS[apiKey.scope]} data-testid="api-key-scope">
          {apiKeyScopeLabel(t, apiKey.scope)}
        </Badge>
      </TableCell>
      <TableCell>
        <time dateTime={apiKey.createdAt} className="block truncate" title={created} data-testid="api-key-created-at">
          {created}
        </time>
      </TableCell>
      <TableCell>
        {apiKey.lastUsed ? (
          <time dateTime={apiKey.lastUsed} className="block truncate" title={lastUsed} data-testid="api-key-last-used">
            {lastUsed}
          </time>
        ) : (
          <span className="text-muted-foreground" data-testid="api-key-last-used">
            {lastUsed}
          </span>
        )}
      </TableCell>
      <TableCell className="text-right">
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:text-destructive"
          aria-label={t("settings.apiKeys.delete.action", { label: apiKey.label })}
          title={t("settings.apiKeys.delete.short")}
          onClick={() => onDelete(apiKey)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** Asks first: a deleted key stops working at once for whatever still uses it. */
function ApiKeyDelete({ apiKey, onOpenChange }: { apiKey: ApiKey | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const deleteKey = useDeleteApiKey();

  const confirm = () => {
    if (!apiKey) return;
    deleteKey.mutate(apiKey.id, {
      onSuccess: () => {
        toast({ title: t("settings.apiKeys.delete.done"), description: t("settings.apiKeys.delete.doneDescription", { label: apiKey.label }) });
        onOpenChange(false);
      },
      onError: (error) =>
        toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("settings.apiKeys.delete.failed")) }),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={apiKey !== null}
      onOpenChange={onOpenChange}
      title={t("settings.apiKeys.delete.title")}
      description={apiKey ? t("settings.apiKeys.delete.description", { label: apiKey.label, prefix: apiKey.prefix }) : null}
      submitLabel={t("settings.apiKeys.delete.submit")}
      submittingLabel={t("settings.apiKeys.delete.submitting")}
      pending={deleteKey.isPending}
      onConfirm={confirm}
      data-testid="api-key-delete-dialog"
    />
  );
}
