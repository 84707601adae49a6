import { describe, expect, it } from "vitest";
import { diffFileStats, parseUnifiedDiff, type DiffLine } from "./parse-unified-diff";

const kinds = (lines: DiffLine[]) => lines.map((line) => line.kind);

const GIT_DIFF = [
  "diff --git a/client/src/login.tsx b/client/src/login.tsx",
  "index 3b18e51..a9c2f0d 100644",
  "--- a/client/src/login.tsx",
  "+++ b/client/src/login.tsx",
  "@@ -12,4 +12,4 @@ export function LoginForm() {",
  " export function LoginForm() {",
  "-  const timeout = 0;",
  "+  const timeout = 5_000;",
  "   return null;",
  " }",
  "diff --git a/server/src/app.ts b/server/src/app.ts",
  "--- a/server/src/app.ts",
  "+++ b/server/src/app.ts",
  "@@ -1,2 +1,3 @@",
  " import a from 'a';",
  "+import b from 'b';",
  " a();",
  "@@ -40 +41 @@",
  "-old();",
  "+renewed();",
  "",
].join("\n");

describe("parseUnifiedDiff", () => {
  it("returns nothing for an empty or blank diff", () => {
    expect(parseUnifiedDiff("")).toEqual([]);
    expect(parseUnifiedDiff(" \n\n")).toEqual([]);
  });

  it("splits a git diff into files, hunks and typed lines", () => {
    const files = parseUnifiedDiff(GIT_DIFF);
    expect(files).toHaveLength(2);

    const [login, app] = files;
    expect(login!.oldPath).toBe("client/src/login.tsx");
    expect(login!.newPath).toBe("client/src/login.tsx");
    expect(kinds(login!.headers)).toEqual(["header", "header", "header", "header"]);
    expect(login!.headers.map((line) => line.text)).toEqual([
      "diff --git a/client/src/login.tsx b/client/src/login.tsx",
      "index 3b18e51..a9c2f0d 100644",
      "--- a/client/src/login.tsx",
      "+++ b/client/src/login.tsx",
    ]);
    expect(login!.hunks).toHaveLength(1);
    const hunk = login!.hunks[0]!;
    expect(hunk.header).toEqual({ kind: "header", text: "@@ -12,4 +12,4 @@ export function LoginForm() {", oldNumber: null, newNumber: null });
    expect(hunk.lines).toEqual([
      { kind: "context", text: "export function LoginForm() {", oldNumber: 12, newNumber: 12 },
      { kind: "remove", text: "  const timeout = 0;", oldNumber: 13, newNumber: null },
      { kind: "add", text: "  const timeout = 5_000;", oldNumber: null, newNumber: 13 },
      { kind: "context", text: "  return null;", oldNumber: 14, newNumber: 14 },
      { kind: "context", text: "}", oldNumber: 15, newNumber: 15 },
    ]);

    expect(app!.newPath).toBe("server/src/app.ts");
    expect(app!.hunks).toHaveLength(2);
    expect(kinds(app!.hunks[0]!.lines)).toEqual(["context", "add", "context"]);
    expect(app!.hunks[0]!.lines[1]).toMatchObject({ oldNumber: null, newNumber: 2 });
    // "@@ -40 +41 @@": an omitted count means one line.
    expect(app!.hunks[1]!.lines).toEqual([
      { kind: "remove", text: "old();", oldNumber: 40, newNumber: null },
      { kind: "add", text: "renewed();", oldNumber: null, newNumber: 41 },
    ]);
    expect(diffFileStats(app!)).toEqual({ added: 2, removed: 1 });
  });

  it("reads a plain diff -u without a git line, with timestamps after the paths", () => {
    const files = parseUnifiedDiff(
      ["--- a/notes.txt\t2026-11-01 10:00:00", "+++ b/notes.txt\t2026-11-02 10:00:00", "@@ -1 +1 @@", "-before", "+after"].join("\n"),
    );
    expect(files).toHaveLength(1);
    expect(files[0]!.oldPath).toBe("notes.txt");
    expect(files[0]!.newPath).toBe("notes.txt");
    expect(kinds(files[0]!.hunks[0]!.lines)).toEqual(["remove", "add"]);
  });

  it("names no old path for a new file and no new path for a deleted one", () => {
    const [created, deleted] = parseUnifiedDiff(
      [
        "--- /dev/null",
        "+++ b/src/new.ts",
        "@@ -0,0 +1 @@",
        "+export {};",
        "--- a/src/gone.ts",
        "+++ /dev/null",
        "@@ -1 +0,0 @@",
        "-export {};",
      ].join("\n"),
    );
    expect(created).toMatchObject({ oldPath: null, newPath: "src/new.ts" });
    expect(created!.hunks[0]!.lines[0]).toEqual({ kind: "add", text: "export {};", oldNumber: null, newNumber: 1 });
    expect(deleted).toMatchObject({ oldPath: "src/gone.ts", newPath: null });
    expect(deleted!.hunks[0]!.lines[0]).toEqual({ kind: "remove", text: "export {};", oldNumber: 1, newNumber: null });
  });

  it("takes a removed line starting with '--' as a body line while the hunk still owes lines", () => {
    const [file] = parseUnifiedDiff(["--- a/q.sql", "+++ b/q.sql", "@@ -1,2 +1,2 @@", "--- old comment", "++- new comment", " select 1;"].join("\n"));
    expect(file!.hunks[0]!.lines.map((line) => [line.kind, line.text])).toEqual([
      ["remove", "-- old comment"],
      ["add", "+- new comment"],
      ["context", "select 1;"],
    ]);
  });

  it("keeps an empty line inside a hunk as an empty context line, and marks '\\ No newline' as a header", () => {
    const [file] = parseUnifiedDiff(["--- a/x", "+++ b/x", "@@ -1,3 +1,3 @@", " a", "", "-b", "+c", "\\ No newline at end of file"].join("\n"));
    expect(file!.hunks[0]!.lines.map((line) => [line.kind, line.text])).toEqual([
      ["context", "a"],
      ["context", ""],
      ["remove", "b"],
      ["add", "c"],
      ["header", "\\ No newline at end of file"],
    ]);
  });

  it("is forgiving with a model's diff: wrong counts, no ranges, prose around it, CRLF", () => {
    const files = parseUnifiedDiff(
      [
        "Here is the fix:",
        "--- a/a.ts",
        "+++ b/a.ts",
        "@@ -1,1 +1,1 @@", // says one line each, carries three
        "-one",
        "+uno",
        "+dos",
        "@@ @@",
        " kept",
        "+added",
        "That should do it.",
      ].join("\r\n"),
    );
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file!.headers.map((line) => line.text)).toEqual(["Here is the fix:", "--- a/a.ts", "+++ b/a.ts"]);
    expect(file!.newPath).toBe("a.ts");
    expect(kinds(file!.hunks[0]!.lines)).toEqual(["remove", "add", "add"]);
    expect(file!.hunks[1]!.lines).toEqual([
      { kind: "context", text: "kept", oldNumber: null, newNumber: null },
      { kind: "add", text: "added", oldNumber: null, newNumber: null },
      { kind: "header", text: "That should do it.", oldNumber: null, newNumber: null },
    ]);
  });

  it("keeps text that is not a diff at all as header lines, so it can still be shown", () => {
    const prose = "No code change is needed; clear the browser cache.";
    expect(parseUnifiedDiff(prose)).toEqual([
      { oldPath: null, newPath: null, headers: [{ kind: "header", text: prose, oldNumber: null, newNumber: null }], hunks: [] },
    ]);
  });
});
