import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildInputsHash } from "./build-inputs.mjs";

function sourceTree() {
  const root = mkdtempSync(path.join(tmpdir(), "leadwell-build-"));
  mkdirSync(path.join(root, "server/src"), { recursive: true });
  writeFileSync(path.join(root, "server/src/main.ts"), "console.log('hi');\n");
  writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
  return root;
}

describe("the build check's input hash", () => {
  it("ignores modification times: npm install touching the lock file does not force a rebuild", () => {
    const root = sourceTree();
    const before = buildInputsHash(root);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "package-lock.json"), later, later);
    utimesSync(path.join(root, "server/src/main.ts"), later, later);
    expect(buildInputsHash(root)).toBe(before);
  });

  it("changes when a source's contents change, a source is added, or a file is renamed", () => {
    const root = sourceTree();
    const before = buildInputsHash(root);
    writeFileSync(path.join(root, "server/src/main.ts"), "console.log('changed');\n");
    const edited = buildInputsHash(root);
    expect(edited).not.toBe(before);
    writeFileSync(path.join(root, "server/src/extra.ts"), "export {};\n");
    expect(buildInputsHash(root)).not.toBe(edited);
  });

  it("leaves test files out: editing a test does not rebuild the app", () => {
    const root = sourceTree();
    const before = buildInputsHash(root);
    writeFileSync(path.join(root, "server/src/main.test.ts"), "it('x', () => {});\n");
    expect(buildInputsHash(root)).toBe(before);
  });
});
