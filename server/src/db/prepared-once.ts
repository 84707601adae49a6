import type { Database } from "./client";

/**
 * A statement built once per database (or transaction) and variant, then run with its values as placeholders: for the
 * small reads every request or screen makes (the session's person, one lead), where building a select of many columns
 * with Drizzle cost the server more than PostgreSQL's whole answer, and planning cost PostgreSQL more than running it.
 * `build` returns Drizzle's `.prepare(name)` of the statement: a named prepared statement, parsed once per connection,
 * whose generic plan PostgreSQL keeps once it costs no more than the custom ones (a lookup by primary key). Keyed by
 * the database object, so a statement built for a transaction runs in that transaction.
 */
export function preparedOnce<Variant extends string, Prepared>(build: (db: Database, variant: Variant) => Prepared): (db: Database, variant: Variant) => Prepared {
  const built = new WeakMap<Database, Map<Variant, Prepared>>();
  return (db, variant) => {
    let variants = built.get(db);
    if (!variants) {
      variants = new Map();
      built.set(db, variants);
    }
    let prepared = variants.get(variant);
    if (prepared === undefined) {
      prepared = build(db, variant);
      variants.set(variant, prepared);
    }
    return prepared;
  };
}
