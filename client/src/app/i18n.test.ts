// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES, errorParamNames, isErrorCode, type ErrorCode } from "@contract/error-codes";

type Tree = { [key: string]: string | Tree };

const LANGUAGES = ["en", "es"] as const;

function load(lng: string): Tree {
  const file = fileURLToPath(new URL(`../../public/locales/${lng}/translation.json`, import.meta.url));
  return JSON.parse(readFileSync(file, "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(load(lng))])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, string>
>;

describe("translations", () => {
  it.each([
    ["en", "es"],
    ["es", "en"],
  ] as const)("every %s key exists in %s", (from, to) => {
    const missing = [...flat[from].keys()].filter((key) => !flat[to].has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)("%s has no empty strings", (lng) => {
    const empty = [...flat[lng]].filter(([, value]) => value.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES)("%s uses the same {{placeholders}} as en", (lng) => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...flat.en]
      .filter(([key, value]) => flat[lng].has(key) && placeholders(value).join() !== placeholders(flat[lng].get(key)!).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(LANGUAGES)("%s says every error code of the API's catalogue, with only the params the code sends", (lng) => {
    const codes = Object.keys(ERROR_MESSAGES) as ErrorCode[];
    const missing = codes.filter((code) => !flat[lng].has(`errors.${code}`));
    expect(missing).toEqual([]);
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    const unknownParams = codes.filter((code) => placeholders(flat[lng].get(`errors.${code}`) ?? "").some((name) => !errorParamNames(code).includes(name)));
    expect(unknownParams).toEqual([]);
  });

  it("has no translation for an error code the catalogue does not have", () => {
    const stale = [...flat.en.keys()].filter((key) => key.startsWith("errors.") && !isErrorCode(key.slice("errors.".length)));
    expect(stale).toEqual([]);
  });

  it("has the 404 texts", () => {
    expect(flat.en.get("notFound.title")).toBe("404 Page Not Found");
    expect(flat.en.get("notFound.description")).toBe("Did you forget to add the page to the router?");
    expect(flat.es.get("notFound.title")).toBeTruthy();
    expect(flat.es.get("notFound.description")).toBeTruthy();
    expect(flat.es.get("notFound.description")).not.toBe(flat.en.get("notFound.description"));
  });
});
