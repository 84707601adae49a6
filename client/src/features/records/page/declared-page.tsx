import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import { RetryAlert } from "@/components/retry-alert";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { AnalyticsCard, CountsByBadges, Figure, StatCard, TrendBadge } from "../monitoring-parts";
import { RecordListCard } from "../record-list-card";
import { useFamilyList } from "../record-queries";
import type { AnalyticsItem, DashboardSection, Explanation, FamilySection, FigureDeclaration, PageDeclaration, PlainExplanation, QuerySection, Section, TabDeclaration, TKey } from "./declaration";
import { formatFigure, offersViewAll, toneClass } from "./figures";
import { ViewAllButton } from "./full-list-dialog";
import { OpenRecords } from "./open-records";
import { listColumns } from "./list-columns";
import { useAllRecords } from "./use-all-records";

/*
 * Draws a page declaration (declaration.ts): its tabs in a TabbedPage, each tab's sections in order. Nothing here
 * knows a page: what differs between pages is in their declarations.
 */

/**
 * A figure's line: what it is computed over, counted from the stored records ("Average over 6 timed simulations, all
 * time"). It is a button opening those records' full list, so every figure can be checked against its records.
 */
export function ExplanationLine({ explain, testId }: { explain: Explanation; testId?: string }) {
  const { t, i18n } = useTranslation();
  const records = useAllRecords(explain.family, explain.filters);
  if (!records.data) return null;
  const rows = records.data.rows;
  const count = explain.count ? explain.count(rows) : records.data.total;
  const key: TKey = rows.length === 0 && explain.noneText ? explain.noneText : explain.text;
  const text = t(key, { count, ...(explain.params?.(rows, i18n.language) ?? {}) });
  return (
    <OpenRecords records={{ family: explain.family, filters: explain.filters }} testId={testId ? `explain-${testId}` : undefined} className="text-xs text-muted-foreground">
      {text}
    </OpenRecords>
  );
}

/** A figure's line when it is not computed over a record family: a plain sentence from the reply. */
function PlainExplanationLine({ explain, data, testId }: { explain: PlainExplanation<unknown>; data: unknown; testId?: string }) {
  const { t } = useTranslation();
  const id = explain.testId ?? testId;
  return (
    <p className="text-xs text-muted-foreground" data-testid={id ? `explain-${id}` : undefined}>
      {t(explain.text, explain.params(data))}
    </p>
  );
}

/** A figure of an analytics card: formatted, coloured by its scheme, with its bar, trend and line as declared. */
function FigureItem({ item, data }: { item: FigureDeclaration<unknown>; data: unknown }) {
  const { t, i18n } = useTranslation();
  const value = item.value(data);
  const text = formatFigure(t, i18n.language, item.format, value);
  const adornment = item.adornment?.(data);
  const shown = adornment ? (
    <span className="flex items-center gap-2">
      {text}
      {adornment}
    </span>
  ) : (
    text
  );
  const figure = <Figure label={t(item.label)} value={shown} className={toneClass(item.tone, value)} testId={item.testId} />;
  if (!item.progress && !item.trend && !item.explain && !item.explainText) return figure;
  return (
    <div className="grid content-start gap-1">
      {figure}
      {item.progress ? <Progress value={Number(value ?? 0)} aria-label={t(item.label)} /> : null}
      {item.trend ? <TrendBadge label={t(item.trend.label)} trend={item.trend.value(data)} /> : null}
      {item.explain ? <ExplanationLine explain={item.explain} testId={item.testId} /> : null}
      {item.explainText ? <PlainExplanationLine explain={item.explainText} data={data} testId={item.testId} /> : null}
    </div>
  );
}

/** How a group of counts is laid out. */
const COUNTS_LAYOUT = {
  column: "grid content-start gap-4",
  compact: "grid gap-3",
  across: "grid items-start gap-4 sm:col-span-3 sm:grid-cols-2",
} as const;

