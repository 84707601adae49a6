import type { ComponentType, ReactNode } from "react";
import type { ParseKeys, TFunction } from "i18next";
import type { LucideIcon } from "lucide-react";
import type { z } from "zod";
import type { RecordFamily } from "@contract/records/family";
import type { FamilyEndpoints, FamilyRecord } from "@contract/records/schemas";
import type { Trend } from "@contract/records/business-health";
import type { StatusScheme } from "../score-tones";
import type { FigureFormat, ToneScheme } from "./figures";

/*
 * A record page declared as data (issue 24.1), drawn by <DeclaredPage> (declared-page.tsx). The model is Atomic
 * CRM's: each resource is declared once and mounted generically. A page is its tabs; a tab is a column of sections;
 * a section is one of
 * - "family": one record family's analytics card and/or its list, from one list query (so the figures and the rows
 *   agree and load together), with the spec's cap and "View all (N)" opening the family's full list;
 * - "dashboard": score cards over a page's dashboard endpoint, each figure with its format, colour scheme and the
 *   line saying what it is computed over;
 * - "query": an analytics card of the same items over an endpoint of its own (not a family's list), its figures'
 *   lines plain sentences, then panels given the same reply (Customer Success's NPS, onboarding, engagement);
 * - "special": a component of its own (the radar, the retention heat map, the hash-chain verification, the NPS
 *   survey, a panel no other page has), mounted where the declaration puts it.
 *
 * Texts are translation keys, so a declaration holds no English and both languages follow it. Accessors over the
 * analytics are methods (`value(a) { ... }`) rather than arrow properties: TypeScript checks method parameters
 * bivariantly, so a section typed for the risk family's analytics still fits the page's list of sections without a
 * cast, while `a.high_priority_risks` inside it is checked against the family's own analytics schema.
 *
 * Cost of a list tab for a new family: one `tab(...)` entry with a `familySection(...)` of its figures and columns,
 * about 30–60 lines, plus its locale strings.
 */

/** A translation key of the en/es files (checked: a typo fails the typecheck). */
export type TKey = ParseKeys;

/** A family's analytics as its declaration's zod schema says (typed from the family, not read by string keys). */
export type AnalyticsOf<F extends RecordFamily> = z.infer<F["analytics"]>;

/** A family's field names. */
export type FieldOf<F extends RecordFamily> = keyof F["fields"] & string;

/** The list endpoint's filters a declaration may pass: a page size, a search, and each filterable enum. */
export type ListFilters = Record<string, string | number | undefined>;

/**
 * The line under a figure saying what it is computed over ("Average over 6 timed simulations, all time"), from the
 * stored records themselves, and a way to them: the line opens the family's full list with `filters` applied.
 * Written with explainOver(family, ...) when it counts or reads rows, so they are typed from the family's fields;
 * as declared in a figure (the rows `unknown`), it cannot read a field by a name nobody checked.
 */
export interface Explanation<F extends RecordFamily = RecordFamily, Row = unknown> {
  /** The records the figure is computed over. */
  family: F;
  /** The list filters that select them (status active...); the same filters open the full list. */
  filters?: ListFilters;
  /** The line; given `count` (and whatever `params` adds), pluralised by it. */
  text: TKey;
  /** The line when no record is selected, if it should differ. */
  noneText?: TKey;
  /** How many of the selected records the figure uses (those with a response time...); all of them by default. */
  count?(rows: readonly Row[]): number;
  /** More values for the line (the latest review's date...). */
  params?(rows: readonly Row[], language: string): Record<string, string | number>;
}

/**
 * An explanation whose `count` and `params` read the family's rows typed from its declaration: `row.status` is the
 * family's enum and a field the family does not declare (or a renamed one) fails the typecheck (issue 24.2).
 */
export const explainOver = <F extends RecordFamily>(family: F, explanation: Omit<Explanation<F, FamilyRecord<F>>, "family">): Explanation => {
  const typed: Explanation<F, FamilyRecord<F>> = { family, ...explanation };
  return typed;
};

/** A count of the rows where `field` (one of the family's declared fields) holds a value: "over 6 timed simulations". */
export const countRecorded =
  <F extends RecordFamily>(_family: F, field: FieldOf<F>) =>
  (rows: readonly FamilyRecord[]): number =>
    rows.filter((row) => row[field] !== null && row[field] !== undefined).length;

