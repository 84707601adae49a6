/**
 * `{{path}}` placeholders ("{{lead.businessName}}") filled from a scope of plain values: what automations put in the
 * mail, tasks and notifications they write, and what a staff member's email to a lead is filled with. One rule for
 * both, so a template written for one reads the same in the other.
 */

export type PlaceholderScope = Record<string, unknown>;

/** The value at a dotted path ("lead.businessName") in the scope; undefined when absent (own keys only). */
export function valueAt(scope: PlaceholderScope, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as PlaceholderScope)[key];
  }
  return value;
}

/** A value as placeholder text: nothing for null or absent, ISO for a date, a list joined by commas, JSON for an object. */
export const asText = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(asText).join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
};

/** The placeholder pattern: `{{ path }}`, a dotted path of word characters, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Fills {{path}} placeholders from the scope; an unknown path becomes empty text. */
export const fillPlaceholders = (template: string, scope: PlaceholderScope) => template.replace(PLACEHOLDER, (_, path: string) => asText(valueAt(scope, path)));
