/**
 * add / remove / context: a hunk's body. header: everything that describes rather than changes code
 * (diff --git, index, ---/+++ paths, @@ ranges, "\ No newline at end of file", text outside any file).
 */
export type DiffLineKind = "add" | "remove" | "context" | "header";

export type DiffLine = {
  kind: DiffLineKind;
  /** The line without its +/-/space marker (header lines keep their whole text). */
  text: string;
  /** Line numbers in the old and new file; null where the line has none or the hunk range was unreadable. */
  oldNumber: number | null;
  newNumber: number | null;
};

export type DiffHunk = {
  /** The "@@ -a,b +c,d @@ section" line itself. */
  header: DiffLine;
  lines: DiffLine[];
};

export type DiffFile = {
  /** Without the a/ prefix; null for a new file (/dev/null) or when the diff names none. */
  oldPath: string | null;
  newPath: string | null;
  /** diff --git, index, mode and ---/+++ lines, in order. */
  headers: DiffLine[];
  hunks: DiffHunk[];
};

const HUNK_RANGE = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const GIT_HEADER = /^diff --git (\S+) (\S+)/;

/** Where the counting in the current hunk stands; null counts when the @@ line gave no usable range. */
type HunkCursor = { hunk: DiffHunk; oldNext: number | null; newNext: number | null; oldLeft: number | null; newLeft: number | null };

const header = (text: string): DiffLine => ({ kind: "header", text, oldNumber: null, newNumber: null });

/** "a/src/x.ts\t2024-01-01 …" → "src/x.ts"; "/dev/null" → null. */
function cleanPath(raw: string): string | null {
  const path = raw.split("\t")[0]!.trim();
  if (!path || path === "/dev/null") return null;
  return path.replace(/^[ab]\//, "");
}

function emptyFile(): DiffFile {
  return { oldPath: null, newPath: null, headers: [], hunks: [] };
}

/**
 * Splits a unified diff (git or plain diff -u) into files, hunks and typed lines.
 * Proposals come from a model, so the parser is forgiving: wrong hunk counts, a missing "diff --git" line,
 * "@@ @@" without ranges or prose around the diff never throw; what cannot be placed is kept as a header line.
 */
export function parseUnifiedDiff(diff: string): DiffFile[] {
  const text = diff.replace(/\r\n?/g, "\n");
  if (!text.trim()) return [];
  const lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");

  const files: DiffFile[] = [];
  let file: DiffFile | null = null;
  let cursor: HunkCursor | null = null;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];

    const git = GIT_HEADER.exec(line);
    if (git) {
      file = { oldPath: cleanPath(git[1]!), newPath: cleanPath(git[2]!), headers: [header(line)], hunks: [] };
      files.push(file);
      cursor = null;
      continue;
    }

    // A "---" / "+++" pair names a file, unless the current hunk's range still owes lines (a removed "-- " line).
    if (line.startsWith("--- ") && next?.startsWith("+++ ") && !(cursor && owesLines(cursor))) {
      // "diff --git" (or prose before the diff) may already have opened the file; a plain diff -u opens it here.
      if (!file || file.hunks.length > 0) {
        file = emptyFile();
        files.push(file);
      }
      file.oldPath = cleanPath(line.slice(4));
      file.newPath = cleanPath(next.slice(4));
      file.headers.push(header(line), header(next));
      cursor = null;
      i++;
      continue;
    }

    if (line.startsWith("@@")) {
      if (!file) {
        file = emptyFile();
        files.push(file);
      }
      const hunk: DiffHunk = { header: header(line), lines: [] };
      file.hunks.push(hunk);
      cursor = openHunk(hunk, HUNK_RANGE.exec(line));
      continue;
    }

    if (cursor) {
      const marker = line[0];
      if (marker === "+" || marker === "-" || marker === " " || (line === "" && expectsMore(cursor))) {
        cursor.hunk.lines.push(bodyLine(cursor, marker === "+" ? "add" : marker === "-" ? "remove" : "context", line.slice(1)));
        continue;
      }
      if (marker === "\\") {
        cursor.hunk.lines.push(header(line));
        continue;
      }
      if (line === "") continue;
      // Anything else ends the hunk and is kept below as a header line, in place.
      cursor = null;
    }

    if (!file) {
      if (line.trim() === "") continue;
      file = emptyFile();
      files.push(file);
    }
    (file.hunks.at(-1)?.lines ?? file.headers).push(header(line));
  }

  return files;
}

function openHunk(hunk: DiffHunk, range: RegExpExecArray | null): HunkCursor {
  if (!range) return { hunk, oldNext: null, newNext: null, oldLeft: null, newLeft: null };
  // An omitted count means one line ("@@ -3 +3 @@").
  return {
    hunk,
    oldNext: Number(range[1]),
    newNext: Number(range[3]),
    oldLeft: range[2] === undefined ? 1 : Number(range[2]),
    newLeft: range[4] === undefined ? 1 : Number(range[4]),
  };
}

/** True while the range says more body lines are due; a hunk without a readable range stays open until something else starts. */
function expectsMore(cursor: HunkCursor): boolean {
  return cursor.oldLeft === null || cursor.newLeft === null || cursor.oldLeft > 0 || cursor.newLeft > 0;
}

/** Only a readable range can owe lines; without one a "---"/"+++" pair is taken as the next file. */
function owesLines(cursor: HunkCursor): boolean {
  return cursor.oldLeft !== null && cursor.newLeft !== null && (cursor.oldLeft > 0 || cursor.newLeft > 0);
}

/** Numbers the line from the hunk's running counters and moves them on. */
function bodyLine(cursor: HunkCursor, kind: "add" | "remove" | "context", text: string): DiffLine {
  const oldNumber = kind === "add" ? null : cursor.oldNext;
  const newNumber = kind === "remove" ? null : cursor.newNext;
  if (kind !== "add") {
    if (cursor.oldNext !== null) cursor.oldNext++;
    if (cursor.oldLeft !== null) cursor.oldLeft--;
  }
  if (kind !== "remove") {
    if (cursor.newNext !== null) cursor.newNext++;
    if (cursor.newLeft !== null) cursor.newLeft--;
  }
  return { kind, text, oldNumber, newNumber };
}

/** Added and removed line counts of a file, for its heading. */
export function diffFileStats(file: DiffFile): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind === "add") added++;
      else if (line.kind === "remove") removed++;
    }
  }
  return { added, removed };
}
