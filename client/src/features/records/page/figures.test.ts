import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { cappedRows, formatFigure, nextSort, offersViewAll, toneClass, type FigureFormat } from "./figures";

const locale = (lng: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8"));
const translator = async (lng: string) => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation: locale(lng) } } });
  return i18n.t;
};
/** Intl writes a narrow no-break space before some units; tests read it as a space. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("a declared figure's format", () => {
  it("writes each format as a person reads it, in English and Spanish", async () => {
    const cases: [FigureFormat, number | string, string, string][] = [
      ["number", 9380, "9,380", "9380"],
      ["number", 55.25, "55.25", "55,25"],
      ["percent", 85, "85%", "85%"],
      ["money", "1250.5", "$1,250.50", "1250,50 US$"],
      ["minutes", 55.2, "55.2 min", "55,2 min"],
      ["days", 1, "1 day", "1 día"],
      ["days", 14, "14 days", "14 días"],
      ["months", 18, "18 months", "18 meses"],
      ["outOf10", 7.5, "7.5/10", "7,5/10"],
    ];
    const en = await translator("en");
    const es = await translator("es");
    for (const [format, value, english, spanish] of cases) {
      expect([format, plain(formatFigure(en, "en", format, value))]).toEqual([format, english]);
      expect([format, plain(formatFigure(es, "es", format, value))]).toEqual([format, spanish]);
    }
  });

  it("reads a figure nobody recorded as a dash, never as zero", async () => {
    const en = await translator("en");
    for (const format of ["number", "percent", "money", "minutes"] as const) {
      expect(formatFigure(en, "en", format, null)).toBe("—");
      expect(formatFigure(en, "en", format, undefined)).toBe("—");
      expect(formatFigure(en, "en", format, "")).toBe("—");
    }
    expect(formatFigure(en, "en", "percent", 0)).toBe("0%");
  });
});

describe("a declared figure's colour scheme (spec §5)", () => {
  it("80/60: green from 80, yellow from 60, red below", () => {
    expect([80, 79, 60, 59].map((v) => toneClass("80/60", v))).toEqual(["text-success-strong", "text-amber-700", "text-amber-700", "text-destructive-strong"]);
  });
  it("90/80/70/60 and 95/85/75/65: five steps at their own thresholds", () => {
    expect([90, 80, 70, 60, 59].map((v) => toneClass("90/80/70/60", v))).toEqual([
      "text-emerald-700",
      "text-green-700",
      "text-yellow-700",
      "text-orange-700",
      "text-destructive-strong",
    ]);
    expect([95, 94, 85, 75, 65, 64].map((v) => toneClass("95/85/75/65", v))).toEqual([
      "text-emerald-700",
      "text-green-700",
      "text-green-700",
      "text-yellow-700",
      "text-orange-700",
      "text-destructive-strong",
    ]);
  });
  it("leaves a figure uncoloured without a scheme or a value", () => {
    expect(toneClass(undefined, 50)).toBeUndefined();
    expect(toneClass("80/60", null)).toBeUndefined();
    expect(toneClass("80/60", "")).toBeUndefined();
  });
});

describe("caps and the full list", () => {
  const rows = Array.from({ length: 8 }, (_, i) => ({ id: i + 1 }));
  it("shows the spec's cap of rows, or every row without a cap", () => {
    expect(cappedRows(rows, 5).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(cappedRows(rows, undefined)).toHaveLength(8);
    expect(cappedRows([], 5)).toEqual([]);
  });
  it("offers View all on a capped card once there is a record, and on an uncapped one only when rows are left out", () => {
    expect(offersViewAll(5, 8, 5)).toBe(true);
    expect(offersViewAll(5, 3, 3)).toBe(true);
    expect(offersViewAll(5, 0, 0)).toBe(false);
    expect(offersViewAll(5, undefined, 0)).toBe(false);
    expect(offersViewAll(undefined, 8, 8)).toBe(false);
    expect(offersViewAll(undefined, 60, 50)).toBe(true);
  });
  it("cycles a header: ascending, descending, then the declared order", () => {
    expect(nextSort(null, "reach")).toEqual({ field: "reach", direction: "asc" });
    expect(nextSort({ field: "reach", direction: "asc" }, "reach")).toEqual({ field: "reach", direction: "desc" });
    expect(nextSort({ field: "reach", direction: "desc" }, "reach")).toBeNull();
    expect(nextSort({ field: "reach", direction: "desc" }, "date")).toEqual({ field: "date", direction: "asc" });
  });
});
