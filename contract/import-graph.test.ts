import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findImportLoops, importsOf, readImportGraph } from "../scripts/import-graph";
import { ERROR_MESSAGES } from "./error-codes";

/*
 * The contract is read by the server and by the client's first chunk, so it is kept in one direction too: schema
 * files import the floor of the contract (common.ts, endpoint.ts, error-message.ts, ...), never the other way, and
 * the error catalogue imports only what it composes. Each area owns its error codes in contract/<area>-errors.ts,
 * a file that imports nothing; error-codes.ts composes them and is imported back by none of them.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const graph = readImportGraph({ root: ROOT, dirs: ["contract"], aliases: { "@contract/": "contract/" } });

const ERROR_FILE = /^contract\/([a-z-]+)-errors\.ts$/;
const errorFiles = [...graph.keys()].filter((name) => ERROR_FILE.test(name));

/** Each contract/<area>-errors.ts by name, with its `…ErrorMessages` catalogues. */
const errorModules = import.meta.glob<Record<string, unknown>>("./*-errors.ts", { eager: true });

describe("the contract's import graph", () => {
  it("reads every contract file, records included", () => {
    expect(graph.get("contract/error-codes.ts")?.imports).toContain("contract/lead-errors.ts");
    expect(graph.get("contract/records.ts")?.imports).toContain("contract/records/index.ts");
    expect(graph.size).toBeGreaterThan(60);
  });

  it("has no import loop among contract/ files", () => {
    expect(findImportLoops(importsOf(graph)).map((loop) => `${loop.files.length} files: ${loop.cycle.join(" → ")}`)).toEqual([]);
  });

  it("keeps every contract/<area>-errors.ts free of imports", () => {
    expect(errorFiles.length).toBeGreaterThan(20);
    expect(errorFiles.filter((name) => graph.get(name)!.imports.length > 0)).toEqual([]);
  });

  it("lets error-codes.ts only compose the areas' error files (and read coded messages)", () => {
    const composed = graph.get("contract/error-codes.ts")!.imports;
    expect(composed.filter((name) => !ERROR_FILE.test(name) && name !== "contract/error-message-format.ts")).toEqual([]);
    expect([...composed].filter((name) => ERROR_FILE.test(name)).sort()).toEqual(errorFiles);
  });
});

describe("the error catalogue's owners", () => {
  const owners = new Map<string, string[]>();
  for (const [file, exports] of Object.entries(errorModules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!name.endsWith("ErrorMessages")) continue;
      for (const code of Object.keys(value as object)) owners.set(code, [...(owners.get(code) ?? []), `${file} ${name}`]);
    }
  }

  it("gives every code exactly one owner, and the catalogue exactly their codes", () => {
    expect(Object.keys(errorModules).length).toBe(errorFiles.length);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
    expect([...owners.keys()].sort()).toEqual(Object.keys(ERROR_MESSAGES).sort());
  });

  it("keeps an area's codes in its own file: lead.* in lead-errors.ts, task.* in task-errors.ts", () => {
    expect(owners.get("lead.email_taken")).toEqual(["./lead-errors.ts leadErrorMessages"]);
    expect(owners.get("task.not_found")).toEqual(["./task-errors.ts taskErrorMessages"]);
    expect(owners.get("pipeline.stage_has_leads")).toEqual(["./pipeline-errors.ts pipelineErrorMessages"]);
    expect(owners.get("field.too_long")).toEqual(["./field-errors.ts fieldErrorMessages"]);
  });
});
