import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type { PerpetualInnovationDashboard } from "@contract/records/perpetual-innovation";
import { statusTone } from "@/features/records";
import { formatMoney, IMPACT_AREAS_SHOWN, legacyReportSections, scoreTone, showsOverdue } from "./perpetual-innovation-figures";

const locale = (lng: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8"));

describe("Perpetual Innovation figures", () => {
  it("colours a score 80 or more green, 60 to 79 yellow, below 60 red (spec §5)", () => {
    const [green, yellow, red] = ["text-success-strong", "text-amber-700", "text-destructive-strong"];
    expect([100, 80, 79, 60, 59, 0].map(scoreTone)).toEqual([green, green, yellow, yellow, red, red]);
  });

  it("shows the overdue refresh count only above 0, and at most 3 impact areas", () => {
    expect([0, 1, 4].map(showsOverdue)).toEqual([false, true, true]);
    expect(IMPACT_AREAS_SHOWN).toBe(3);
  });

  it("gives every status of the page's families its §4 colour", () => {
    const tones = Object.fromEntries(
      ["completed", "active", "in_progress", "ready", "announced", "planning", "preparing", "draft", "cancelled"].map((status) => [status, statusTone("innovation", status)]),
    );
    expect(tones).toEqual({
      completed: "success",
      active: "success",
      in_progress: "info",
      ready: "info",
      announced: "info",
      planning: "warning",
      preparing: "warning",
      draft: "warning",
      cancelled: "destructive",
    });
    expect(["public", "internal", "draft", "archived"].map((status) => statusTone("publication", status))).toEqual(["success", "secondary", "secondary", "secondary"]);
  });

  it("puts the dashboard's figures and each tab's analytics in the Legacy Report, in the reader's language", async () => {
    const dashboard: PerpetualInnovationDashboard = {
      innovation_health: 82,
      succession_readiness: 67,
      community_legacy_status: 60,
      sustainability_score: 59,
      project_maturity: 75,
      upcoming_reviews: [],
      legacy_impact: { quantified_impact: "155000.00", preservation_score: 75 },
      innovation_timeline: { next_refresh: null, scheduled_refreshes: 0, overdue_refreshes: 2 },
    };
    const inputs = {
      dashboard,
      techRefresh: { innovation_score: 82, prototype_success_rate: 50, technology_debt: { level: "low", count: 12, deprecated: 1, at_risk: 1 }, prototypes_this_year: 4, innovation_velocity: 9 },
      handover: { readiness_score: 67, total_packages: 6, by_type: { technical: 1 }, by_status: { ready: 1 } },
      legacy: { community_impact: { open_source_initiatives: 2, stakeholder_reach: 4650 }, by_type: {}, transition_timeline: { next_transition: null, pending_transitions: 3, completed_transitions: 2 } },
      sustainability: { sustainability_score: 59, budget_allocation: "75000.00", by_type: { sunset: 2 }, active_maintenance: 3, scheduled_sunsets: 1 },
      reports: { legacy_value: "155000.00", knowledge_preservation: 20, public_reports: 2, impact_summary: { total_achievements: 8, lessons_documented: 7, impact_areas: ["a", "b", "c", "d"] } },
    };
    for (const [lng, expected] of [
      ["en", { heading: "Dashboard", money: "$155,000.00", notScheduled: "Not scheduled", noneScheduled: "None scheduled", type: "Technical: 1" }],
      ["es", { heading: "Panel", money: "155.000,00 US$", notScheduled: "Sin programar", noneScheduled: "Ninguna programada", type: "Técnico: 1" }],
    ] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, resources: { [lng]: { translation: locale(lng) } } });
      const sections = legacyReportSections(i18n.t, lng, inputs);
      expect(sections.map((section) => section.rows.length)).toEqual([11, 8, 4, 6, 5, 6]);
      const values = sections.flatMap((section) => section.rows.map(([, value]) => value.replace(/\s/g, " ")));
      expect(sections[0]!.heading).toBe(expected.heading);
      expect(values).toEqual(expect.arrayContaining(["82%", "59%", expected.money, expected.notScheduled, expected.noneScheduled, expected.type, "a, b, c", "2"]));
      expect(formatMoney("155000.00", lng).replace(/\s/g, " ")).toBe(expected.money);
    }
  });
});
