import { useState } from "react";
import { BookOpen, FlaskConical, Pencil, Radar, Search, ShieldCheck, Unplug } from "lucide-react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  complianceAuditFamily,
  EXPERIMENTS_REFRESH_MS,
  experimentFamily,
  knowledgeArticleFamily,
  legacyIntegrationFamily,
  TECH_ITEMS_SHOWN,
  techRadarItemFamily,
} from "@contract/records/innovation";
import type { FamilyRecord } from "@contract/records/schemas";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api";
import { type Analytics, AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard } from "@/features/records/monitoring-parts";
import { RecordFormDialog } from "@/features/records/record-form-dialog";
import { formatDay, valueLabel } from "@/features/records/record-labels";
import { AddRecordButton, RecordListCard, useRecordWrite } from "@/features/records/record-list-card";
import { useFamilyList } from "@/features/records/record-queries";
import { statusTone, threeStepTone } from "@/features/records/score-tones";
import { useInnovationDashboard, useKnowledgeSearch } from "./innovation-queries";
import type { RadarItem } from "./radar-layout";
import { auditTone, legacyTone, ringTone } from "./ring-tones";
import { TechRadarChart } from "./tech-radar-chart";

const pct = (value: number) => `${value}%`;

export function DashboardTab() {
  const { t, i18n } = useTranslation();
  const dashboard = useInnovationDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) return <p className="text-sm text-muted-foreground">{t("innovation.loadingDashboard")}</p>;
  const d = dashboard.data;
  const cards = [
    {
      key: "radar",
      title: t("innovation.dashboard.technologies"),
      icon: Radar,
      value: d.tech_radar.total,
      extra: t("innovation.dashboard.adoptionRate", { value: d.tech_radar.adoption_rate }),
    },
    {
      key: "experiments",
      title: t("innovation.dashboard.activeExperiments"),
      icon: FlaskConical,
      value: d.experiments.active,
      extra: t("innovation.dashboard.successRate", { value: d.experiments.success_rate, completed: d.experiments.completed }),
    },
    {
      key: "knowledge",
      title: t("innovation.dashboard.articles"),
      icon: BookOpen,
      value: d.knowledge.total_articles,
      extra: t("innovation.dashboard.updatedRecently", { count: d.knowledge.updated_last_30_days }),
    },
    {
      key: "compliance",
      title: t("innovation.dashboard.passRate"),
      icon: ShieldCheck,
      value: <span className={threeStepTone(d.compliance.pass_rate)}>{pct(d.compliance.pass_rate)}</span>,
      extra: t("innovation.dashboard.overdueAudits", { count: d.compliance.overdue_audits }),
    },
    {
      key: "legacy",
      title: t("innovation.dashboard.legacyActive"),
      icon: Unplug,
      value: d.legacy.active,
      extra: t("innovation.dashboard.legacySplit", { deprecated: d.legacy.deprecated, sunset: d.legacy.sunset }),
    },
  ];
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {cards.map(({ key, ...card }) => (
          <StatCard key={key} testId={`inn-card-${key}`} {...card} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="inn-deadlines">
          <CardHeader>
            <CardTitle>{t("innovation.dashboard.deadlines")}</CardTitle>
            <CardDescription>{t("innovation.dashboard.next30Days")}</CardDescription>
          </CardHeader>
          <CardContent>
            {d.upcoming_deadlines.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("innovation.dashboard.noDeadlines")}</p>
            ) : (
              <ul className="grid gap-2">
                {d.upcoming_deadlines.map((deadline) => (
                  <li key={`${deadline.kind}-${deadline.title}-${deadline.date}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="flex items-center gap-2">
                      <Badge variant="outline">{t(`innovation.deadlineKinds.${deadline.kind}`)}</Badge>
                      {deadline.title}
                    </span>
                    <span className="text-muted-foreground">
                      {formatDay(deadline.date, i18n.language)} · {t("innovation.daysRemaining", { count: deadline.days_remaining })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("innovation.dashboard.recentTechnologies")}</CardTitle>
            <CardDescription>{t("innovation.dashboard.recentTechnologiesHint", { max: TECH_ITEMS_SHOWN })}</CardDescription>
          </CardHeader>
          <CardContent>
            {d.technologies.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("innovation.radar.empty")}</p>
            ) : (
              <ul className="grid gap-1.5 text-sm" data-testid="inn-technologies">
                {d.technologies.map((tech) => (
                  <li key={tech.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex items-center gap-2">
                      <Badge variant={ringTone(tech.status)}>{valueLabel(t, tech.status)}</Badge>
                      {tech.name}
                    </span>
                    <span className="text-muted-foreground">
                      {valueLabel(t, tech.quadrant)} · {formatDay(tech.moved_in_date, i18n.language)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function TechRadarTab() {
  const { t } = useTranslation();
  const technologies = useFamilyList<Analytics>(techRadarItemFamily, { limit: TECH_ITEMS_SHOWN }, RECORD_LIST_REFRESH_MS);
  const a = technologies.data?.analytics;
  const items = (technologies.data?.rows ?? []).map((row): RadarItem => ({ id: row.id, name: String(row.name), quadrant: row.quadrant as RadarItem["quadrant"], status: row.status as RadarItem["status"] }));
  return (
    <>
      <AnalyticsCard title={t("innovation.radar.overview")} query={technologies} loadingText={t("innovation.radar.loading")}>
        <Figure label={t("innovation.radar.total")} value={num(a?.total_technologies)} testId="inn-total-technologies" />
        <Figure label={t("innovation.radar.movedRecently")} value={num(a?.moved_last_90_days)} />
        <CountsByBadges label={t("innovation.radar.byRing")} entries={counts(a?.by_status)} emptyText={t("innovation.none")} />
      </AnalyticsCard>
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{t("innovation.radar.title")}</CardTitle>
            <CardDescription>{t("innovation.radar.hint", { max: TECH_ITEMS_SHOWN })}</CardDescription>
          </div>
          <AddRecordButton family={techRadarItemFamily} />
        </CardHeader>
        <CardContent>
          {technologies.isError ? (
            <RetryAlert message={apiErrorMessage(technologies.error, t("common.networkError"))} onRetry={() => void technologies.refetch()} />
          ) : technologies.isPending ? (
            <p className="text-sm text-muted-foreground">{t("innovation.radar.loading")}</p>
          ) : (
            <TechRadarChart items={items} />
          )}
        </CardContent>
      </Card>
      <RecordListCard
        family={techRadarItemFamily}
        title={t("innovation.radar.list")}
        list={technologies}
        limit={TECH_ITEMS_SHOWN}
        columns={[
          { field: "name" },
          { field: "quadrant" },
          { field: "status", render: (r) => <Badge variant={ringTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
          { field: "movedInDate" },
          { field: "owner" },
        ]}
        loadingText={t("innovation.radar.loading")}
        emptyText={t("innovation.radar.empty")}
      />
    </>
  );
}

export function ExperimentsTab() {
  const { t } = useTranslation();
  const experiments = useFamilyList<Analytics>(experimentFamily, { limit: 200 }, EXPERIMENTS_REFRESH_MS);
  const a = experiments.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("innovation.experiments.overview")} query={experiments} loadingText={t("innovation.experiments.loading")}>
        <Figure label={t("innovation.experiments.active")} value={num(a?.active_experiments)} testId="inn-active-experiments" />
        <Figure label={t("innovation.experiments.successRate")} value={pct(num(a?.success_rate))} />
        <CountsByBadges label={t("innovation.experiments.byStatus")} entries={counts(a?.by_status)} emptyText={t("innovation.none")} />
      </AnalyticsCard>
      <RecordListCard
        family={experimentFamily}
        title={t("innovation.experiments.title")}
        list={experiments}
        columns={[
          { field: "title" },
          { field: "hypothesis" },
          { field: "metric" },
          { field: "status", render: (r) => <Badge variant={statusTone("innovation", String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
          { field: "endDate" },
          { field: "outcome" },
          { field: "result" },
        ]}
        loadingText={t("innovation.experiments.loading")}
        emptyText={t("innovation.experiments.empty")}
      />
    </>
  );
}

/** Knowledge base: each article's Markdown rendered without raw HTML (react-markdown skips it), as Succession does. */
export function KnowledgeTab() {
  const { t } = useTranslation();
  const articles = useFamilyList<Analytics>(knowledgeArticleFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const write = useRecordWrite();
  const [editing, setEditing] = useState<FamilyRecord | null>(null);
  const a = articles.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("innovation.knowledge.overview")} query={articles} loadingText={t("innovation.knowledge.loading")}>
        <Figure label={t("innovation.knowledge.total")} value={num(a?.total_articles)} testId="inn-total-articles" />
        <Figure label={t("innovation.knowledge.tags")} value={num(a?.distinct_tags)} />
        <Figure label={t("innovation.knowledge.updated")} value={num(a?.updated_last_30_days)} />
      </AnalyticsCard>
      <KnowledgeSearch />
      <div className="flex justify-end">
        <AddRecordButton family={knowledgeArticleFamily} />
      </div>
      {articles.isError ? (
        <RetryAlert message={apiErrorMessage(articles.error, t("common.networkError"))} onRetry={() => void articles.refetch()} />
      ) : articles.isPending ? (
        <p className="text-sm text-muted-foreground">{t("innovation.knowledge.loading")}</p>
      ) : articles.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("innovation.knowledge.empty")}</p>
      ) : (
        <ul className="grid gap-4" aria-label={t("innovation.knowledge.title")}>
          {articles.data.rows.map((article) => (
            <li key={article.id}>
              <Card data-testid="knowledge-article">
                <CardHeader className="flex flex-row items-start justify-between gap-3">
                  <div className="grid gap-1">
                    <CardTitle className="flex flex-wrap items-center gap-2">
                      {String(article.title)}
                      <Badge variant="outline">{t("innovation.knowledge.version", { version: String(article.version) })}</Badge>
                    </CardTitle>
                    <CardDescription className="flex flex-wrap items-center gap-1.5">
                      {article.author ? <span className="mr-2">{t("innovation.knowledge.author", { author: String(article.author) })}</span> : null}
                      {((article.tags as string[] | null) ?? []).map((tag) => (
                        <Badge key={tag} variant="secondary">
                          {tag}
                        </Badge>
                      ))}
                    </CardDescription>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!write.allowed}
                    title={write.reason ?? undefined}
                    onClick={() => setEditing(article)}
                    aria-label={t("records.edit", { name: String(article.title) })}
                  >
                    <Pencil aria-hidden="true" />
                    {t("innovation.knowledge.edit")}
                  </Button>
                </CardHeader>
                <CardContent className="prose prose-sm max-w-none text-sm [&_a]:underline [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc [&_p]:my-2">
                  <Markdown remarkPlugins={[remarkGfm]} skipHtml>
                    {String(article.body)}
                  </Markdown>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <RecordFormDialog family={knowledgeArticleFamily} record={editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

/** A result line reads as text: the excerpt's Markdown marks and line breaks dropped. */
const plainExcerpt = (markdown: string) => markdown.replace(/[#*_`>|~]+/g, "").replace(/\s+/g, " ").trim();

/** Full-text search over the articles' titles and bodies (the same search the repair proposals use). */
function KnowledgeSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const results = useKnowledgeSearch(query);
  return (
    <Card>
      <CardContent className="grid gap-3 pt-4">
        <form
          role="search"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery(text.trim());
          }}
        >
          <div className="grid min-w-64 flex-1 gap-1">
            <Label htmlFor="knowledge-search">{t("innovation.knowledge.searchLabel")}</Label>
            <Input id="knowledge-search" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} placeholder={t("innovation.knowledge.searchPlaceholder")} />
          </div>
          <Button type="submit" size="sm" data-testid="knowledge-search-submit">
            <Search aria-hidden="true" />
            {t("innovation.knowledge.search")}
          </Button>
          {query ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setText("");
                setQuery("");
              }}
            >
              {t("innovation.knowledge.clearSearch")}
            </Button>
          ) : null}
        </form>
        {query === "" ? null : results.isError ? (
          <RetryAlert message={apiErrorMessage(results.error, t("common.networkError"))} onRetry={() => void results.refetch()} />
        ) : results.isPending ? (
          <p className="text-sm text-muted-foreground">{t("innovation.knowledge.searching")}</p>
        ) : results.data.articles.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("innovation.knowledge.noMatches", { query })}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t("innovation.knowledge.results", { query })} data-testid="knowledge-search-results">
            {results.data.articles.map((article) => (
              <li key={article.id} className="grid gap-1 rounded-md border p-3 text-sm">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {article.title}
                  <Badge variant="outline">{t("innovation.knowledge.version", { version: article.version })}</Badge>
                  {article.tags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </span>
                <span className="line-clamp-2 text-muted-foreground">{plainExcerpt(article.excerpt)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function ComplianceTab() {
  const { t } = useTranslation();
  const audits = useFamilyList<Analytics>(complianceAuditFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = audits.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("innovation.compliance.overview")} query={audits} loadingText={t("innovation.compliance.loading")}>
        <Figure label={t("innovation.compliance.passRate")} value={pct(num(a?.pass_rate))} className={threeStepTone(num(a?.pass_rate))} testId="inn-pass-rate" />
        <Figure label={t("innovation.compliance.overdue")} value={num(a?.overdue_audits)} />
        <Figure label={t("innovation.compliance.openFindings")} value={num(a?.open_findings)} />
      </AnalyticsCard>
      <RecordListCard
        family={complianceAuditFamily}
        title={t("innovation.compliance.title")}
        list={audits}
        columns={[
          { field: "title" },
          { field: "framework" },
          { field: "dueDate" },
          { field: "status", render: (r) => <Badge variant={auditTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
          { field: "openFindings" },
          { field: "findings" },
        ]}
        loadingText={t("innovation.compliance.loading")}
        emptyText={t("innovation.compliance.empty")}
      />
    </>
  );
}

export function LegacyTab() {
  const { t } = useTranslation();
  const integrations = useFamilyList<Analytics>(legacyIntegrationFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const a = integrations.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("innovation.legacy.overview")} query={integrations} loadingText={t("innovation.legacy.loading")}>
        <Figure label={t("innovation.legacy.upcoming")} value={num(a?.upcoming_sunsets)} testId="inn-upcoming-sunsets" />
        <Figure label={t("innovation.legacy.overdue")} value={num(a?.overdue_sunsets)} />
        <CountsByBadges label={t("innovation.legacy.byStatus")} entries={counts(a?.by_status)} emptyText={t("innovation.none")} />
      </AnalyticsCard>
      <RecordListCard
        family={legacyIntegrationFamily}
        title={t("innovation.legacy.title")}
        list={integrations}
        columns={[
          { field: "name" },
          { field: "system" },
          { field: "status", render: (r) => <Badge variant={legacyTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
          { field: "sunsetDate" },
          { field: "replacement" },
        ]}
        loadingText={t("innovation.legacy.loading")}
        emptyText={t("innovation.legacy.empty")}
      />
    </>
  );
}
