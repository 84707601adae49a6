import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  aliasShape,
  answeredNames,
  answeredShape,
  choice,
  defaultsOf,
  emptyForm,
  exportedFields,
  fieldAliases,
  fieldFallbacks,
  formFieldNames,
  formValuesOf,
  importNames,
  jsonList,
  maskOf,
  optionalBoolean,
  optionalText,
  partialShape,
  requiredText,
  summaryNames,
  textList,
  withDefaults,
  withFallback,
  writableShape,
  type FieldDeclarations,
} from "./declared-fields";

/** A small record declared the way contract/lead-fields.ts declares the lead, with `nickname` the field just added. */
const fields = {
  name: {
    type: requiredText(20, "name.required"),
    summary: true,
    form: { on: ["add", "edit"], order: 1, input: "text" },
    export: { header: "Name", order: 2 },
    import: ["full name"],
    alsoAnsweredAs: "title",
  },
  kind: {
    type: choice(z.enum(["a", "b"]), "a"),
    summary: true,
    form: { on: ["edit"], order: 3, input: "select" },
    export: { header: "Kind", order: 1 },
  },
  tags: { type: textList(3, 5), export: { header: "Tags", order: 3 } },
  flag: { type: optionalBoolean() },
  history: { type: jsonList(2) },
  stage: { type: withFallback(optionalText(10), "Start", "The stage; 'Start' when none is set"), summary: true },
  nickname: { type: optionalText(10), summary: true, form: { on: ["add", "edit"], order: 2, input: "text" }, export: { header: "Nickname", order: 4 }, import: ["alias"] },
} as const satisfies FieldDeclarations<"text" | "select">;

const fold = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

describe("schemas derived from declared fields", () => {
  it("takes a new record with the required fields as declared and every other one optional, defaults filled afresh", () => {
    const input = z.object(writableShape(fields)).transform(withDefaults(fields));
    const first = input.parse({ name: " Ada ", nickname: " " });
    expect(first).toEqual({ name: "Ada", nickname: null, kind: "a", tags: [], flag: null, history: [], stage: null });
    // A list default is a new array for each record, never one shared.
    expect(input.parse({ name: "Grace" }).tags).not.toBe(first.tags);
    expect(input.safeParse({ nickname: "x" }).error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["name", "name.required"]]);
    expect(input.safeParse({ name: "Ada", tags: ["toolong"] }).success).toBe(false);
    expect(input.safeParse({ name: "Ada", tags: ["a", "b", "c", "d"] }).success).toBe(false);
  });

  it("takes a partial update with no field required and no default applied", () => {
    const update = z.object(partialShape(fields));
    expect(update.parse({ nickname: "Bo" })).toEqual({ nickname: "Bo" });
    expect(update.parse({})).toEqual({});
  });

  it("lists the defaults of the fields that have one", () => {
    expect(defaultsOf(fields)).toEqual({ kind: "a", tags: [], flag: null, history: [], stage: null, nickname: null });
  });

  it("answers every field, in declaration order, and each second name as the same as its field", () => {
    expect(Object.keys(answeredShape(fields))).toEqual(["name", "kind", "tags", "flag", "history", "stage", "nickname"]);
    // A field with a fallback is answered as text, never null.
    expect(answeredShape(fields).stage.safeParse(null).success).toBe(false);
    expect(answeredShape(fields).nickname.parse(null)).toBeNull();
    const aliases = aliasShape(fields);
    expect(Object.keys(aliases)).toEqual(["title"]);
    expect(aliases.title.description).toBe("Same as name (a name some screens read)");
    expect(fieldAliases(fields)).toEqual([["title", "name"]]);
  });

  it("answers a stored record's second names and the fallback of an empty field", () => {
    expect(answeredNames(fields, { name: "Ada", stage: null })).toEqual({ title: "Ada", stage: "Start" });
    expect(answeredNames(fields, { name: "Ada", stage: "Won" })).toEqual({ title: "Ada", stage: "Won" });
    expect(fieldFallbacks(fields)).toEqual([["stage", "Start"]]);
  });

  it("gives the summary's fields and a pick mask of them", () => {
    expect(summaryNames(fields)).toEqual(["name", "kind", "stage", "nickname"]);
    expect(maskOf(["id", ...summaryNames(fields)])).toEqual({ id: true, name: true, kind: true, stage: true, nickname: true });
  });
});

describe("forms derived from declared fields", () => {
  it("lists a form's fields in their declared order on it", () => {
    expect(formFieldNames(fields, "add")).toEqual(["name", "nickname"]);
    expect(formFieldNames(fields, "edit")).toEqual(["name", "nickname", "kind"]);
    expect(formFieldNames(fields, "join")).toEqual([]);
  });

  it("starts a form empty, each field with its type's empty value", () => {
    expect(emptyForm(fields, ["name", "nickname", "kind", "tags"])).toEqual({ name: "", nickname: "", kind: "a", tags: [] });
  });

  it("fills a form from a record: empty values as the form's, lists copied", () => {
    const record = { name: "Ada", nickname: null, kind: "b" as const, tags: ["x"] };
    const values = formValuesOf(fields, ["name", "nickname", "kind", "tags"], record);
    expect(values).toEqual({ name: "Ada", nickname: "", kind: "b", tags: ["x"] });
    expect(values.tags).not.toBe(record.tags);
  });
});

describe("the CSV export and import derived from declared fields", () => {
  it("exports the declared fields in their declared column order, with how each cell holds its value", () => {
    expect(exportedFields(fields)).toEqual([
      { name: "kind", header: "Kind", cell: "text", fallback: undefined },
      { name: "name", header: "Name", cell: "text", fallback: undefined },
      { name: "tags", header: "Tags", cell: "list", fallback: undefined },
      { name: "nickname", header: "Nickname", cell: "text", fallback: undefined },
    ]);
  });

  it("reads each field under its own name, its export header and its other names, folded", () => {
    expect(Object.fromEntries(importNames(fields, fold))).toEqual({
      name: "name",
      fullname: "name",
      kind: "kind",
      tags: "tags",
      flag: "flag",
      history: "history",
      stage: "stage",
      nickname: "nickname",
      alias: "nickname",
    });
  });

  it("refuses a header name two fields claim", () => {
    const clashing = { a: { type: optionalText(5), import: ["shared"] }, b: { type: optionalText(5), import: ["Shared"] } } as const satisfies FieldDeclarations;
    expect(() => importNames(clashing, fold)).toThrow('The import name "Shared" is claimed by a and b');
  });
});
