import { useState, type ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { RecordFamily } from "@contract/records/family";
import type { FamilyRecord } from "@contract/records/schemas";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { RecordFormDialog } from "./record-form-dialog";
import { displayValue, familyLabel, fieldLabel } from "./record-labels";
import { useDeleteRecord, type FamilyList } from "./record-queries";
import { useCan } from "@/lib/authorization";

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

/**
 * Header and cell text wraps between words, so the table is as wide as its longest words (its card, from 1280 px, in
 * both languages) rather than as its longest header or sentence.
 */
const HEAD_CLASS = "h-auto px-2 py-2 whitespace-normal align-bottom";
const CELL_CLASS = "max-w-64 px-2 whitespace-normal break-words align-top";
/** Days, amounts and figures stay on one line; an address may break anywhere, having no spaces to break at. */
const ONE_LINE_KINDS = new Set<string>(["date", "money", "percent", "integer", "number"]);
const cellClass = (kind: string | undefined) =>
  cn(CELL_CLASS, kind && ONE_LINE_KINDS.has(kind) && "whitespace-nowrap", kind === "url" && "wrap-anywhere");

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
  /** Beside the Add button (a capped card's "View all (N)"). */
  headerActions?: ReactNode;
  /** Under the table (the full list's pages). */
  footer?: ReactNode;
  /**
   * Sortable headers (the full list): the sorted column, what a header click does, and which columns sort (all of
   * them unless `sortable` says otherwise; the others keep a plain header).
   */
  sort?: ({ field: string; direction: "asc" | "desc" } | { field: null }) & { onSort: (field: string) => void; sortable?: (field: string) => boolean };
  /** Replaces `record-list-${family.key}` (the full list, so it is not mistaken for the card behind it). */
  testId?: string;
};

/** A family's records as a table with Edit and Delete per row, the family's Add button, and loading, empty and error states. */
export function RecordListCard({ family, title, description, list, columns, loadingText, emptyText, limit, headerActions, footer, sort, testId }: Props) {
  const { t, i18n } = useTranslation();
  const write = useRecordWrite();
  const remove = useDeleteRecord(family);
  const [editing, setEditing] = useState<FamilyRecord | null>(null);
  const [deleting, setDeleting] = useState<FamilyRecord | null>(null);
  const rows = (list.data?.rows ?? []).slice(0, limit);
  const colSpan = columns.length + 1;

  return (
    <Card data-testid={testId ?? `record-list-${family.key}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <div className="flex flex-wrap items-start justify-end gap-2">
          {headerActions}
          <AddRecordButton family={family} />
        </div>
      </CardHeader>
      <CardContent>
        {list.isError ? (
          <RetryAlert message={apiErrorMessage(list.error, t("common.networkError"))} onRetry={() => void list.refetch()} />
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                {columns.map(({ field, label }) => {
                  const name = label ?? fieldLabel(t, field);
                  if (!sort || (sort.sortable && !sort.sortable(field))) {
                    return (
                      <TableHead key={field} className={HEAD_CLASS}>
                        {name}
                      </TableHead>
                    );
                  }
                  const direction = sort.field === field ? sort.direction : null;
                  const Arrow = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
                  return (
                    <TableHead key={field} className={HEAD_CLASS} aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}>
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm text-left hover:text-foreground"
                        onClick={() => sort.onSort(field)}
                        title={t("records.page.sortBy", { field: name })}
                      >
                        {name}
                        <Arrow aria-hidden="true" className="size-3.5 shrink-0" />
                      </button>
                    </TableHead>
                  );
                })}
                <TableHead className={`${HEAD_CLASS} text-right`}>{t("records.actions")}</TableHead>
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
                      <TableCell key={field} className={cellClass(render ? undefined : family.fields[field]?.kind)}>
                        {render ? render(record) : displayValue(t, i18n.language, family.fields[field]!, record[field])}
                      </TableCell>
                    ))}
                    <TableCell className="py-0.5 text-right align-top whitespace-nowrap">
                      {(
                        [
                          ["records.edit", Pencil, setEditing],
                          ["records.delete", Trash2, setDeleting],
                        ] as const
                      ).map(([label, Icon, open]) => (
                        <Button
                          key={label}
                          variant="ghost"
                          size="icon"
                          disabled={!write.allowed}
                          title={write.reason ?? undefined}
                          aria-label={t(label, { name: String(record[family.titleField] ?? record.id) })}
                          onClick={() => open(record)}
                        >
                          <Icon aria-hidden="true" />
                        </Button>
                      ))}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
        {footer}
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
