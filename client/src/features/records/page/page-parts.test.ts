import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { communityEngagementFamily, incidentSimulationFamily } from "@contract/records/business-health";
import type { FamilyRecord } from "@contract/records/schemas";
import { countRecorded, explainOver, querySection, type AnalyticsItem, type DashboardQuery, type QuerySection } from "./declaration";
import { AnalyticsItemView, QuerySectionView } from "./declared-page";
import { DoneMark, FigureRows } from "./figure-rows";
import { TitledCard } from "./titled-card";
import { defaultColumns, listColumns } from "./list-columns";
import { UpcomingCard } from "./upcoming-card";

const locale = (lng: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8"));
/** A separate instance (test files share their worker's modules): given to the components through its provider. */
const i18n = i18next.createInstance();
const html = (node: ReactNode) => renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement("div", null, node)));
/** The text a reader sees in rendered markup. */
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

beforeAll(async () => {
  await i18n.init({ lng: "en", resources: { en: { translation: locale("en") }, es: { translation: locale("es") } } });
});

const simulation = (values: Record<string, unknown>): FamilyRecord =>
  ({ id: 1, createdBy: null, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", ...values }) as FamilyRecord;

describe("declared list columns", () => {
  it("writes a formatted field as its figure, and an unrecorded one as a dash", () => {
    const [minutes, rating] = listColumns([{ field: "responseTime", format: "minutes" }, { field: "effectiveness", format: "outOf10" }], i18n.t, "en");
    expect(minutes!.render!(simulation({ responseTime: 1200 }))).toBe("1,200 min");
    expect(minutes!.render!(simulation({ responseTime: null }))).toBe("—");
    expect(rating!.render!(simulation({ effectiveness: 7.5 }))).toBe("7.5/10");
  });

  it("draws a badge field as its status in the declared colour scheme, with its test id and value", () => {
    const [status] = listColumns([{ field: "status", badge: { scheme: "simulation", testId: "simulation-status" } }], i18n.t, "en");
    const markup = html(status!.render!(simulation({ status: "in_progress" })));
    expect(markup).toContain('data-testid="simulation-status"');
    expect(markup).toContain('data-status="in_progress"');
    expect(text(markup)).toBe("In progress");
    expect(status!.render!(simulation({ status: null }))).toBe("—");
  });

  it("leaves a plain field to the list (its kind decides how it reads) and keeps a declared label", () => {
    const [title] = listColumns([{ field: "title", label: "businessHealth.community.latest" }], i18n.t, "en");
    expect(title).toEqual({ field: "title", label: "Latest activities", render: undefined });
  });

  it("gives a family without declared columns its first six short fields, never its long texts", () => {
    expect(defaultColumns(incidentSimulationFamily).map((c) => c.field)).toEqual(["scenario", "scenarioType", "status", "simulationDate", "responseTime", "effectiveness"]);
    expect(defaultColumns(communityEngagementFamily).map((c) => c.field)).toEqual(["title", "engagementType", "reach", "date"]);
  });
});

describe("declared flags columns", () => {
  const [flags] = listColumns(
    [
      {
        field: "encrypted",
        flags: [
          { field: "encrypted", label: "perpetualStewardship.archives.encryptedFlag" },
          { field: "integrityVerification", label: "perpetualStewardship.archives.verifiedFlag", when: (r) => r.integrityVerification === "verified", variant: "success" },
        ],
      },
    ],
    i18n.t,
    "en",
  );

  it("shows a badge for each flag that holds, in declared order, outline unless it says", () => {
    const markup = html(flags!.render!(simulation({ encrypted: true, integrityVerification: "verified" })));
    expect(text(markup)).toBe("Encrypted Verified");
    expect(markup).toMatch(/class="[^"]*text-foreground[^"]*">Encrypted/);
    expect(markup).toMatch(/class="[^"]*text-success-strong[^"]*">Verified/);
  });

  it("holds a flag only when its field is true, or when its own test says", () => {
    expect(text(html(flags!.render!(simulation({ encrypted: "yes", integrityVerification: "verified" }))))).toBe("Verified");
    expect(text(html(flags!.render!(simulation({ encrypted: true, integrityVerification: "pending" }))))).toBe("Encrypted");
  });

  it("writes a dash when no flag holds, muted when the column asks", () => {
    expect(html(flags!.render!(simulation({ encrypted: false })))).toBe("<div>—</div>");
    const [muted] = listColumns([{ field: "encrypted", flagsMutedDash: true, flags: [{ field: "encrypted", label: "perpetualStewardship.archives.encryptedFlag" }] }], i18n.t, "en");
    expect(html(muted!.render!(simulation({ encrypted: null })))).toBe('<div><span class="text-muted-foreground">—</span></div>');
  });
});

describe("figure rows", () => {
  it("writes each label with its figure, one a line, in the given order and spacing", () => {
    const markup = html(createElement(FigureRows, { rows: [["Runway", "8 months"], ["Uptime", createElement("b", null, "99.9%")]], gap: "gap-2" }));
    expect(markup).toContain('<dl class="grid gap-2 text-sm">');
    expect(markup.match(/<dt class="text-muted-foreground">/g)).toHaveLength(2);
    expect(text(markup)).toBe("Runway 8 months Uptime 99.9%");
  });

  it("is spaced by gap-1 when nothing says otherwise, and is an empty list with no rows", () => {
    expect(html(createElement(FigureRows, { rows: [] }))).toBe('<div><dl class="grid gap-1 text-sm"></dl></div>');
  });

  it("draws a row that names its records as a button opening them, named by its label and figure; a checklist row says done in words", () => {
    const records = { family: incidentSimulationFamily, filters: { status: "completed" }, testId: "timed-simulations" };
    const markup = html(
      createElement(FigureRows, {
        rows: [
          ["Timed simulations", "6", records],
          ["Simulation run", createElement(DoneMark, { done: true }), { family: incidentSimulationFamily }],
          ["Review held", createElement(DoneMark, { done: false })],
        ],
      }),
    );
    expect(markup).toContain('data-testid="timed-simulations"');
    expect(markup).toContain('aria-label="Timed simulations: 6, open its records"');
    expect(markup.match(/<button type="button"/g)).toHaveLength(2);
    expect(text(markup)).toBe("Timed simulations 6 Simulation run Done Review held Not yet");
  });
});

describe("a declared group of counts", () => {
  const group = (layout: "column" | "compact" | "across") =>
    html(
      createElement(AnalyticsItemView, {
        item: {
          kind: "countsGroup",
          layout,
          items: [
            { label: "perpetualStewardship.byType", value: (a: { by_type: Record<string, number> }) => a.by_type, emptyText: "perpetualStewardship.none" },
            { label: "perpetualStewardship.byStatus", value: () => undefined, emptyText: "perpetualStewardship.none" },
          ],
        } as AnalyticsItem<unknown>,
        data: { by_type: { digital: 3, physical: 1 } },
      }),
    );

  it("draws each count with its label in declared order, and the empty text where there is nothing to count", () => {
    expect(text(group("column"))).toBe("By type digital: 3 physical: 1 By status None yet");
  });

  it("lays them out in a column, a compact column, or across the card", () => {
    expect(group("column")).toContain('<div class="grid content-start gap-4">');
    expect(group("compact")).toContain('<div class="grid gap-3">');
    expect(group("across")).toContain('<div class="grid items-start gap-4 sm:col-span-3 sm:grid-cols-2">');
  });
});

describe("a titled card", () => {
  it("shows its title in the header, then its content with the given layout and test id", () => {
    const markup = html(createElement(TitledCard, { title: "Completion Metrics", testId: "fs-metrics", className: "grid gap-3", children: createElement("p", null, "75%") }));
    expect(markup).toContain('data-testid="fs-metrics"');
    expect(markup).toMatch(/<h2[^>]*>Completion Metrics<\/h2>/);
    expect(markup).toMatch(/<div[^>]*class="[^"]*grid gap-3[^"]*"[^>]*><p>75%<\/p><\/div>/);
    expect(text(markup)).toBe("Completion Metrics 75%");
  });

  it("has no test id when none is given", () => {
    expect(html(createElement(TitledCard, { title: "Upcoming", children: "None" }))).not.toContain("data-testid");
  });
});

describe("the upcoming card", () => {
  it("shows its empty text when nothing is scheduled", () => {
    expect(text(html(createElement(UpcomingCard, { title: "Upcoming Reviews", emptyText: "No upcoming reviews scheduled", items: [] })))).toBe(
      "Upcoming Reviews No upcoming reviews scheduled",
    );
  });

  it("lists each entry with its kind, title, day and note", () => {
    const markup = html(
      createElement(UpcomingCard, {
        title: "Upcoming Reviews",
        emptyText: "None",
        items: [{ type: "risk", title: "Supplier review", date: "2026-03-05", note: "14 days left" }],
      }),
    );
    expect(text(markup)).toBe("Upcoming Reviews Risk Supplier review Mar 5, 2026 · 14 days left");
  });
});

describe("explanations typed by their family", () => {
  it("counts the rows that recorded a declared field, the others not", () => {
    const timed = countRecorded(incidentSimulationFamily, "responseTime");
    expect(timed([simulation({ responseTime: 40 }), simulation({ responseTime: null }), simulation({ responseTime: 0 })])).toBe(2);
    // @ts-expect-error a field the family does not declare (or a renamed one) fails the typecheck
    countRecorded(incidentSimulationFamily, "responseMinutes");
  });

  it("reads rows by the family's fields and keeps the family the line opens", () => {
    const explain = explainOver(incidentSimulationFamily, {
      text: "businessHealth.explain.responseTime",
      count: (rows) => rows.filter((row) => row.responseTime !== null && row.responseTime !== undefined && row.responseTime > 30).length,
    });
    expect(explain.family).toBe(incidentSimulationFamily);
    expect(explain.count?.([simulation({ responseTime: 45 }), simulation({ responseTime: 20 })])).toBe(1);
    explainOver(incidentSimulationFamily, {
      text: "businessHealth.explain.responseTime",
      // @ts-expect-error the rows are the family's records: a field it does not declare is not there
      count: (rows) => rows.filter((row) => row.responseMinutes !== null).length,
    });
  });
});

describe("a query section", () => {
  type Reply = { score: number; answers: number };
  const query = (state: Partial<DashboardQuery<Reply>>): DashboardQuery<Reply> => ({ data: undefined, isPending: false, isError: false, error: null, refetch: () => undefined, ...state });
  const section = (state: Partial<DashboardQuery<Reply>>): QuerySection<Reply> => ({
    kind: "query",
    useQuery: () => query(state),
    loadingText: "customerSuccess.nps.loading",
    analytics: {
      title: "customerSuccess.nps.title",
      description: "customerSuccess.nps.formula",
      testId: "nps-card",
      items: [
        {
          kind: "figure",
          label: "customerSuccess.nps.score",
          value: (d) => d.score,
          format: "number",
          explainText: { text: "customerSuccess.explain.nps", params: (d) => ({ count: d.answers }) },
          testId: "nps-score",
        },
        { kind: "figure", label: "customerSuccess.nps.responses", value: (d) => d.answers, format: "number" },
      ],
    },
    panels: (d) => createElement("p", { "data-testid": "nps-panel" }, `${d.answers} comments`),
  });
  const draw = (state: Partial<DashboardQuery<Reply>>) => html(createElement(QuerySectionView, { section: section(state) }));

  it("draws its card's figures from the reply, a figure's plain line saying what it is computed over, then its panels", () => {
    const markup = draw({ data: { score: 1250, answers: 2 } });
    expect(markup).toContain('data-testid="nps-card"');
    expect(markup).toMatch(/data-testid="nps-score"[^>]*>1,250</);
    expect(markup).toMatch(/<p class="text-xs text-muted-foreground" data-testid="explain-nps-score">Over 2 answers, all time<\/p>/);
    expect(text(markup)).toBe(
      "Net Promoter Score % promoters (9–10) minus % detractors (0–6) of every answer, passives (7–8) included; 50 or more is Excellent, 0 or more Good NPS 1,250 Over 2 answers, all time Responses 2 2 comments",
    );
  });

  it("says it is loading, in its own words, and draws no panel yet", () => {
    const markup = draw({ isPending: true });
    expect(text(markup)).toContain("Loading NPS");
    expect(markup).not.toContain("nps-panel");
    expect(markup).not.toContain("nps-score");
  });

  it("says what failed and offers a retry when its query failed", () => {
    const markup = draw({ isError: true, error: new Error("offline") });
    expect(markup).toContain('role="alert"');
    expect(text(markup)).toContain("Could not reach the server. Check your connection and try again. Try again");
    expect(markup).not.toContain("nps-score");
  });

  it("checks its items against the reply's type", () => {
    querySection<Reply>({
      useQuery: () => query({}),
      loadingText: "customerSuccess.nps.loading",
      // @ts-expect-error the reply has no `promoters`: a figure reading it fails the typecheck
      analytics: { title: "customerSuccess.nps.title", items: [{ kind: "figure", label: "customerSuccess.nps.score", value: (d) => d.promoters, format: "number" }] },
    });
    expect(true).toBe(true);
  });
});
