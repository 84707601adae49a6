import type { FieldSpec, RecordFamily } from "./family";
import { TEXT_MAX } from "./family";

/**
 * A valid value for every field of a family, from its declaration alone: what the one generic family test creates,
 * so a family added later is tested without writing anything for it. An enum takes its last value, so a default
 * (usually the first) is visibly overridden.
 */
export function sampleValue(family: RecordFamily, name: string, spec: FieldSpec): unknown {
  const clamp = (n: number) => Math.min(spec.max ?? n, Math.max(spec.min ?? n, n));
  switch (spec.kind) {
    case "text":
      return `${family.noun} ${name}`.slice(0, spec.max ?? TEXT_MAX.text).trim();
    case "longText":
      return `What the ${family.noun}'s ${name} says, in a sentence or two.`;
    case "markdown":
      return `# ${family.noun}\n\n- first step with **bold** text\n- second step`;
    case "url":
      return "https://example.com/records";
    case "date":
      return "2026-12-01";
    case "enum":
      return spec.values?.[spec.values.length - 1];
    case "integer":
      return clamp(7);
    case "number":
      return clamp(4.5);
    case "percent":
      return clamp(75);
    case "money":
      return "1250.50";
    case "boolean":
      return true;
    case "list":
      return ["first entry", "second entry"];
  }
}

export function sampleRecord(family: RecordFamily): Record<string, unknown> {
  return Object.fromEntries(Object.entries(family.fields).map(([name, spec]) => [name, sampleValue(family, name, spec)]));
}
