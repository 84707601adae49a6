import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EndpointSpec } from "@contract/endpoint";
import { endpointSchema, routeConfig, type EndpointQuery } from "./endpoint-route";
import type { ZodApp } from "./zod-app";
import { CSV_BOM, csvLines, csvRow } from "../../lib/csv";

/** The download's name: the export's name and today's UTC day, e.g. leads-2026-11-22.csv. */
export const csvFileName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;

/** Rows a data module reads in keyset batches, with the mapper that turns one row into its cells (header order). */
interface MappedRows<Row> {
  batches: AsyncIterable<readonly Row[]>;
  cells: (row: Row) => readonly unknown[];
}

/**
 * Rows that SQL already rendered as text in header order (extra trailing columns, such as a sort key, are cut off):
 * the fast path for exports of a million rows, with no per-row mapping.
 */
interface TextRows {
  batches: AsyncIterable<readonly (readonly (string | null)[])[]>;
  cells?: undefined;
}

export type CsvExport<Row> = {
  /** Names the file: "leads" downloads as leads-YYYY-MM-DD.csv. */
  name: string;
  header: readonly string[];
} & (MappedRows<Row> | TextRows);

/** One batch as CSV lines: through the row mapper, or straight from text rows on the fast path. */
function formatBatch<Row>(csv: CsvExport<Row>, rows: readonly unknown[]): string {
  if (!csv.cells) return csvLines(rows as readonly (readonly (string | null)[])[], csv.header.length);
  let out = "";
  for (const row of rows as readonly Row[]) out += csvRow(csv.cells(row));
  return out;
}

/**
 * Sends a CSV download streamed from keyset batches: memory stays flat however many rows match, and the next batch
 * is already being read while the current one is formatted and written. UTF-8 with a BOM (spreadsheets then read it
 * as UTF-8), RFC 4180 cells with formula-like text neutralised (lib/csv.ts).
 *
 * The first batch is read before anything is sent, so a query the database refuses still answers with a status and a
 * JSON error rather than a 200 cut off after the header row. Filters are validated by the route's schema before that.
 */
export async function sendCsv<Row>(reply: FastifyReply, csv: CsvExport<Row>): Promise<FastifyReply> {
  const batches = (csv.batches as AsyncIterable<readonly unknown[]>)[Symbol.asyncIterator]();
  const first = await batches.next();
  const body = Readable.from(
    (async function* () {
      const head = CSV_BOM + csvRow(csv.header);
      if (first.done) {
        yield head;
        return;
      }
      let next = batches.next();
      yield head + formatBatch(csv, first.value);
      for (;;) {
        const current = await next;
        if (current.done) return;
        next = batches.next();
        yield formatBatch(csv, current.value);
      }
    })(),
  );
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${csvFileName(csv.name)}"`)
    .header("cache-control", "no-store")
    .send(body);
}

/** The sort value of the last row sent (as PostgreSQL text, full precision) and its id: where the next batch starts. */
export interface KeysetPosition {
  key: string;
  id: number;
}

/** What an export's batch reader answers per row, besides its cells: its keyset position. */
export interface KeysetRow {
  sortKey: string;
  id: number;
}

export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Keyset batches: `read` answers up to `limit` rows after `after` (null for the first batch) in the export's order,
 * each with its sortKey and id. Stops after the first short batch, so an export costs one query per batch and never
 * an OFFSET scan.
 */
export async function* keysetBatches<Row extends KeysetRow>(
  read: (after: KeysetPosition | null, limit: number) => Promise<Row[]>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let after: KeysetPosition | null = null;
  for (;;) {
    const rows = await read(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { key: last.sortKey, id: last.id };
  }
}

/** An endpoint declared `download: "csv"`: a list screen's export. */
type CsvEndpoint = EndpointSpec & { method: "GET"; download: "csv" };

/**
 * Registers a declared export endpoint: GET, its filters validated by the declared query schema (a bad one answers
 * 400 JSON before anything is read), the rows streamed by sendCsv.
 */
export function csvExportRoute<E extends CsvEndpoint, Row>(
  app: ZodApp,
  endpoint: E,
  csv: (query: EndpointQuery<E>, request: FastifyRequest) => CsvExport<Row>,
): void {
  const schema = endpointSchema(endpoint);
  app.get(
    endpoint.path,
    {
      config: routeConfig(endpoint),
      schema: { ...schema, summary: `${schema.summary}, as a CSV download (UTF-8 with BOM, formula-safe cells)`, produces: ["text/csv"] },
    },
    // The type provider cannot resolve a generic schema's output: the value is the schema's parsed output all the same.
    async (request, reply) => sendCsv(reply, csv(request.query as EndpointQuery<E>, request)),
  );
}

/**
 * The export most list screens share: rows read in keyset batches by `read` (the data module's batch reader) and
 * mapped to cells one by one, under `header`.
 */
export function keysetCsv<Row extends KeysetRow>(csv: {
  name: string;
  header: readonly string[];
  read: (after: KeysetPosition | null, limit: number) => Promise<Row[]>;
  cells: (row: Row) => readonly unknown[];
}): CsvExport<Row> {
  return { name: csv.name, header: csv.header, batches: keysetBatches(csv.read), cells: csv.cells };
}
