import { useState, type ReactNode } from "react";
import { Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { RecordFamily } from "@contract/records/family";
import type { FamilyRecord } from "@contract/records/schemas";
import { MarkdownBody } from "@/components/markdown-body";
import { Button } from "@/components/ui/button";
import { RetryAlert } from "@/components/retry-alert";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { apiErrorMessage } from "@/lib/api";
import { RecordFormDialog } from "../record-form-dialog";
import { useRecordWrite } from "../record-list-card";

/**
 * Records read as documents (knowledge articles, succession documents): a card each, its heading beside an Edit
 * button, then the record's `body` as Markdown (rendered without raw HTML); Edit opens the family's form. While the
 * list loads, fails or is empty, its loading text, a retry or its empty text.
 */
export function MarkdownRecordList<R extends FamilyRecord>({
  family,
  list,
  loadingText,
  emptyText,
  label,
  testId,
  editText,
  heading,
  cardData,
}: {
  family: RecordFamily;
  list: { data?: { rows: readonly R[] }; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingText: string;
  emptyText: string;
  /** The list's accessible name. */
  label: string;
  /** Each card's test id. */
  testId: string;
  /** The Edit button's text. */
  editText: string;
  /** The card's title and description (a CardTitle and a CardDescription). */
  heading(record: R): ReactNode;
  /** More data attributes of a card (`data-overdue`...). */
  cardData?(record: R): Record<`data-${string}`, string | boolean>;
}) {
  const { t } = useTranslation();
  const write = useRecordWrite();
  const [editing, setEditing] = useState<R | null>(null);
  if (list.isError) return <RetryAlert message={apiErrorMessage(list.error, t("common.networkError"))} onRetry={() => void list.refetch()} />;
  const rows = list.data?.rows;
  if (list.isPending || rows === undefined) return <p className="text-sm text-muted-foreground">{loadingText}</p>;
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <>
      <ul className="grid gap-4" aria-label={label}>
        {rows.map((record) => (
          <li key={record.id}>
            <Card data-testid={testId} {...cardData?.(record)}>
              <CardHeader className="flex flex-row items-start justify-between gap-3">
                <div className="grid gap-1">{heading(record)}</div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!write.allowed}
                  title={write.reason ?? undefined}
                  onClick={() => setEditing(record)}
                  aria-label={t("records.edit", { name: String(record[family.titleField]) })}
                >
                  <Pencil aria-hidden="true" />
                  {editText}
                </Button>
              </CardHeader>
              <CardContent>
                <MarkdownBody>{String(record.body)}</MarkdownBody>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <RecordFormDialog family={family} record={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}
