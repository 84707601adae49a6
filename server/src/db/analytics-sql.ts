import { sql, type SQL } from "drizzle-orm";
import type { FamilyTable } from "./record-table";

/** Today in UTC, as the database sees it: "overdue", "upcoming" and days remaining all count days this way. */
export const todaySql = sql`(now() AT TIME ZONE 'UTC')::date`;

/**
 * A trend over the last two periods, in SQL: the two most recent records (by `dateColumn`, then id) that carry
 * `valueColumn`, compared. 'no_data' with fewer than two; 'stable' when equal. Columns are declared names, never input.
 */
export function trendSql(table: FamilyTable, valueColumn: string, dateColumn: string, better: "higher" | "lower"): SQL {
  const improves = sql.raw(better === "higher" ? ">" : "<");
  const value = sql.raw(`"${valueColumn}"`);
  return sql`(SELECT CASE
      WHEN count(*) < 2 THEN 'no_data'
      WHEN max(v) FILTER (WHERE rn = 1) = max(v) FILTER (WHERE rn = 2) THEN 'stable'
      WHEN max(v) FILTER (WHERE rn = 1) ${improves} max(v) FILTER (WHERE rn = 2) THEN 'improving'
      ELSE 'declining' END
    FROM (SELECT ${value} AS v, row_number() OVER (ORDER BY ${sql.raw(`"${dateColumn}"`)} DESC, id DESC) AS rn
          FROM ${table} WHERE ${value} IS NOT NULL) AS latest
    WHERE rn <= 2)`;
}

/** `{ value: count }` over a column, as JSON ('{}' when the table is empty), optionally over the rows `where` keeps. */
export function countsBySql(table: FamilyTable, column: string, where: SQL = sql`true`): SQL {
  const key = sql.raw(`"${column}"`);
  return sql`coalesce((SELECT jsonb_object_agg(k, n) FROM (SELECT ${key} AS k, count(*)::int AS n FROM ${table} WHERE ${where} GROUP BY ${key}) AS counted), '{}'::jsonb)`;
}

/**
 * A share as a whole percentage, 0 when there is nothing to share out (an empty whole): the one way every figure
 * "x% of y" is rounded, so two pages never round the same share differently.
 */
export const percentSql = (part: SQL, whole: SQL): SQL => sql`coalesce(round(100.0 * (${part}) / nullif(${whole}, 0)), 0)::float8`;
