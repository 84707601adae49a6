import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findImportLoops, importsOf, readImportGraph } from "../../scripts/import-graph";
import { boundaryProblem } from "../../scripts/eslint/feature-boundaries.js";

/*
 * The client's shape (issue 24.4), as server/src/architecture.test.ts holds the server's: components/ and lib/ are the
 * floor and import no feature; a feature uses another only through its public entry, features/<area>/index.ts; an
 * entry re-exports its own feature's files and nothing else; pages compose in app/. The ESLint rule
 * (scripts/eslint/feature-boundaries.js) says the same at each import while one edits; this reads the whole graph.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const graph = readImportGraph({ root: ROOT, dirs: ["client/src", "contract"], aliases: { "@/": "client/src/", "@contract/": "contract/" } });
const clientFiles = [...graph.keys()].filter((name) => name.startsWith("client/src/"));
const featureOf = (name: string) => /^client\/src\/features\/([^/]+)\//.exec(name)?.[1];
const isEntry = (name: string) => /^client\/src\/features\/[^/]+\/index\.tsx?$/.test(name);

describe("the client's import graph", () => {
  it("reads the whole client", () => {
    expect(clientFiles.length).toBeGreaterThan(300);
    expect(graph.get("client/src/main.tsx")?.imports.length).toBeGreaterThan(3);
  });

  it("keeps components/ and lib/ free of features", () => {
    const floorReachingUp = clientFiles
      .filter((name) => /^client\/src\/(components|lib)\//.test(name))
      .flatMap((name) => graph.get(name)!.imports.filter((target) => featureOf(target) !== undefined).map((target) => `${name} → ${target}`));
    expect(floorReachingUp).toEqual([]);
  });

  it("lets a feature use another only through that feature's public entry", () => {
    const reachingIn = clientFiles.flatMap((name) => {
      const area = featureOf(name);
      if (area === undefined) return [];
      return graph
        .get(name)!
        .imports.filter((target) => {
          const other = featureOf(target);
          return other !== undefined && other !== area && !isEntry(target);
        })
        .map((target) => `${name} → ${target}`);
    });
    expect(reachingIn).toEqual([]);
  });

  it("keeps each public entry to its own feature's files", () => {
    const entries = clientFiles.filter(isEntry);
    expect(entries.length).toBeGreaterThan(10);
    const foreign = entries.flatMap((entry) =>
      graph
        .get(entry)!
        .imports.filter((target) => featureOf(target) !== featureOf(entry))
        .map((target) => `${entry} → ${target}`),
    );
    expect(foreign).toEqual([]);
  });

  it("has no import loop among client/src and contract/ files", () => {
    expect(findImportLoops(importsOf(graph)).map((loop) => `${loop.files.length} files: ${loop.cycle.join(" → ")}`)).toEqual([]);
  });
});

describe("the feature-boundaries lint rule", () => {
  it("refuses a file inside another feature, by alias or by relative path", () => {
    expect(boundaryProblem("features/leads/lead-list.tsx", "@/features/tasks/lead-tasks-link")?.messageId).toBe("intoAnotherFeature");
    expect(boundaryProblem("features/leads/lead-list.tsx", "../tasks/lead-tasks-link")?.messageId).toBe("intoAnotherFeature");
    expect(boundaryProblem("features/records/page/declared-page.tsx", "../../auth/use-can")?.messageId).toBe("intoAnotherFeature");
  });

  it("accepts another feature's public entry and a feature's own files", () => {
    expect(boundaryProblem("features/leads/lead-list.tsx", "@/features/tasks")).toBeNull();
    expect(boundaryProblem("features/leads/lead-list.tsx", "../tasks/index")).toBeNull();
    expect(boundaryProblem("features/records/page/declared-page.tsx", "../record-labels")).toBeNull();
    expect(boundaryProblem("features/leads/lead-list.tsx", "@/components/ui/button")).toBeNull();
    expect(boundaryProblem("features/leads/lead-list.tsx", "react")).toBeNull();
  });

  it("refuses a feature's own public entry from inside it, and any feature from components/ or lib/", () => {
    expect(boundaryProblem("features/leads/lead-list.tsx", "@/features/leads")?.messageId).toBe("ownEntry");
    expect(boundaryProblem("components/ui/button.tsx", "@/features/auth")?.messageId).toBe("floorImportsFeature");
    expect(boundaryProblem("lib/api.ts", "../features/auth/use-can")?.messageId).toBe("floorImportsFeature");
  });

  it("lets app/ compose pages from any feature file", () => {
    expect(boundaryProblem("app/routes.ts", "@/features/leads/leads-page")).toBeNull();
  });
});
