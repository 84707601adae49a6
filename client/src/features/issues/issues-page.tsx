import { ArrowLeft, ClipboardCheck, ListChecks, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { IssueList } from "./issue-list";
import { IssueReportForm } from "./issue-report-form";
import { IssueReviewCard } from "./issue-review-card";
import { useProposalSource } from "./issues-queries";
import { isIssueTab, useIssuesLocation } from "./use-issues-location";

/**
 * Technical Issues (spec §2): Submit Issue, Manage Issues, Review & Approve. The tab, the reviewed issue and the
 * list's search live in the URL (see useIssuesLocation); only the open tab is mounted, so polling stops elsewhere.
 */
export default function IssuesPage() {
  const { t } = useTranslation();
  const location = useIssuesLocation();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Tabs value={location.tab} onValueChange={(value) => isIssueTab(value) && location.showTab(value)}>
        <TabsList aria-label={t("issues.tabs.label")} className="max-w-full overflow-x-auto">
          <TabsTrigger className="px-2 sm:px-3" value="submit">
            <Send aria-hidden="true" className="hidden sm:block" />
            {t("issues.tabs.submit")}
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="manage">
            <ListChecks aria-hidden="true" className="hidden sm:block" />
            {t("issues.tabs.manage")}
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="review">
            <ClipboardCheck aria-hidden="true" className="hidden sm:block" />
            {t("issues.tabs.review")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="submit">
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
            <IssueReportForm idPrefix="issue-submit" />
            <HowItWorks />
          </div>
        </TabsContent>
        <TabsContent value="manage">
          <IssueList filter={location.filter} onFilterChange={location.setFilter} onReview={location.openReview} />
        </TabsContent>
        <TabsContent value="review">
          {location.issueId === null ? (
            <EmptyState
              icon={ClipboardCheck}
              title={t("issues.review.noneTitle")}
              description={t("issues.review.noneDescription")}
              action={<Button onClick={() => location.showTab("manage")}>{t("issues.review.goToManage")}</Button>}
              data-testid="issue-review-none"
            />
          ) : (
            <div className="grid gap-3">
              <Button variant="ghost" size="sm" className="w-fit" onClick={() => location.showTab("manage")}>
                <ArrowLeft aria-hidden="true" />
                {t("issues.review.back")}
              </Button>
              <IssueReviewCard key={location.issueId} issueId={location.issueId} />
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * What happens after submitting, so nobody waits for a reply that comes from a colleague, not the form. Whether a
 * fix is proposed depends on the server's AI model: without one the issue gets related earlier fixes, nothing to approve.
 */
function HowItWorks() {
  const { t } = useTranslation();
  const source = useProposalSource();
  const kind = source.data?.kind;
  const steps = [
    t("issues.howItWorks.report"),
    kind === "model"
      ? t("issues.howItWorks.propose", { model: source.data?.model ?? "" })
      : kind === "retrieval"
        ? t("issues.howItWorks.proposeNoModel")
        : source.isPending
          ? t("issues.howItWorks.proposeChecking")
          : t("issues.howItWorks.proposeUnknown"),
    kind === "retrieval" ? t("issues.howItWorks.reviewNoModel") : t("issues.howItWorks.review"),
  ];
  return (
    <Card data-testid="issue-how-it-works">
      <CardHeader>
        <CardTitle>{t("issues.howItWorks.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm">
          {steps.map((step, index) => (
            <li key={index} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground">
                {index + 1}
              </span>
              <span className="pt-0.5 text-muted-foreground">{step}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
