import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * The server's import graph reads floor → areas → app:
 * - the floor (kernel/, db/, lib/ and config.ts) is what every area stands on and knows no area;
 * - an area (modules/<area>/) stands on the floor and on nothing of another area: what two areas share moves down
 *   into the floor, and what one area must hand another (a credential resolver, a job kind) app.ts or runtime.ts
 *   composes;
 * - app.ts, runtime.ts, job-kinds.ts and main.ts compose the areas.
 * Test code (*.test.ts, server/src/test/, and helpers that import vitest) drives the assembled app, so it may reach
 * any layer; it still takes part in the cycle check. Imports are read by TypeScript's scanner (comments and strings
 * are not imports), type-only ones included: a type shared across areas couples them as much as a function does.
 */

const SERVER_SRC = path.dirname(fileURLToPath(import.meta.url));
const FLOOR = ["kernel", "db", "lib", "config.ts"];

interface SourceFile {
  /** Path under server/src with forward slashes, e.g. "modules/leads/leads.service.ts". */
  name: string;
  isTest: boolean;
  /** The server/src files it imports (relative imports only; packages and @contract are outside the graph). */
  imports: string[];
}

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return listSources(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [full] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ""));
  const candidate = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find((file) => existsSync(file) && statSync(file).isFile());
  if (!candidate) throw new Error(`${path.relative(SERVER_SRC, fromFile)} imports "${specifier}", which resolves to no file`);
  return candidate.startsWith(SERVER_SRC + path.sep) ? candidate : null;
}

const relativeName = (file: string) => path.relative(SERVER_SRC, file).split(path.sep).join("/");

function readGraph(): Map<string, SourceFile> {
  const graph = new Map<string, SourceFile>();
  for (const file of listSources(SERVER_SRC)) {
    const text = readFileSync(file, "utf8");
    // `import … from`, `export … from`, `import "…"` and `import("…")`; packages and @contract are outside the graph.
    const specifiers = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith("./") || specifier.startsWith("../"));
    const name = relativeName(file);
    const imports = [...new Set(specifiers.map((specifier) => resolveImport(file, specifier)).filter((resolved) => resolved !== null))].map(relativeName);
    const isTest = name.endsWith(".test.ts") || name.startsWith("test/") || /\bfrom\s*["']vitest["']/.test(text);
    graph.set(name, { name, isTest, imports });
  }
  return graph;
}

const isFloor = (name: string) => FLOOR.some((part) => name === part || name.startsWith(`${part}/`));
const areaOf = (name: string) => /^modules\/([^/]+)\//.exec(name)?.[1] ?? null;

/** Every import cycle, each once, as the files around it (the first repeated at the end). */
function findCycles(graph: Map<string, SourceFile>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (name: string) => {
    state.set(name, "visiting");
    stack.push(name);
    for (const next of graph.get(name)?.imports ?? []) {
      if (state.get(next) === "visiting") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(name, "done");
  };
  for (const name of [...graph.keys()].sort()) if (!state.has(name)) visit(name);
  return cycles;
}

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

  it("finds an import cycle when there is one", () => {
    const file = (name: string, imports: string[]): [string, SourceFile] => [name, { name, isTest: false, imports }];
    const looped = new Map([file("a.ts", ["b.ts"]), file("b.ts", ["c.ts"]), file("c.ts", ["a.ts"]), file("d.ts", ["a.ts"])]);
    expect(findCycles(looped)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
  });

  it("has no import cycle among server/src files", () => {
    expect(findCycles(graph).map((cycle) => cycle.join(" → "))).toEqual([]);
  });
});
