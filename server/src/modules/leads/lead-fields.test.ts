import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldNames, LIST_CELL_SEPARATOR, type CellKind, type FieldDeclaration } from "@contract/declared-fields";
import { LEAD_SUMMARY_FIELDS, leadFields, leadFieldsSchema, leadSchema, leadSummarySchema, leadUpdateSchema, type Lead } from "@contract/leads";
import { migrationTargets, type Migration } from "@contract/migration";
import { LEAD_EXPORT_HEADERS } from "../../db/queries/lead-list";
import { csvDownload } from "../../test/csv-download";
import { finished, uploadCsv } from "../../test/migration-upload";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";
import { detectMapping } from "../migration/migration.rows";

/*
 * Walks the lead's field declaration (contract/lead-fields.ts): every declared field is in the API's schemas, in the
 * summary when it says so, in the CSV export under its header, read back by the CSV import under its names, and
 * labelled in both languages. A field added to the declaration (with its column and migration, and its label in en
 * and es) is checked here without this test changing.
 */

const declared = fieldNames(leadFields);
const declaration = (name: (typeof declared)[number]): FieldDeclaration => leadFields[name];

type Catalogue = Record<string, unknown>;
const catalogues = Object.fromEntries(
  (["en", "es"] as const).map((lng) => [lng, JSON.parse(readFileSync(`client/public/locales/${lng}/translation.json`, "utf8")) as Catalogue]),
);
const translation = (catalogue: Catalogue, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Catalogue)[part] : undefined), catalogue);

/** A value the field takes that is not its default: the first of a few candidates its own schema accepts. */
function sampleValue(name: string, field: FieldDeclaration): unknown {
  const { write, cell, makeDefault } = field.type;
  const candidates: Record<CellKind, unknown[]> = {
    list: [["one", "two"]],
    boolean: [true],
    json: [[{ step: name }], { note: name }],
    // The first member of staff: the suite's administrator (the API test checks it is).
    id: [1],
    text: [...(write instanceof z.ZodEnum ? [...write.options].reverse() : []), name, "+34 600 111 222", `${name.toLowerCase()}@walk.example`],
  };
  const value = candidates[cell].find((candidate) => write.safeParse(candidate).success && !isDeepEqual(candidate, makeDefault?.()));
  if (value === undefined) throw new Error(`No sample value for ${name}: add a candidate its type accepts`);
  return value;
}
const isDeepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const samples = Object.fromEntries(declared.map((name) => [name, sampleValue(name, declaration(name))]));

/** A value as its CSV cell holds it (what the import reads back). */
function cellText(cell: CellKind, value: unknown): string {
  if (cell === "list" && Array.isArray(value)) return value.join(LIST_CELL_SEPARATOR);
  if (cell === "text" && typeof value === "string") return value;
  if (cell === "id") return String(value);
  return JSON.stringify(value);
}
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

