import { useState } from "react";
import { CalendarClock, Pencil } from "lucide-react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import { successionDocumentFamily } from "@contract/records/succession";
import type { FamilyRecord } from "@contract/records/schemas";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { apiErrorMessage } from "@/lib/api";
import { RecordFormDialog } from "@/features/records/record-form-dialog";
import { formatDay, todayUtc } from "@/features/records/record-labels";
import { AddRecordButton, useRecordWrite } from "@/features/records/record-list-card";
import { useFamilyList } from "@/features/records/record-queries";

type SuccessionAnalytics = { total_documents: number; overdue_documents: number; next_review_due: string | null };

/**
 * Enterprise → Succession: the documents a successor needs. The server lists them by review due date, so the overdue
 * ones come first. Bodies are Markdown rendered without raw HTML (react-markdown ignores it), links open as links.
 */
export function SuccessionTab() {
  const { t, i18n } = useTranslation();
  const documents = useFamilyList<SuccessionAnalytics>(successionDocumentFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const write = useRecordWrite();
  const [editing, setEditing] = useState<FamilyRecord | null>(null);
  const today = todayUtc();
  const analytics = documents.data?.analytics;

  return (
    <div className="grid gap-4" data-testid="succession-tab">
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{t("succession.title")}</CardTitle>
            <CardDescription>
              {analytics
                ? t("succession.summary", { count: analytics.total_documents, overdue: analytics.overdue_documents })
                : t("succession.description")}
            </CardDescription>
          </div>
          <AddRecordButton family={successionDocumentFamily} label={t("succession.add")} />
        </CardHeader>
      </Card>
      {documents.isError ? (
        <RetryAlert message={apiErrorMessage(documents.error, t("common.networkError"))} onRetry={() => void documents.refetch()} />
      ) : documents.isPending ? (
        <p className="text-sm text-muted-foreground">{t("succession.loading")}</p>
      ) : documents.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("succession.empty")}</p>
      ) : (
        <ul className="grid gap-4" aria-label={t("succession.title")}>
          {documents.data.rows.map((doc) => {
            const overdue = String(doc.reviewDue) < today;
            return (
              <li key={doc.id}>
                <Card data-testid="succession-document" data-overdue={overdue}>
                  <CardHeader className="flex flex-row items-start justify-between gap-3">
                    <div className="grid gap-1">
                      <CardTitle className="flex flex-wrap items-center gap-2">
                        {String(doc.title)}
                        {overdue ? <Badge variant="destructive">{t("succession.overdue")}</Badge> : null}
                        <Badge variant="outline">{t("succession.version", { version: String(doc.version) })}</Badge>
                      </CardTitle>
                      <CardDescription className="flex flex-wrap gap-x-3">
                        <span>{t("succession.owner", { owner: String(doc.owner) })}</span>
                        <span>
                          {t("succession.lastReviewed", {
                            date: doc.lastReviewed ? formatDay(String(doc.lastReviewed), i18n.language) : t("succession.never"),
                          })}
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <CalendarClock aria-hidden="true" className="size-3.5" />
                          {t("succession.reviewDue", { date: formatDay(String(doc.reviewDue), i18n.language) })}
                        </span>
                      </CardDescription>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!write.allowed}
                      title={write.reason ?? undefined}
                      onClick={() => setEditing(doc)}
                      aria-label={t("records.edit", { name: String(doc.title) })}
                    >
                      <Pencil aria-hidden="true" />
                      {t("succession.edit")}
                    </Button>
                  </CardHeader>
                  <CardContent className="prose prose-sm max-w-none text-sm [&_a]:underline [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc [&_p]:my-2">
                    <Markdown remarkPlugins={[remarkGfm]} skipHtml>
                      {String(doc.body)}
                    </Markdown>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <RecordFormDialog family={successionDocumentFamily} record={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}
