import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse, CsvError } from "csv-parse";
import { MIGRATION_MAX_FIELD_BYTES, MIGRATION_MAX_RECORD_BYTES } from "@contract/migration";
import { badRequest } from "../../kernel/http/errors";

/** How much of the file is read before the delimiter is chosen: the header row, or this much of it. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Comma or semicolon, whichever separates more fields of the first row (outside quotes). A header with neither is a
 * one-column file, read with commas.
 */
export function detectDelimiter(head: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ",") commas++;
    else if (!quoted && char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

const hasLineEnd = (chunk: Buffer) => chunk.includes(10) || chunk.includes(13);

/** A row of empty cells (",,,," as spreadsheets save a blank row) reads as a blank line. */
const isBlank = (record: string[]) => record.every((cell) => cell.trim() === "");

/** The file's first bytes (enough for the header row) and an iterator over the rest, nothing read twice. */
async function sniff(source: AsyncIterable<Buffer>): Promise<{ head: Buffer; rest: AsyncIterator<Buffer> }> {
  const rest = source[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await rest.next();
    if (next.done) break;
    parts.push(next.value);
    size += next.value.length;
    if (hasLineEnd(next.value)) break;
  }
  return { head: Buffer.concat(parts), rest };
}

/**
 * The records of an uploaded CSV, streamed: UTF-8 with or without a BOM, comma or semicolon (detected from the header
 * row), quoted fields holding delimiters, newlines and doubled quotes, blank lines (and rows of empty cells) skipped.
 * Only one parser buffer is in memory at a time, never the file, and never more than one row's limit of it: a row
 * over MIGRATION_MAX_RECORD_BYTES (a file with no line breaks, an unclosed quote) is refused as soon as the parser
 * has that much, and a cell over MIGRATION_MAX_FIELD_BYTES once its row is read. A malformed file answers 400 naming
 * the line; a row too large, its row number as the error report counts them (the header is row 1).
 */
export async function* csvRecords(source: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const { head, rest } = await sniff(source);
  const delimiter = detectDelimiter(head.toString("utf8").replace(/^\uFEFF/, ""));
  // Where the parser is, counted as it reads (the loop below may lag behind it): the rows so far (the header is row
  // 1; blank rows are not counted), and the line the last one ended on, with the blank lines skipped by then.
  const read = { rows: 0, endLine: 0, emptyLines: 0, header: null as string[] | null };
  const parser = parse({
    delimiter,
    bom: true,
    // Any line ending, even mixed in one file (a header written by one program, rows appended by another).
    record_delimiter: ["\r\n", "\n", "\r"],
    // A quote inside an unquoted cell (5" screen) is text, as spreadsheets read it.
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // A row is refused once the parser holds this much of it, so a file with no line breaks is never held whole.
    max_record_size: MIGRATION_MAX_RECORD_BYTES,
    on_record: (record: string[], info) => {
      read.endLine = info.lines;
      read.emptyLines = info.empty_lines;
      if (isBlank(record)) return record;
      read.rows++;
      const wide = record.findIndex((cell) => cell.length > MIGRATION_MAX_FIELD_BYTES);
      if (wide >= 0) {
        const column = read.header?.[wide]?.trim() || String(wide + 1);
        throw badRequest("csvFile", "migration.field_too_large", { row: read.rows, column, maxKilobytes: MIGRATION_MAX_FIELD_BYTES / 1024 });
      }
      read.header ??= record;
      return record;
    },
  });
  const input = Readable.from(
    (async function* () {
      if (head.length > 0) yield head;
      for (;;) {
        const next = await rest.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  // The pipeline's failure (the upload cut off, the size limit) reaches the loop below through the parser.
  const fed = pipeline(input, parser).catch(() => undefined);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      // A row of empty cells (",,,," as spreadsheets save a blank row) is a blank line too.
      if (isBlank(record)) continue;
      if (record.some((cell) => cell.includes("\u0000"))) {
        throw badRequest("csvFile", "migration.invalid_csv", { line: parser.info.lines, reason: "a cell holds the NUL character: is this a text file?" });
      }
      yield record;
    }
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE") {
      // The row starts on the line after the last one read, and after the blank lines skipped since.
      const emptyLines = Number((error as CsvError & { empty_lines?: number }).empty_lines ?? read.emptyLines);
      const line = read.endLine + 1 + Math.max(0, emptyLines - read.emptyLines);
      throw badRequest("csvFile", "migration.record_too_large", { row: read.rows + 1, line, maxKilobytes: MIGRATION_MAX_RECORD_BYTES / 1024 });
    }
    if (error instanceof CsvError) {
      throw badRequest("csvFile", "migration.invalid_csv", { line: Number((error as CsvError & { lines?: number }).lines ?? parser.info.lines), reason: error.message });
    }
    throw error;
  } finally {
    parser.destroy();
    input.destroy();
    await fed;
  }
}