describe("the lead's declared fields", () => {
  it("are each in the API's schemas, the summary if declared, the export's header and the import's names, labelled in en and es", () => {
    const exportHeaders = new Set(LEAD_EXPORT_HEADERS);
    for (const name of declared) {
      const field = declaration(name);
      expect(Object.keys(leadFieldsSchema.shape), name).toContain(name);
      expect(Object.keys(leadUpdateSchema.shape), name).toContain(name);
      expect(Object.keys(leadSchema.shape), name).toContain(name);
      if (field.alsoAnsweredAs) expect(Object.keys(leadSchema.shape), name).toContain(field.alsoAnsweredAs);
      expect(Object.keys(leadSummarySchema.shape).includes(name), `${name} in the summary`).toBe(field.summary === true);
      expect((LEAD_SUMMARY_FIELDS as readonly string[]).includes(name), `${name} in the summary`).toBe(field.summary === true);
      if (field.export) expect(exportHeaders, name).toContain(field.export.header);

      expect(migrationTargets, name).toContain(name);
      const importNames = [name, ...(field.export ? [field.export.header] : []), ...(field.import ?? [])];
      for (const header of importNames) expect(detectMapping([header]), `the import reads "${header}"`).toEqual([name]);

      for (const key of [field.label, field.importLabel].filter((key) => key !== undefined)) {
        for (const [lng, catalogue] of Object.entries(catalogues)) expect(translation(catalogue, key), `${lng} ${key}`).toEqual(expect.any(String));
      }
      if (field.form) {
        expect(field.label, `${name} is on a form: its label`).toBeDefined();
        // Edit Lead opens with a row of the list, so whatever it edits is in the summary.
        if (field.form.on.includes("edit")) expect(field.summary, `${name} is on Edit Lead: in the summary`).toBe(true);
      }
    }
    const exportOrders = declared.flatMap((name) => declaration(name).export?.order ?? []);
    expect(new Set(exportOrders).size, "each exported field has a column of its own").toBe(exportOrders.length);
    expect(LEAD_EXPORT_HEADERS).toHaveLength(exportOrders.length + 5);
  });

  describe.each(testDrivers)("through the API on %s", (driver) => {
    const suite = suiteWithAdmin(driver);

    it("stores and answers each, lists the summary's, exports each under its header and imports every one back", async () => {
      const me = await suite.admin.get<{ id: number; name: string }>("/api/auth/me");
      expect(me.body.id, "the sample assignee is the administrator").toBe(samples.assigneeId);
      // A lead assigned to a member of staff answers the person's name as assignedTo, whatever text came with it.
      const expected: Record<string, unknown> = { ...samples, assignedTo: me.body.name };
      const created = await suite.admin.post<Lead>("/api/leads", samples);
      expect(created.status, created.text).toBe(201);
      const answered = (await suite.admin.get<Lead>(`/api/leads/${created.body.id}`)).body;
      const email = String(samples.email);
      for (const name of declared) {
        expect(answered[name], name).toEqual(expected[name]);
        const alias = declaration(name).alsoAnsweredAs;
        if (alias) expect((answered as Record<string, unknown>)[alias], alias).toEqual(expected[name]);
      }

      const [row] = (await suite.admin.get<Record<string, unknown>[]>(`/api/leads?q=${encodeURIComponent(email)}`)).body;
      expect(Object.keys(row!).sort()).toEqual([...LEAD_SUMMARY_FIELDS].sort());
      for (const name of declared) if (declaration(name).summary) expect(row![name], name).toEqual(expected[name]);

      const exported = await suite.admin.get(`/api/leads/export.csv?q=${encodeURIComponent(email)}`);
      const [header, cells] = csvDownload(exported, "leads");
      expect(header).toEqual(LEAD_EXPORT_HEADERS);
      for (const name of declared) {
        const field = declaration(name);
        if (!field.export) continue;
        const cell = cells![header!.indexOf(field.export.header)];
        if (field.type.cell === "json") expect(JSON.parse(cell!), name).toEqual(expected[name]);
        else expect(cell, name).toBe(cellText(field.type.cell, expected[name]));
      }

      // Every field by its own name, as a file another system wrote.
      expect((await suite.admin.delete(`/api/leads/${created.body.id}`)).status).toBe(200);
      const csv = [declared.join(","), declared.map((name) => csvCell(cellText(declaration(name).type.cell, samples[name]))).join(",")].join("\r\n");
      const upload = await uploadCsv(suite.admin, "/api/migration/import-csv", csv, "every-field.csv");
      expect(upload.status, upload.text).toBe(202);
      const migration: Migration = await finished(suite.admin, upload.body.id);
      expect(migration).toMatchObject({ status: "completed", imported: 1, errors: 0 });
      expect(migration.mapping).toEqual(declared);
      const [imported] = (await suite.admin.get<Lead[]>(`/api/leads?q=${encodeURIComponent(email)}&view=full`)).body;
      for (const name of declared) expect(imported![name], name).toEqual(expected[name]);
    });
  });
});
