import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadInputSchema } from "@contract/leads";
import { importableLeadFields } from "@contract/migration";
import { unguardFormula } from "../../lib/formula-guard";
import { validateRow } from "./migration.rows";

// Cells as people type them: blank, words, emails good and bad, phone-like text, numbers, long text, odd characters.
const cell = fc.oneof(
  fc.constantFrom("", " ", "Ana", "Núñez Bakery", "ana@nunez.test", "not-an-email", "+34 600 000 000", "phone?", "yes", "maybe", "qualified", "x".repeat(160), '{"a":1}', "[1,2]", "vip|wholesale", "10+"),
  fc.string({ maxLength: 40 }),
);

describe("an imported row validated field by field", () => {
  it("accepts and refuses exactly what the Add Lead schema does, with its first message for each field", () => {
    fc.assert(
      fc.property(fc.subarray([...importableLeadFields], { minLength: 1, maxLength: 10 }), fc.array(cell, { minLength: 10, maxLength: 10 }), (fields, cells) => {
        const result = validateRow(cells.slice(0, fields.length), fields, 2);
        // What the whole object's parse says of the same given values (the row's non-blank cells, as cellValue reads them,
        // with the apostrophes of the export's formula guard taken off).
        const given: Record<string, unknown> = {};
        fields.forEach((field, i) => {
          const text = unguardFormula(cells[i]!).trim();
          if (text !== "") given[field] = text;
        });
        const whole = leadInputSchema.safeParse(given);
        if (Array.isArray(result)) {
          // Cells of list, boolean and JSON fields are read before validation; their own errors are not the schema's.
          const schemaFields = result.filter((e) => e.code !== "migration.invalid_boolean" && e.code !== "migration.invalid_json").map((e) => e.field);
          if (whole.success) expect(schemaFields).toEqual([]);
          else for (const field of schemaFields) expect(whole.error.issues.map((issue) => String(issue.path[0]))).toContain(field);
        } else {
          expect(whole.success ? "valid" : "invalid").toBe("valid");
          if (whole.success) {
            const plain = fields.every((field) => !["currentCrmUsage", "currentSoftwareChallenges", "crmChallenges", "desiredFeatures", "tags", "quizHistory", "aiAnalysis", "customFields"].includes(field));
            // The row's lead holds what it gave, valued as the whole parse values it; the table's defaults fill the rest.
            const wholeData = whole.data as Record<string, unknown>;
            if (plain) expect(result.lead).toEqual(Object.fromEntries(Object.keys(result.lead).map((field) => [field, wholeData[field]])));
            if (plain) for (const field of Object.keys(given)) expect(result.lead).toHaveProperty(field, wholeData[field]);
          }
        }
      }),
      { seed: 20261126, numRuns: 2_000 },
    );
  });

  it("reports a missing required field and a bad one with the form's messages", () => {
    const result = validateRow(["", "nobody@", "Co"], ["businessOwnerName", "email", "businessName"], 7);
    expect(Array.isArray(result) && result.map((e) => [e.rowNumber, e.field, e.message])).toEqual([
      [7, "businessOwnerName", "First name is required"],
      [7, "businessOwnerLastName", "Last name is required"],
      [7, "email", "Valid email is required"],
    ]);
  });

  it("carries only the fields a row gives and the required ones, leaving the rest to the table's defaults", () => {
    const result = validateRow(["Ana Núñez", "ana@nunez.test", "Co", "vip|wholesale"], ["name", "email", "businessName", "tags"], 2);
    expect(Array.isArray(result)).toBe(false);
    if (!Array.isArray(result)) {
      expect(result.lead).toEqual({ businessOwnerName: "Ana", businessOwnerLastName: "Núñez", businessName: "Co", email: "ana@nunez.test", tags: ["vip", "wholesale"] });
    }
  });
});
