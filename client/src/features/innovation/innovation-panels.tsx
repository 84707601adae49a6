import { useState } from "react";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  complianceAuditFamily,
  type DeadlineKind,
  deadlineKinds,
  experimentFamily,
  type InnovationDashboard,
  knowledgeArticleFamily,
  legacyIntegrationFamily,
  TECH_ITEMS_SHOWN,
  techRadarItemFamily,
} from "@contract/records/innovation";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api";
import { FigureRows, formatDay, formatNumber, recordsOf, valueLabel, type RecordsRef } from "@/features/records";
import { AddRecordButton, MarkdownRecordList } from "@/features/records";
import { useFamilyList } from "@/features/records";
import type { ColumnDeclaration, FieldOf } from "@/features/records";
import { ViewAllButton } from "@/features/records";
import { useKnowledgeSearch } from "./innovation-queries";
import type { RadarItem } from "./radar-layout";
import { ringTone } from "./ring-tones";
import { TechRadarChart } from "./tech-radar-chart";

/*
 * What only Innovation & Legacy has, mounted by its declaration (innovation-page.tsx): the dashboard's deadlines and
 * most recently moved technologies, the tech radar drawn as a radar, and the knowledge base's search and articles.
 */

/** The radar's query: the spec's 10 technologies, the most recently moved first (the radar tab's list reads the same). */
export const RADAR_QUERY = { limit: TECH_ITEMS_SHOWN };
/** The knowledge tab's query, the figures and the articles alike. */
export const KNOWLEDGE_QUERY = { limit: 200 };

/**
 * Each family's deadlines as the counts open them: no list filter selects "due within 30 days", so each opens its
 * family sorted by the deadline's date, the soonest first.
 */
const deadlineRecords: Record<DeadlineKind, RecordsRef> = {
  compliance_audit: recordsOf(complianceAuditFamily, { sort: { field: "dueDate", direction: "asc" } }),
  legacy_sunset: recordsOf(legacyIntegrationFamily, { sort: { field: "sunsetDate", direction: "asc" } }),
  experiment_end: recordsOf(experimentFamily, { sort: { field: "endDate", direction: "asc" } }),
};

/**
 * Under the dashboard's five cards: the next 30 days' deadlines (the first 5, then how many there are in all and per
 * family, each count opening its records) and the most recently moved technologies.
 */
export function DashboardPanels({ data: d }: { data: InnovationDashboard }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card data-testid="inn-deadlines">
        <CardHeader>
          <CardTitle>{t("innovation.dashboard.deadlines")}</CardTitle>
          <CardDescription>{t("innovation.dashboard.next30Days")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {d.upcoming_deadlines.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("innovation.dashboard.noDeadlines")}</p>
          ) : (
            <ul className="grid gap-2" data-testid="inn-deadline-list">
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
          {d.deadline_counts.total > 0 ? (
            <>
              <p className="text-xs text-muted-foreground" data-testid="inn-deadlines-total">
                {t("innovation.dashboard.deadlinesListed", { count: d.deadline_counts.total, shown: d.upcoming_deadlines.length })}
              </p>
              <FigureRows
                rows={deadlineKinds.map((kind) => [t(`innovation.deadlineCounts.${kind}`), formatNumber(d.deadline_counts[kind], i18n.language), { ...deadlineRecords[kind], testId: `inn-deadlines-${kind}` }] as const)}
              />
            </>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>{t("innovation.dashboard.recentTechnologies")}</CardTitle>
            <CardDescription>{t("innovation.dashboard.recentTechnologiesShown", { count: d.tech_radar.total, shown: d.technologies.length })}</CardDescription>
          </div>
          {d.tech_radar.total > 0 ? (
            <ViewAllButton
              family={techRadarItemFamily}
              title={t("innovation.radar.list")}
              columns={radarColumns}
              emptyText={t("innovation.radar.empty")}
              total={d.tech_radar.total}
            />
          ) : null}
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
  );
}

/** The technologies' columns, on the radar tab's list and in their full list. */
export const radarColumns: readonly ColumnDeclaration<FieldOf<typeof techRadarItemFamily>>[] = [
  { field: "name" },
  { field: "quadrant" },
  { field: "status", render: (r, t) => <Badge variant={ringTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
  { field: "movedInDate" },
  { field: "owner" },
];

/** The radar itself: the 10 most recently moved technologies by ring and quadrant, saying how many there are in all. */
export function TechRadarPanel() {
  const { t } = useTranslation();
  const technologies = useFamilyList(techRadarItemFamily, RADAR_QUERY, RECORD_LIST_REFRESH_MS);
  const items = (technologies.data?.rows ?? []).map((row): RadarItem => ({ id: row.id, name: String(row.name), quadrant: row.quadrant as RadarItem["quadrant"], status: row.status as RadarItem["status"] }));
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{t("innovation.radar.title")}</CardTitle>
          <CardDescription data-testid="inn-radar-shown">
            {technologies.data
              ? t("innovation.radar.shown", { count: technologies.data.total, shown: items.length })
              : t("innovation.radar.hint", { max: TECH_ITEMS_SHOWN })}
          </CardDescription>
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
  );
}

/** Knowledge base: search, then each article's Markdown rendered without raw HTML (react-markdown skips it). */
export function KnowledgePanel() {
  const { t } = useTranslation();
  const articles = useFamilyList(knowledgeArticleFamily, KNOWLEDGE_QUERY, RECORD_LIST_REFRESH_MS);
  return (
    <>
      <KnowledgeSearch />
      <div className="flex justify-end">
        <AddRecordButton family={knowledgeArticleFamily} />
      </div>
      <MarkdownRecordList
        family={knowledgeArticleFamily}
        list={articles}
        loadingText={t("innovation.knowledge.loading")}
        emptyText={t("innovation.knowledge.empty")}
        label={t("innovation.knowledge.title")}
        testId="knowledge-article"
        editText={t("innovation.knowledge.edit")}
        heading={(article) => (
          <>
            {/* Focusable by script only: the command palette opens an article by focusing its title (knowledge-link.ts). */}
            <CardTitle
              tabIndex={-1}
              data-knowledge-article-id={article.id}
              className="flex flex-wrap items-center gap-2 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              {String(article.title)}
              <Badge variant="outline">{t("innovation.knowledge.version", { version: String(article.version) })}</Badge>
            </CardTitle>
            <CardDescription className="flex flex-wrap items-center gap-1.5">
              {article.author ? <span className="mr-2">{t("innovation.knowledge.author", { author: String(article.author) })}</span> : null}
              {(article.tags ?? []).map((tag) => (
                <Badge key={tag} variant="secondary">
                  {tag}
                </Badge>
              ))}
            </CardDescription>
          </>
        )}
      />
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
