import { CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import { successionDocumentFamily } from "@contract/records/succession";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay, todayUtc } from "@/features/records";
import { AddRecordButton, MarkdownRecordList } from "@/features/records";
import { useFamilyList } from "@/features/records";

/**
 * Enterprise → Succession: the documents a successor needs. The server lists them by review due date, so the overdue
 * ones come first. Bodies are Markdown rendered without raw HTML (react-markdown ignores it), links open as links.
 */
export function SuccessionTab() {
  const { t, i18n } = useTranslation();
  const documents = useFamilyList(successionDocumentFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const today = todayUtc();
  const overdue = (doc: { reviewDue: unknown }) => String(doc.reviewDue) < today;
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
      <MarkdownRecordList
        family={successionDocumentFamily}
        list={documents}
        loadingText={t("succession.loading")}
        emptyText={t("succession.empty")}
        label={t("succession.title")}
        testId="succession-document"
        editText={t("succession.edit")}
        cardData={(doc) => ({ "data-overdue": overdue(doc) })}
        heading={(doc) => (
          <>
            <CardTitle className="flex flex-wrap items-center gap-2">
              {String(doc.title)}
              {overdue(doc) ? <Badge variant="destructive">{t("succession.overdue")}</Badge> : null}
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
          </>
        )}
      />
    </div>
  );
}