/** A figure from an analytics or dashboard reply: its label, its value, how it reads and which colours it takes. */
export interface FigureDeclaration<A> {
  kind: "figure";
  label: TKey;
  value(a: A): number | string | null | undefined;
  format: FigureFormat;
  /** The spec's colour scheme for this score (80/60, 90/80/70/60, 95/85/75/65); none leaves it uncoloured. */
  tone?: ToneScheme;
  /** A progress bar under the figure (a percentage). */
  progress?: boolean;
  /** A trend under the figure ("Trend: Improving"). */
  trend?: { label: TKey; value(a: A): Trend | undefined };
  explain?: Explanation;
  /**
   * The figure's line when what it is computed over is not a record family (NPS answers, engagement users): a plain
   * sentence, a key given the reply's `params` (`count` pluralises it); its test id is `explain-${testId}`.
   */
  explainText?: PlainExplanation<A>;
  /** Drawn beside the value inside the figure (a label badge: "100 Excellent"). */
  adornment?(a: A): ReactNode;
  testId?: string;
}

/** A figure's plain line (not over a record family): a key and its values from the reply. */
export interface PlainExplanation<A> {
  text: TKey;
  params(a: A): Record<string, string | number>;
  /** The line's own test id (`explain-${testId}`) when the figure has none or another. */
  testId?: string;
}

/** Trends stacked in one cell ("Response time: Improving", "Effectiveness: Stable"). */
export interface TrendsDeclaration<A> {
  kind: "trends";
  items: readonly { label: TKey; value(a: A): Trend | undefined }[];
}

/** Counts as badges ("Operational: 3"), e.g. an analytics `by_type`. */
export interface CountsDeclaration<A> {
  kind: "counts";
  label: TKey;
  value(a: A): Record<string, number> | undefined;
  /** The text when there is nothing to count. */
  emptyText: TKey;
  /** Across the card's three columns rather than in one. */
  wide?: boolean;
}

/** Several counts in one place: one above the other in a cell ("column", or "compact" closer), or side by side across the card ("across"). */
export interface CountsGroupDeclaration<A> {
  kind: "countsGroup";
  layout: "column" | "compact" | "across";
  items: readonly Omit<CountsDeclaration<A>, "kind" | "wide">[];
}

/** A sentence across the card (the next review due...): a component of its own, given the analytics. */
export interface LineDeclaration<A> {
  kind: "line";
  render(a: A, t: TFunction, language: string): ReactNode;
}

export type AnalyticsItem<A> = FigureDeclaration<A> | TrendsDeclaration<A> | CountsDeclaration<A> | CountsGroupDeclaration<A> | LineDeclaration<A>;

/**
 * A list column: a field of the family (its label heads it and its kind decides how it reads), or
 * - `format`: the field as a figure (minutes, out of 10...);
 * - `badge`: the field's value as a status badge in one of the spec's status colour schemes (§4);
 * - `flags`: yes-flags of the record, a badge for each that holds (Encrypted, Verified...), a dash when none does;
 * - `render`: anything else (two badges in one cell...).
 */
export interface ColumnDeclaration<Field extends string = string> {
  /** One of the family's declared fields (a typo or a renamed field fails the typecheck). */
  field: Field;
  label?: TKey;
  format?: FigureFormat;
  badge?: { scheme: StatusScheme; testId?: string };
  flags?: readonly FlagDeclaration<Field>[];
  /** With `flags`: the dash of a record with none is muted. */
  flagsMutedDash?: boolean;
  render?(record: FamilyRecord, t: TFunction, language: string): ReactNode;
}

/** A badge's colour in a flags cell. */
export type FlagVariant = "outline" | "success" | "info" | "destructive" | "secondary";

/** One flag of a `flags` column: shown when its field is `true`, or when `when` holds (a status, a filled field). */
export interface FlagDeclaration<Field extends string = string> {
  /** One of the family's declared fields (typed as a column's field). */
  field: Field;
  label: TKey;
  when?(record: FamilyRecord): boolean;
  /** The badge's colour; outline when not given. */
  variant?: FlagVariant;
}

export interface ListDeclaration<Field extends string = string> {
  title: TKey;
  columns: readonly ColumnDeclaration<Field>[];
  /** The spec's cap ("latest 5"); the card then offers "View all (N)". None: every record the query answers. */
  cap?: number;
  emptyText: TKey;
  /** The card in a box of fixed height that scrolls (the spec's "scrolling" lists). */
  scroll?: boolean;
}

/** An endpoint that answers as family F's list does: the same method, query and reply, whatever its path and words. */
export type FamilyListEndpoint<F extends RecordFamily> = Omit<FamilyEndpoints<F>["list"], "path" | "summary" | "description"> & { path: string; summary: string; description?: string };