/** One declared item of an analytics card, drawn from the family's analytics. */
export function AnalyticsItemView({ item, data }: { item: AnalyticsItem<unknown>; data: unknown }) {
  const { t, i18n } = useTranslation();
  switch (item.kind) {
    case "figure":
      return <FigureItem item={item} data={data} />;
    case "trends":
      return (
        <div className="grid gap-2">
          {item.items.map((trend) => (
            <TrendBadge key={trend.label} label={t(trend.label)} trend={trend.value(data)} />
          ))}
        </div>
      );
    case "counts": {
      const counts = <CountsByBadges label={t(item.label)} entries={Object.entries(item.value(data) ?? {})} emptyText={t(item.emptyText)} />;
      return item.wide ? <div className="sm:col-span-3">{counts}</div> : counts;
    }
    case "countsGroup":
      return (
        <div className={COUNTS_LAYOUT[item.layout]}>
          {item.items.map((counts) => (
            <CountsByBadges key={counts.label} label={t(counts.label)} entries={Object.entries(counts.value(data) ?? {})} emptyText={t(counts.emptyText)} />
          ))}
        </div>
      );
    case "line":
      return <>{item.render(data, t, i18n.language)}</>;
  }
}

/** A family's analytics card and list, from one query; a capped list shows its cap and offers the full list. */
function FamilySectionView({ section }: { section: FamilySection<never, unknown> | FamilySection }) {
  const { t, i18n } = useTranslation();
  const { family, query, analytics, list } = section;
  const records = useFamilyList(family, query, section.refreshMs, section.endpoint);
  const data = records.data;
  const loadingText = t(section.loadingText);
  const { limit: _limit, offset: _offset, ...filters } = query;
  return (
    <>
      {analytics ? (
        <AnalyticsCard title={t(analytics.title)} query={records} loadingText={loadingText}>
          {data ? analytics.items.map((item, index) => <AnalyticsItemView key={index} item={item} data={data.analytics} />) : null}
        </AnalyticsCard>
      ) : null}
      {list ? (
        <ScrollBox scroll={list.scroll}>
          <RecordListCard
            family={family}
            title={t(list.title)}
            list={records}
            limit={list.cap}
            columns={listColumns(list.columns, t, i18n.language)}
            loadingText={loadingText}
            emptyText={t(list.emptyText)}
            headerActions={
              data && offersViewAll(list.cap, data.total, data.rows.length) ? (
                <ViewAllButton family={family} title={t(list.title)} columns={list.columns} filters={filters} emptyText={t(list.emptyText)} total={data.total} />
              ) : null
            }
          />
        </ScrollBox>
      ) : null}
    </>
  );
}

/**
 * A list declared `scroll` (the spec's scrolling lists): its table fills the page down to the window's bottom and
 * scrolls there under its card's title, its column headings staying in view, rather than in a short box on an
 * otherwise empty page (issue 24.10).
 */
function ScrollBox({ scroll, children }: { scroll: boolean | undefined; children: ReactNode }) {
  if (!scroll) return <>{children}</>;
  return (
    <div
      className="[&_[data-slot=table-container]]:max-h-[calc(100dvh-16rem)] [&_[data-slot=table-container]]:overflow-y-auto [&_thead]:sticky [&_thead]:top-0 [&_thead]:z-10 [&_thead]:bg-card"
      data-testid="record-list-scroll"
    >
      {children}
    </div>
  );
}

/** An analytics card over a query of its own (its items drawn as a family's are), then its panels given the reply. */
export function QuerySectionView({ section }: { section: QuerySection<unknown> }) {
  const { t } = useTranslation();
  const query = section.useQuery();
  const { analytics } = section;
  const description = analytics.description === undefined ? undefined : typeof analytics.description === "string" ? t(analytics.description) : t(analytics.description.text, analytics.description.params);
  const data = query.data;
  return (
    <>
      <AnalyticsCard title={t(analytics.title)} description={description} query={query} loadingText={t(section.loadingText)} columns={analytics.columns} testId={analytics.testId}>
        {data === undefined ? null : analytics.items.map((item, index) => <AnalyticsItemView key={index} item={item} data={data} />)}
      </AnalyticsCard>
      {data === undefined ? null : section.panels?.(data)}
    </>
  );
}

