import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { renderedOnce, sqlStringLiteral } from "./rendered-once";

const render = (fragment: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(fragment);

describe("renderedOnce", () => {
  it("turns a constant fragment into the same text, with no parameters left", () => {
    const fragment = sql`coalesce(${sql.identifier("stage")}, ${sqlStringLiteral("New")})`;
    expect(render(sql`SELECT ${renderedOnce(fragment)}`)).toEqual({ sql: `SELECT coalesce("stage", 'New')`, params: [] });
  });

  it("refuses a fragment that holds parameters", () => {
    expect(() => renderedOnce(sql`lower(${"x"})`)).toThrow(/1 parameter/);
  });

  it("doubles quotes inside string literals", () => {
    expect(render(sql`${sqlStringLiteral("it's")}`).sql).toBe(`'it''s'`);
  });
});
