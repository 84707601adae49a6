// The raw side of the benchmark runs exactly the statements the API's data layer sends: each service function is
// called once against a Drizzle instance over a recording client, which keeps the query config node-postgres
// would get (text, rowMode, type parsers) and its parameters, and runs each statement on the database for its real
// answer (a later statement may depend on it: a page's documents are read for the ids its search found). Replaying
// them through a pg Pool then costs only the database and the driver — no HTTP, no validation, no mapping, no JSON.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../server/src/db/client";
import * as schema from "../server/src/db/schema";

export interface Statement {
  config: pg.QueryConfig;
  params: unknown[];
}

/** Statements in the order sent; those sent while another was in flight share a wave (a Promise.all). */
export type Waves = Statement[][];

export async function captureStatements(pool: pg.Pool, run: (db: Database) => Promise<unknown>): Promise<Waves> {
  const waves: Waves = [];
  let inFlight = 0;
  const recorder = {
    async query(config: pg.QueryConfig, params: unknown[]) {
      if (inFlight === 0) waves.push([]);
      inFlight++;
      waves.at(-1)!.push({ config, params: [...params] });
      try {
        // Statements issued together are in flight together, so they share a wave.
        return await pool.query(config, params);
      } finally {
        inFlight--;
      }
    },
  };
  // A pool whose query is the recorder's, which runs each statement on the real pool.
  const client = Object.assign(new pg.Pool({ max: 1 }), { query: recorder.query });
  const db: Database = drizzle({ client, schema });
  await run(db);
  if (waves.length === 0) throw new Error("the data layer sent no statement");
  return waves;
}

/** Runs the captured statements as the service does: waves one after another, each wave's statements together. */
export async function replay(pool: pg.Pool, waves: Waves): Promise<void> {
  for (const wave of waves) {
    if (wave.length === 1) await pool.query(wave[0]!.config, wave[0]!.params);
    else await Promise.all(wave.map((s) => pool.query(s.config, s.params)));
  }
}

/** Replaces a placeholder value captured with a sentinel, by position, for statements replayed with new values. */
export function paramIndex(statement: Statement, sentinel: unknown): number {
  const index = statement.params.findIndex((p) => p === sentinel);
  if (index < 0) throw new Error(`sentinel ${String(sentinel)} not found in the captured parameters`);
  return index;
}

export function describe(waves: Waves): string {
  return waves
    .map((wave, w) =>
      wave
        .map((s, i) => `-- wave ${w + 1}${wave.length > 1 ? `, statement ${i + 1} of ${wave.length} (sent together)` : ""}\n-- params: ${JSON.stringify(s.params)}\n${s.config.text.trim()};`)
        .join("\n\n"),
    )
    .join("\n\n");
}
