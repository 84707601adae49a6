import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findImportLoops, importsOf, readImportGraph } from "../../scripts/import-graph";

/*
 * The server's import graph reads floor → areas → app:
 * - the floor (kernel/, db/, lib/ and config.ts) is what every area stands on and knows no area;
 * - an area (modules/<area>/) stands on the floor and on nothing of another area: what two areas share moves down
 *   into the floor, and what one area must hand another (a credential resolver, a job kind) app.ts or runtime.ts
 *   composes;
 * - app.ts, runtime.ts, job-kinds.ts, record-family-analytics.ts and main.ts compose the areas.
 * Test code (*.test.ts, server/src/test/, and helpers that import vitest) drives the assembled app, so it may reach
 * any layer; it still takes part in the cycle check, which reads contract/ too. Imports are read by TypeScript's
 * scanner (scripts/import-graph.ts: comments and strings are not imports), type-only ones included: a type shared
 * across areas couples them as much as a function does.
 */

const SERVER_SRC = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(SERVER_SRC, "../..");
const FLOOR = ["kernel", "db", "lib", "config.ts"];

interface SourceFile {
  /** Path under server/src with forward slashes, e.g. "modules/leads/leads.service.ts". */
  name: string;
  isTest: boolean;
  /** The server/src files it imports (packages and @contract are outside the layering; the cycle check reads both). */
  imports: string[];
}

// The server and the contract it is built on, read once: the layering below is about server/src, the cycle check
// about both (a loop through contract/ would tie the server's files together as much as one inside server/src).
const wholeGraph = readImportGraph({ root: ROOT, dirs: ["server/src", "contract"], aliases: { "@contract/": "contract/" } });

function readGraph(): Map<string, SourceFile> {
  const graph = new Map<string, SourceFile>();
  const prefix = "server/src/";
  for (const [file, { text, imports }] of wholeGraph) {
    if (!file.startsWith(prefix)) continue;
    const name = file.slice(prefix.length);
    const isTest = name.endsWith(".test.ts") || name.startsWith("test/") || /\bfrom\s*["']vitest["']/.test(text);
    graph.set(name, { name, isTest, imports: imports.filter((target) => target.startsWith(prefix)).map((target) => target.slice(prefix.length)) });
  }
  return graph;
}

const isFloor = (name: string) => FLOOR.some((part) => name === part || name.startsWith(`${part}/`));
const areaOf = (name: string) => /^modules\/([^/]+)\//.exec(name)?.[1] ?? null;

describe("server architecture", () => {
  const graph = readGraph();
  const shipped = [...graph.values()].filter((file) => !file.isTest);

  it("reads the whole of server/src", () => {
    expect(graph.has("app.ts")).toBe(true);
    expect(graph.get("app.ts")!.imports).toContain("kernel/http/auth-hook.ts");
    expect(shipped.filter((file) => areaOf(file.name) !== null).length).toBeGreaterThan(20);
  });

  it("keeps the floor (kernel/, db/, lib/, config.ts) free of areas and of the app that composes them", () => {
    const violations = shipped
      .filter((file) => isFloor(file.name))
      .flatMap((file) => file.imports.filter((target) => !isFloor(target)).map((target) => `${file.name} → ${target}`));
    expect(violations).toEqual([]);
  });

  it("lets an area import only the floor and its own files, never another area's", () => {
    const violations = shipped.flatMap((file) => {
      const area = areaOf(file.name);
      if (area === null) return [];
      return file.imports.filter((target) => !isFloor(target) && areaOf(target) !== area).map((target) => `${file.name} → ${target}`);
    });
    expect(violations).toEqual([]);
  });

  it("has no import loop among server/src and contract/ files (scripts/import-graph.ts finds them)", () => {
    expect(wholeGraph.get("server/src/app.ts")!.imports).toContain("contract/error-codes.ts");
    const loops = findImportLoops(importsOf(wholeGraph));
    expect(loops.map((loop) => `${loop.files.length} files: ${loop.cycle.join(" → ")}`)).toEqual([]);
  });
});