export interface FamilySection<F extends RecordFamily = RecordFamily, A = AnalyticsOf<F>> {
  kind: "family";
  family: F;
  /** The list query (filters and page size) the card and its figures read; the cap decides the rows shown. */
  query: ListFilters;
  /**
   * The endpoint the card reads when the spec names a path of its own for the family's list (GET
   * /api/business-review/list): it must answer as the family's list endpoint does; that endpoint by default.
   */
  endpoint?: FamilyListEndpoint<F>;
  refreshMs: number;
  /** The panel's loading text (spec §8). */
  loadingText: TKey;
  analytics?: { title: TKey; testId?: string; items: readonly AnalyticsItem<A>[] };
  list?: ListDeclaration<FieldOf<F>>;
}

/** A dashboard score card: title, icon, the figure and a line below it. */
export interface StatDeclaration<D> extends Omit<FigureDeclaration<D>, "kind" | "label" | "trend"> {
  key: string;
  title: TKey;
  icon: LucideIcon;
  /**
   * The small line under the figure ("3 active risks"): a key given `count` (and whatever `params` adds: "85% validated
   * · 4 completed", "$1,200 pending revenue" in the reader's language).
   */
  caption?: { text: TKey; count(d: D): number; params?(d: D, language: string): Record<string, string | number> };
  /*
   * From the figure: `adornment` (a badge) is drawn under the value, above the caption; `explainText` (a plain line,
   * for a figure not over a record family) under it, its test id `explain-${testIdPrefix}${key}`.
   */
}

/** What a dashboard section reads: a TanStack Query result of the page's dashboard endpoint. */
export type DashboardQuery<D> = { data: D | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

export interface DashboardSection<D> {
  kind: "dashboard";
  /**
   * The hook reading the dashboard (every section of the page shares its cache); over several endpoints,
   * `combinedDashboard({ nps: useNpsAnalytics, ... })` (combine-queries.ts) reads them as one reply.
   */
  useDashboard(): DashboardQuery<D>;
  loadingText: TKey;
  /** Test ids are `${testIdPrefix}${card.key}`. */
  testIdPrefix: string;
  cards: readonly StatDeclaration<D>[];
  /** The cards in one row on a wide screen: 4 by default; 5 for the pages whose spec gives five scores. */
  columns?: 4 | 5;
  /** Panels under the cards, given the same reply (upcoming reviews, progress...). */
  panels?(data: D): ReactNode;
}

/**
 * An analytics card over any query (an endpoint of its own, not a record family's list): the card's declared items
 * drawn as a family's are, its loading and error states, then panels given the same reply (tables, forms).
 */
export interface QuerySection<D> {
  kind: "query";
  /** The hook reading the reply (a TanStack Query result). */
  useQuery(): DashboardQuery<D>;
  loadingText: TKey;
  analytics: {
    title: TKey;
    /** The line under the title: a key, or a key with its values. */
    description?: TKey | { text: TKey; params: Record<string, string | number> };
    testId?: string;
    /** The card's columns on a wider screen: 3 by default. */
    columns?: 3 | 5;
    items: readonly AnalyticsItem<D>[];
  };
  /** What follows the card once the reply is there (tables, a form...). */
  panels?(data: D): ReactNode;
}

export interface SpecialSection {
  kind: "special";
  Component: ComponentType;
}

/*
 * Sections erase their analytics type (see the note on methods above): what a section reads is checked where it is
 * declared, by familySection() and dashboardSection().
 */
export type Section = FamilySection<RecordFamily, unknown> | DashboardSection<unknown> | QuerySection<unknown> | SpecialSection;

export interface TabDeclaration<Name extends string = string> {
  name: Name;
  icon: LucideIcon;
  sections: readonly Section[];
}

export interface PageDeclaration<Name extends string = string> {
  /** The tab list's accessible name. */
  listLabel: TKey;
  /** A tab's label: `${tabLabelPrefix}${name}`. */
  tabLabelPrefix: string;
  tabs: readonly TabDeclaration<Name>[];
  /** The header's action (a report button...). */
  Actions?: ComponentType;
  dense?: boolean;
}

/** A family's section, its figures and columns checked against that family's fields and analytics. */
export const familySection = <F extends RecordFamily>(family: F, section: Omit<FamilySection<F>, "kind" | "family">): Section => {
  const declared: FamilySection<F> = { kind: "family", family, ...section };
  return declared;
};

/** A dashboard's score cards, checked against its reply. */
export const dashboardSection = <D>(section: Omit<DashboardSection<D>, "kind">): Section => {
  const declared: DashboardSection<D> = { kind: "dashboard", ...section };
  return declared;
};

/** An analytics card over a query of its own, its items checked against the query's reply. */
export const querySection = <D>(section: Omit<QuerySection<D>, "kind">): Section => {
  const declared: QuerySection<D> = { kind: "query", ...section };
  return declared;
};

export const specialSection = (Component: ComponentType): Section => ({ kind: "special", Component });

export const definePage = <const Name extends string>(page: PageDeclaration<Name>) => page;
