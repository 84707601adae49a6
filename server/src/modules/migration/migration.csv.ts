import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse, CsvError } from "csv-parse";
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
 * Only one parser buffer is in memory at a time, never the file. A malformed file answers 400 naming the line.
 */
export async function* csvRecords(source: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const { head, rest } = await sniff(source);
  const delimiter = detectDelimiter(head.toString("utf8").replace(/^\uFEFF/, ""));
  const parser = parse({
    delimiter,
    bom: true,
    // Any line ending, even mixed in one file (a header written by one program, rows appended by another).
    record_delimiter: ["\r\n", "\n", "\r"],
    // A quote inside an unquoted cell (5" screen) is text, as spreadsheets read it.
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
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
      if (record.every((cell) => cell.trim() === "")) continue;
      if (record.some((cell) => cell.includes("\u0000"))) {
        throw badRequest("csvFile", "migration.invalid_csv", { line: parser.info.lines, reason: "a cell holds the NUL character: is this a text file?" });
      }
      yield record;
    }
  } catch (error) {
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
