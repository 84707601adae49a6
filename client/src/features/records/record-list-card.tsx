import { useState, type ReactNode } from "react";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { RecordFamily } from "@contract/records/family";
import type { FamilyRecord } from "@contract/records/schemas";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { useCan } from "@/features/auth/use-can";
import { apiErrorMessage } from "@/lib/api";
import { RecordFormDialog } from "./record-form-dialog";
import { displayValue, familyLabel, fieldLabel } from "./record-labels";
import { useDeleteRecord, type FamilyList } from "./record-queries";

/** Whether the signed-in role may add and change records, and the visible reason when it may not. */
export function useRecordWrite() {
  const { t } = useTranslation();
  const can = useCan("records.write");
  return { allowed: can === true, reason: can === false ? t("records.noPermission") : null };
}

/** The Add button of a family: opens its generated form; disabled, with the reason beside it, for a role that may not write. */
export function AddRecordButton({ family, label }: { family: RecordFamily; label?: string }) {
  const { t } = useTranslation();
  const write = useRecordWrite();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button size="sm" onClick={() => setOpen(true)} disabled={!write.allowed} data-testid={`record-add-${family.key}`}>
        <Plus aria-hidden="true" />
        {label ?? t("records.add", { family: familyLabel(t, family) })}
      </Button>
      {write.reason ? <p className="text-xs text-muted-foreground">{write.reason}</p> : null}
      <RecordFormDialog family={family} record={null} open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** A column shows a field (its label heads it unless `label` says otherwise), or what `render` makes of the record. */
type Column = { field: string; label?: string; render?: (record: FamilyRecord) => ReactNode };

type Props = {
  family: RecordFamily;
  title: string;
  description?: string;
  /** The query's result (useFamilyList). */
  list: { data?: FamilyList<unknown>; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  columns: readonly Column[];
  loadingText: string;
  emptyText: string;
  /** Rows shown (the spec caps some lists: latest 5). */
  limit?: number;
};

/** A family's records as a table with Edit and Delete per row, the family's Add button, and loading, empty and error states. */
export function RecordListCard({ family, title, description, list, columns, loadingText, emptyText, limit }: Props) {
  const { t, i18n } = useTranslation();
  const write = useRecordWrite();
  const remove = useDeleteRecord(family);
  const [editing, setEditing] = useState<FamilyRecord | null>(null);
  const [deleting, setDeleting] = useState<FamilyRecord | null>(null);
  const rows = (list.data?.rows ?? []).slice(0, limit);
  const colSpan = columns.length + 1;

  return (
    <Card data-testid={`record-list-${family.key}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <AddRecordButton family={family} />
      </CardHeader>
      <CardContent>
        {list.isError ? (
          <RetryAlert message={apiErrorMessage(list.error, t("common.networkError"))} onRetry={() => void list.refetch()} />
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                {columns.map(({ field, label }) => (
                  <TableHead key={field}>{label ?? fieldLabel(t, field)}</TableHead>
                ))}
                <TableHead className="text-right">{t("records.actions")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <TableMessageRow colSpan={colSpan}>{loadingText}</TableMessageRow>
              ) : rows.length === 0 ? (
                <TableMessageRow colSpan={colSpan}>{emptyText}</TableMessageRow>
              ) : (
                rows.map((record) => (
                  <TableRow key={record.id}>
                    {columns.map(({ field, render }) => (
                      <TableCell key={field} className="max-w-64 whitespace-normal break-words">
                        {render ? render(record) : displayValue(t, i18n.language, family.fields[field]!, record[field])}
                      </TableCell>
                    ))}
                    <TableCell className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={!write.allowed}
                        title={write.reason ?? undefined}
                        aria-label={t("records.edit", { name: String(record[family.titleField] ?? record.id) })}
                        onClick={() => setEditing(record)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={!write.allowed}
                        title={write.reason ?? undefined}
                        aria-label={t("records.delete", { name: String(record[family.titleField] ?? record.id) })}
                        onClick={() => setDeleting(record)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <RecordFormDialog family={family} record={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("records.deleteTitle", { family: familyLabel(t, family) })}
        description={t("records.deleteDescription", { name: String(deleting?.[family.titleField] ?? "") })}
        submitLabel={t("records.deleteConfirm")}
        submittingLabel={t("records.deleting")}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => toast({ variant: "destructive", title: t("records.form.failed"), description: apiErrorMessage(error, t("common.networkError")) }),
          })
        }
      />
    </Card>
  );
}
