import { useState } from "react";
import { BookPlus, Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Issue } from "@contract/issues";
import { knowledgeArticleFamily } from "@contract/records/innovation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useRecordWrite, useSaveRecord } from "@/features/records";
import { articleFromApprovedFix } from "./fix-article";

/**
 * "Save as article" on an approved fix (issue 14.9): one click writes it to the knowledge base through the generic
 * create path (validated and audited as any article), then links to it.
 */
export function SaveFixAsArticleButton({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation();
  const write = useRecordWrite();
  const save = useSaveRecord(knowledgeArticleFamily);
  const [savedId, setSavedId] = useState<number | null>(null);
  const at = issue.reviewedAt ?? issue.approvalTimestamp;
  const onClick = () => {
    const article = articleFromApprovedFix(issue, at ? formatDateTime(at, i18n.resolvedLanguage ?? "en") : null);
    save.mutate(
      { id: null, values: { ...article } },
      {
        onSuccess: (created) => {
          setSavedId((created as { id: number }).id);
          toast({ title: t("common.success"), description: t("innovation.saveFix.saved") });
        },
        onError: (error) => toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("common.networkError")) }),
      },
    );
  };
  if (savedId !== null) {
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="save-fix-saved">
        <Check aria-hidden="true" className="size-4 text-success-strong" />
        <Link href="/innovation?tab=knowledge" className="text-primary underline-offset-4 hover:underline">
          {t("innovation.saveFix.open", { id: savedId })}
        </Link>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={!write.allowed || save.isPending} data-testid="save-fix-as-article">
        <BookPlus aria-hidden="true" />
        {save.isPending ? t("innovation.saveFix.saving") : t("innovation.saveFix.button")}
      </Button>
      {write.reason ? <p className="text-xs text-muted-foreground">{write.reason}</p> : null}
    </div>
  );
}