/** A dashboard's score cards over its reply, then its panels; one loading and error state for the lot. */
function DashboardSectionView({ section }: { section: DashboardSection<unknown> }) {
  const { t, i18n } = useTranslation();
  const dashboard = section.useDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending || dashboard.data === undefined) return <p className="text-sm text-muted-foreground">{t(section.loadingText)}</p>;
  const d = dashboard.data;
  return (
    <>
      <div className={section.columns === 5 ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-5" : "grid gap-4 sm:grid-cols-2 xl:grid-cols-4"}>
        {section.cards.map((card) => {
          const value = card.value(d);
          const tone = toneClass(card.tone, value);
          const text = formatFigure(t, i18n.language, card.format, value);
          const extra: ReactNode[] = [];
          const testId = `${section.testIdPrefix}${card.key}`;
          if (card.progress) extra.push(<Progress key="progress" value={Number(value ?? 0)} aria-label={t(card.title)} />);
          const adornment = card.adornment?.(d);
          if (adornment) extra.push(<span key="adornment" className="justify-self-start">{adornment}</span>);
          if (card.caption) extra.push(<span key="caption">{t(card.caption.text, { ...card.caption.params?.(d, i18n.language), count: card.caption.count(d) })}</span>);
          if (card.explain) extra.push(<ExplanationLine key="explain" explain={card.explain} testId={testId} />);
          if (card.explainText) extra.push(<PlainExplanationLine key="explain-text" explain={card.explainText} data={d} testId={testId} />);
          return (
            <StatCard
              key={card.key}
              testId={testId}
              title={t(card.title)}
              icon={card.icon}
              value={tone ? <span className={tone}>{text}</span> : text}
              extra={extra.length ? <div className="grid gap-1.5">{extra}</div> : undefined}
            />
          );
        })}
      </div>
      {section.panels?.(d)}
    </>
  );
}

function SectionView({ section }: { section: Section }) {
  switch (section.kind) {
    case "family":
      return <FamilySectionView section={section} />;
    case "dashboard":
      return <DashboardSectionView section={section} />;
    case "query":
      return <QuerySectionView section={section} />;
    case "special":
      return <section.Component />;
  }
}

/** A tab's sections, stacked in the tab's grid. */
function DeclaredTab({ tab }: { tab: TabDeclaration }) {
  return (
    <>
      {tab.sections.map((section, index) => (
        <SectionView key={index} section={section} />
      ))}
    </>
  );
}

/** Each declaration's tab components, made once, so a tab keeps its state across the page's renders. */
const tabComponents = new WeakMap<PageDeclaration, PageTab[]>();
function tabsOf(page: PageDeclaration): PageTab[] {
  let tabs = tabComponents.get(page);
  if (!tabs) {
    tabs = page.tabs.map((tab) => {
      const Content: ComponentType = () => <DeclaredTab tab={tab} />;
      Content.displayName = `DeclaredTab(${tab.name})`;
      return { name: tab.name, icon: tab.icon, Content };
    });
    tabComponents.set(page, tabs);
  }
  return tabs;
}

/** A declared page: its tabs (the open one in the URL), its header action, and each tab's sections. */
export function DeclaredPage({ page }: { page: PageDeclaration }) {
  const { t } = useTranslation();
  const Actions = page.Actions;
  return (
    <TabbedPage
      tabs={tabsOf(page)}
      listLabel={t(page.listLabel)}
      tabLabel={(name) => t(`${page.tabLabelPrefix}${name}` as TKey)}
      actions={Actions ? <Actions /> : undefined}
      dense={page.dense}
    />
  );
}
