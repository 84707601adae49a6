import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A constant SQL fragment rendered to text at start-up, so hot queries do not rebuild it per request.
 * It must hold no parameters: constants go in as literals (sqlStringLiteral).
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`renderedOnce: the fragment has ${params.length} parameter(s); write constants as literals`);
  return sql.raw(text);
}

/** A string constant as a SQL literal (standard_conforming_strings quoting). */
export const sqlStringLiteral = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);
