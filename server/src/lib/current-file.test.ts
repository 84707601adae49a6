import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentFile } from "./current-file";

describe("a file kept in memory while it stays the same", () => {
  it("answers the content as it is now: null while missing, the new content once rewritten", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "leadwell-current-file-"));
    const file = path.join(dir, "index.html");
    const read = currentFile(file);
    expect(read()).toBeNull();

    writeFileSync(file, "<script src=/assets/main-aaaa.js></script>");
    expect(read()?.toString()).toBe("<script src=/assets/main-aaaa.js></script>");
    // The same length and a later time: a rebuild whose hashes differ.
    writeFileSync(file, "<script src=/assets/main-bbbb.js></script>");
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(read()?.toString()).toBe("<script src=/assets/main-bbbb.js></script>");

    rmSync(dir, { recursive: true });
    expect(read()).toBeNull();
  });
});
