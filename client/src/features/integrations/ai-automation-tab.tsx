import { ArrowRight, Bot, CircleCheck, DollarSign, ListChecks, Sparkles, Workflow } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { AiInsights } from "@contract/integrations";
import { RetryAlert } from "@/components/retry-alert";
import { StatCardGrid } from "@/components/stat-card-grid";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { automationTemplates } from "@/features/automations";
import { apiErrorMessage } from "@/lib/api";
import { triggerLabel } from "@/lib/labels";
import { useFormatters } from "@/lib/use-formatters";
import { useAiInsights } from "./integration-queries";

/** AI Automation: figures counted from stored proposals, runs, tasks and referrals (every 60 s), and the shipped templates. */
export function AiAutomationTab() {
  const { t } = useTranslation();
  const insights = useAiInsights();

  return (
    <div className="grid gap-6">
      {insights.isError ? (
        <RetryAlert
          message={t("integrations.ai.error", { message: apiErrorMessage(insights.error, t("common.networkError")) })}
          onRetry={() => void insights.refetch()}
          data-testid="ai-insights-error"
        />
      ) : (
        <InsightFigures insights={insights.data} busy={insights.isFetching && !insights.isPending} />
      )}
      <WorkflowTemplates />
    </div>
  );
}

function InsightFigures({ insights, busy }: { insights: AiInsights | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const loading = insights === undefined;
  const figures = insights ?? EMPTY_INSIGHTS;
  const percent = (rate: number) => new Intl.NumberFormat(format.language, { style: "percent", maximumFractionDigits: 1 }).format(rate / 100);

  return (
    <>
      <section aria-labelledby="ai-fixes-heading" className="grid gap-3">
        <h2 id="ai-fixes-heading" className="text-base font-semibold">
          {t("integrations.ai.fixesHeading")}
        </h2>
        <StatCardGrid
          loading={loading}
          busy={busy}
          data-testid="ai-fix-figures"
          cards={[
            {
              title: t("integrations.ai.acceptanceRate"),
              value: figures.acceptanceRate === null ? "—" : percent(figures.acceptanceRate),
              caption: t("integrations.ai.acceptanceRateCaption", { approved: format.number(figures.proposalsApproved), made: format.number(figures.proposalsMade) }),
              icon: CircleCheck,
              "data-testid": "ai-acceptance-rate",
            },
            {
              title: t("integrations.ai.proposalsThisMonth"),
              value: format.number(figures.proposalsThisMonth),
              caption: t("integrations.ai.proposalsThisMonthCaption", { count: figures.proposalsMade }),
              icon: Sparkles,
              "data-testid": "ai-proposals-this-month",
            },
            {
              title: t("integrations.ai.revenue"),
              value: format.usd(figures.revenueGenerated),
              caption: t("integrations.ai.revenueCaption", { count: figures.referralConversions }),
              icon: DollarSign,
              "data-testid": "ai-revenue",
            },
          ]}
        />
      </section>
      <section aria-labelledby="ai-automations-heading" className="grid gap-3">
        <h2 id="ai-automations-heading" className="text-base font-semibold">
          {t("integrations.ai.automationsHeading")}
        </h2>
        <StatCardGrid
          loading={loading}
          busy={busy}
          data-testid="ai-automation-figures"
          cards={[
            {
              title: t("integrations.ai.automationsEnabled"),
              value: format.number(figures.automationsEnabled),
              caption: t("integrations.ai.automationsEnabledCaption"),
              icon: Bot,
              "data-testid": "ai-automations-enabled",
            },
            {
              title: t("integrations.ai.automationRuns"),
              value: format.number(figures.automationRuns),
              caption: t("integrations.ai.automationRunsCaption", {
                failed: format.number(figures.automationRunsFailed),
                month: format.number(figures.automationRunsThisMonth),
              }),
              icon: Workflow,
              "data-testid": "ai-automation-runs",
            },
            {
              title: t("integrations.ai.tasksCreated"),
              value: format.number(figures.tasksCreatedByAutomations),
              caption: t("integrations.ai.tasksCreatedCaption"),
              icon: ListChecks,
              "data-testid": "ai-tasks-created",
            },
          ]}
        />
      </section>
    </>
  );
}

/** Stands in while loading: the cards show placeholders then, never these zeros. */
const EMPTY_INSIGHTS: AiInsights = {
  acceptanceRate: null,
  proposalsMade: 0,
  proposalsApproved: 0,
  proposalsThisMonth: 0,
  automationsEnabled: 0,
  automationRuns: 0,
  automationRunsFailed: 0,
  automationRunsThisMonth: 0,
  tasksCreatedByAutomations: 0,
  revenueGenerated: "0.00",
  referralConversions: 0,
};

/** The AI Automation screen's own templates, listed as the catalogue they are; each leads to that screen's form. */
function WorkflowTemplates() {
  const { t } = useTranslation();
  return (
    <Card data-testid="workflow-templates">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t("integrations.ai.templatesTitle")}</CardTitle>
          <Badge variant="secondary">{t("integrations.ai.templatesShipped")}</Badge>
        </div>
        <CardDescription>{t("integrations.ai.templatesDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 md:grid-cols-2">
          {automationTemplates.map((template) => (
            <li key={template.key} className="grid gap-2 rounded-md border p-3" data-testid="workflow-template">
              <h3 className="text-sm font-semibold">{t(`automation.templates.${template.key}`)}</h3>
              <p className="text-sm text-muted-foreground">
                {t("integrations.ai.templateFlow", { trigger: triggerLabel(t, template.trigger), action: t(`automation.actions.${template.action}`) })}
              </p>
              <Button asChild variant="outline" size="sm" className="w-fit">
                <Link href="/automation">
                  {t("integrations.ai.useTemplate")}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
