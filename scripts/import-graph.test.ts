import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findImportLoops, importsOf, readImportGraph, type ImportGraph } from "./import-graph";

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe("findImportLoops", () => {
  it("finds none in a graph that only reads one way", () => {
    expect(findImportLoops(graphOf({ "app.ts": ["a.ts", "b.ts"], "a.ts": ["b.ts"], "b.ts": [] }))).toEqual([]);
  });

  it("finds a loop of three files, with its members and one way round it", () => {
    const loops = findImportLoops(graphOf({ "d.ts": ["a.ts"], "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"] }));
    expect(loops).toEqual([{ files: ["a.ts", "b.ts", "c.ts"], cycle: ["a.ts", "b.ts", "c.ts", "a.ts"] }]);
  });

  it("counts two loops that share a file as one tangle, and gives its shortest way round", () => {
    // error-codes → pipeline → error-message → error-codes, and error-codes → tasks → error-message → error-codes.
    const loops = findImportLoops(
      graphOf({
        "error-codes.ts": ["pipeline.ts", "tasks.ts"],
        "pipeline.ts": ["leads.ts", "error-message.ts"],
        "leads.ts": ["error-message.ts"],
        "tasks.ts": ["error-message.ts"],
        "error-message.ts": ["error-codes.ts"],
      }),
    );
    expect(loops).toHaveLength(1);
    expect(loops[0]!.files).toEqual(["error-codes.ts", "error-message.ts", "leads.ts", "pipeline.ts", "tasks.ts"]);
    expect(loops[0]!.cycle).toEqual(["error-codes.ts", "pipeline.ts", "error-message.ts", "error-codes.ts"]);
  });

  it("finds separate loops separately, and a file that imports itself", () => {
    const loops = findImportLoops(graphOf({ "a.ts": ["b.ts"], "b.ts": ["a.ts", "c.ts"], "c.ts": ["d.ts"], "d.ts": ["c.ts"], "e.ts": ["e.ts"] }));
    expect(loops.map((loop) => loop.cycle)).toEqual([
      ["a.ts", "b.ts", "a.ts"],
      ["c.ts", "d.ts", "c.ts"],
      ["e.ts", "e.ts"],
    ]);
  });

  it("ignores imports of modules outside the graph", () => {
    expect(findImportLoops(graphOf({ "a.ts": ["zod", "b.ts"], "b.ts": ["zod"] }))).toEqual([]);
  });

  it("walks a chain thousands of imports deep without overflowing the stack", () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i += 1) edges[`m${i}.ts`] = [`m${i + 1}.ts`];
    edges["m20000.ts"] = ["m0.ts"];
    const loops = findImportLoops(graphOf(edges));
    expect(loops).toHaveLength(1);
    expect(loops[0]!.files).toHaveLength(20_001);
    expect(loops[0]!.cycle).toHaveLength(20_002);
  });
});

describe("readImportGraph", () => {
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), "leadwell-import-graph-"));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    return root;
  }

  it("reads relative, aliased, type-only, re-exported and dynamic imports, and leaves packages and comments out", () => {
    const root = tree({
      "contract/a.ts": 'import { z } from "zod";\nimport type { B } from "./b";\nexport { c } from "./c.js";\n// import "./d";\nconst s = "import \'./d\'";\n',
      "contract/b.ts": "export type B = string;\n",
      "contract/c.ts": "export const c = 1;\n",
      "contract/d.ts": "export const d = 1;\n",
      "contract/records/index.ts": 'export * from "../d";\n',
      "server/src/app.tsx": 'import { c } from "@contract/c";\nimport "../../contract/records";\nconst later = () => import("./lazy");\n',
      "server/src/lazy.ts": "export {};\n",
      "server/src/types.d.ts": 'import "./app";\n',
    });
    const graph = readImportGraph({ root, dirs: ["contract", "server/src"], aliases: { "@contract/": "contract/" } });
    expect([...graph.keys()]).toEqual([
      "contract/a.ts",
      "contract/b.ts",
      "contract/c.ts",
      "contract/d.ts",
      "contract/records/index.ts",
      "server/src/app.tsx",
      "server/src/lazy.ts",
    ]);
    expect(importsOf(graph)).toEqual(
      new Map([
        ["contract/a.ts", ["contract/b.ts", "contract/c.ts"]],
        ["contract/b.ts", []],
        ["contract/c.ts", []],
        ["contract/d.ts", []],
        ["contract/records/index.ts", ["contract/d.ts"]],
        ["server/src/app.tsx", ["contract/c.ts", "contract/records/index.ts", "server/src/lazy.ts"]],
        ["server/src/lazy.ts", []],
      ]),
    );
  });

  it("leaves out imports of files outside the folders it reads", () => {
    const root = tree({ "contract/a.ts": 'import "../server/src/b";\n', "server/src/b.ts": 'import "../../contract/a";\n' });
    expect(importsOf(readImportGraph({ root, dirs: ["contract"] }))).toEqual(new Map([["contract/a.ts", []]]));
  });

  it("refuses an import that resolves to no file, so a typo cannot hide an edge", () => {
    const root = tree({ "contract/a.ts": 'import { b } from "./missing";\n' });
    expect(() => readImportGraph({ root, dirs: ["contract"] })).toThrow('contract/a.ts imports "./missing", which resolves to no file');
  });
});
