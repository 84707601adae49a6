// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The Spanish interface has one word for a lead: "prospecto" (it was most of the existing strings, and it reads as
 * Spanish to someone who does not know the English term). "lead" appears only inside identifiers a person types or
 * an integrator reads (lead.email, /api/leads, the lead. prefix of audit actions), never as a word of a sentence.
 */

type Tree = { [key: string]: string | Tree };

const es = JSON.parse(readFileSync(fileURLToPath(new URL("../../public/locales/es/translation.json", import.meta.url)), "utf8")) as Tree;

function strings(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : strings(value, path);
  });
}

/** "lead" or "leads" as a word: not inside a path, a placeholder or a dotted identifier such as lead.email. */
const LEAD_AS_A_WORD = /(?<![\w/.{_-])leads?\b(?![.\-_]\w)/i;

/** Values that are an identifier as a whole: the audit filter's example prefix. */
const IDENTIFIER_VALUES = new Set(["security.audit.filters.actionHint"]);

describe("the Spanish word for lead", () => {
  it("is prospecto throughout es/translation.json", () => {
    const english = strings(es).filter(([key, value]) => !IDENTIFIER_VALUES.has(key) && LEAD_AS_A_WORD.test(value));
    expect(english).toEqual([]);
  });

  it("is used", () => {
    expect(strings(es).filter(([, value]) => /\bprospectos?\b/i.test(value)).length).toBeGreaterThan(100);
  });

  it("sees the English word where it would be a mistake", () => {
    expect(LEAD_AS_A_WORD.test("Nuevo lead → correo de bienvenida")).toBe(true);
    expect(LEAD_AS_A_WORD.test("Los leads nuevos")).toBe(true);
    expect(LEAD_AS_A_WORD.test("Solo puede crear prospectos (POST /api/leads)")).toBe(false);
    expect(LEAD_AS_A_WORD.test("un marcador del prospecto como lead.email")).toBe(false);
    expect(LEAD_AS_A_WORD.test("{{lead}} se movió a {{stage}}")).toBe(false);
  });
});
