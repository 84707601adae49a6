import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { recordFamilies } from "@contract/records/index";

/*
 * Every record family is drawn by generic code that looks its words up by key (record-labels.ts): its name, each
 * field's label and each enum value. A family added without them would show raw keys or English in Spanish, and no
 * typecheck sees it, so this walks every declared family in both languages.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const locale = (lng: string) => JSON.parse(readFileSync(path.join(ROOT, `client/public/locales/${lng}/translation.json`), "utf8")) as {
  records: { families: Record<string, string>; fields: Record<string, string>; values: Record<string, string> };
};

describe.each(["en", "es"])("every record family's words in %s", (lng) => {
  const { records } = locale(lng);

  it("names each family", () => {
    expect(recordFamilies.length).toBeGreaterThan(25);
    expect(recordFamilies.filter((family) => !records.families[family.key]).map((family) => family.key)).toEqual([]);
  });

  it("labels each field of each family", () => {
    const missing = recordFamilies.flatMap((family) => Object.keys(family.fields).filter((field) => !records.fields[field]).map((field) => `${family.key}.${field}`));
    expect(missing).toEqual([]);
  });

  it("labels each value of each enum field", () => {
    const missing = recordFamilies.flatMap((family) =>
      Object.entries(family.fields).flatMap(([field, declared]) =>
        declared.kind === "enum" ? (declared.values ?? []).filter((value) => !records.values[value]).map((value) => `${family.key}.${field}=${value}`) : [],
      ),
    );
    expect(missing).toEqual([]);
  });
});
