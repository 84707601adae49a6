import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Who imports whom, and the import loops in it. findImportLoops is pure (a graph in, its loops out); readImportGraph
 * builds the graph of a source tree. Architecture tests use both: contract/import-graph.test.ts and
 * server/src/architecture.test.ts.
 */

/** Each module, by name, with the modules it imports. Names absent from the keys are outside the graph. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export interface ImportLoop {
  /** Every module in the loop: each can reach each other one through imports (sorted). */
  files: string[];
  /** One way round it, from its first file back to that file: ["a.ts", "b.ts", "a.ts"]. */
  cycle: string[];
}

/**
 * The graph's import loops: its strongly connected groups of two or more modules, and a module that imports itself.
 * Two loops that share a module are one group, so the count is of tangles to undo, not of the paths round them.
 */
export function findImportLoops(graph: ImportGraph): ImportLoop[] {
  const targets = (name: string) => [...new Set(graph.get(name) ?? [])].filter((next) => graph.has(next)).sort();
  // Tarjan's algorithm, iterative so that a deep chain of imports cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { name: string; next: string[]; at: number }[] = [];
    const open = (name: string) => {
      index.set(name, counter);
      low.set(name, counter);
      counter += 1;
      stack.push(name);
      onStack.add(name);
      work.push({ name, next: targets(name), at: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.next.length) {
        const next = frame.next[frame.at]!;
        frame.at += 1;
        if (!index.has(next)) open(next);
        else if (onStack.has(next)) low.set(frame.name, Math.min(low.get(frame.name)!, index.get(next)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.name, Math.min(low.get(parent.name)!, low.get(frame.name)!));
      if (low.get(frame.name) !== index.get(frame.name)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.name);
      if (group.length > 1 || targets(frame.name).includes(frame.name)) groups.push(group.sort());
    }
  }
  return groups
    .map((files) => ({ files, cycle: shortestCycle(files[0]!, new Set(files), targets) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The shortest way from `from` back to itself, staying inside its loop (breadth first, names in order). */
function shortestCycle(from: string, within: ReadonlySet<string>, targets: (name: string) => string[]): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [from];
  for (let head = 0; head < queue.length; head += 1) {
    const name = queue[head]!;
    for (const next of targets(name)) {
      if (!within.has(next)) continue;
      if (next === from) {
        const path = [from];
        for (let step: string | undefined = name; step !== from && step !== undefined; step = cameFrom.get(step)) path.push(step);
        return [from, ...path.slice(1).reverse(), from];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, name);
        queue.push(next);
      }
    }
  }
  return [from, from];
}

export interface ReadGraphOptions {
  /** The folder names are relative to (the repository's root). */
  root: string;
  /** The folders whose .ts and .tsx files make the graph, relative to root ("contract", "server/src"). */
  dirs: readonly string[];
  /** Import prefixes that stand for a folder under root, as tsconfig's paths say: { "@contract/": "contract/" }. */
  aliases?: Readonly<Record<string, string>>;
}

export interface ModuleFile {
  /** Its source text. */
  text: string;
  /** The files of the graph it imports, by name (packages and files outside `dirs` are left out). */
  imports: string[];
}

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "node_modules" ? [] : listSources(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [full] : [];
  });
}

/**
 * The import graph of the .ts and .tsx files under `dirs`, named by their path from root with forward slashes
 * ("contract/leads.ts"). Imports are read by TypeScript's scanner, so comments and strings are not imports; type-only
 * imports count, as a type shared both ways ties two files as much as a function does. `import … from`,
 * `export … from`, `import "…"` and `import("…")` are read; a relative or aliased import that resolves to no file
 * throws, as a typo must not hide an edge.
 */
export function readImportGraph({ root, dirs, aliases = {} }: ReadGraphOptions): Map<string, ModuleFile> {
  const nameOf = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const files = dirs.flatMap((dir) => listSources(path.join(root, dir))).sort();
  const inGraph = new Set(files);
  const resolve = (fromFile: string, specifier: string): string | null => {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    let base: string;
    if (alias !== undefined) base = path.join(root, aliases[alias]!, specifier.slice(alias.length));
    else if (specifier.startsWith("./") || specifier.startsWith("../")) base = path.resolve(path.dirname(fromFile), specifier);
    else return null;
    base = base.replace(/\.js$/, "");
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx"), `${base}.js`, base].find(
      (file) => existsSync(file) && statSync(file).isFile(),
    );
    if (!found) throw new Error(`${nameOf(fromFile)} imports "${specifier}", which resolves to no file`);
    return inGraph.has(found) ? found : null;
  };
  const graph = new Map<string, ModuleFile>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
    const imports = [...new Set(specifiers.map((specifier) => resolve(file, specifier)).filter((found) => found !== null))].map(nameOf);
    graph.set(nameOf(file), { text, imports });
  }
  return graph;
}

/** A read graph as findImportLoops takes it. */
export const importsOf = (graph: ReadonlyMap<string, ModuleFile>): ImportGraph => new Map([...graph].map(([name, file]) => [name, file.imports]));
