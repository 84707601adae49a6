import { createHash } from "node:crypto";

/**
 * What may be logged about an error: never a statement's parameters nor anything the database echoes of a value.
 * Drizzle's DrizzleQueryError message is "Failed query: <sql>\nparams: <values>" (password hashes, a lead's
 * personal data...), and PostgreSQL errors carry values in their message ('invalid input syntax for type
 * integer: "…"'), detail ('Key (email)=(…) already exists') and where. So an error with a database error in its
 * cause chain is logged as its SQLSTATE code, the schema names the database reports, a fingerprint of the
 * statement and the stack frames; any other error (a programming fault) keeps its message and stack.
 */
export interface LoggableError {
  type: string;
  /** SQLSTATE, e.g. 23514. */
  code?: string;
  /** The statement's verb and table plus a hash of its text, e.g. `insert into leads #3f9a0c1d`. */
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** For a database error, only its code and statement: "database error 23514 in insert into leads #3f9a0c1d". */
  message: string;
  /** Stack frames only, without the first line (which repeats the message). */
  stack: string;
  /** Open, as Fastify types the logger's err serializer. */
  [key: string]: unknown;
}

// Five characters with a digit: SQLSTATE, not a Node system code such as EPIPE.
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

type ErrorLike = { name?: unknown; code?: unknown; query?: unknown; constraint?: unknown; table?: unknown; column?: unknown; cause?: unknown };

/** The statement's first verb and the table it reads or writes, with a hash that tells two statements apart. */
export function statementFingerprint(sql: string): string {
  const text = sql.replace(/\s+/g, " ").trim();
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? "statement";
  const table = /\b(?:from|into|update)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(text)?.[1]?.replaceAll('"', "");
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 8);
  return [verb === "insert" ? "insert into" : verb, table, `#${hash}`].filter(Boolean).join(" ");
}

/** Only the "at …" lines of a stack: its first line repeats the message, which is what must not be logged. */
const framesOnly = (stack: unknown) =>
  typeof stack === "string"
    ? stack
        .split("\n")
        .filter((line) => line.trimStart().startsWith("at "))
        .join("\n")
    : "";

const schemaName = (value: unknown) => (typeof value === "string" && value ? value : undefined);

export function loggableError(error: unknown): LoggableError {
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; e && typeof e === "object" && chain.length < MAX_CAUSES; e = (e as ErrorLike).cause) chain.push(e as ErrorLike);
  const type = error instanceof Error ? error.constructor.name || error.name : typeof error;
  const database = chain.find((e) => typeof e.code === "string" && SQLSTATE.test(e.code));
  const query = chain.find((e) => typeof e.query === "string")?.query as string | undefined;
  if (!database && query === undefined) {
    return error instanceof Error ? { type, message: error.message, stack: framesOnly(error.stack) } : { type, message: String(error), stack: "" };
  }
  const code = database?.code as string | undefined;
  const statement = query !== undefined ? statementFingerprint(query) : undefined;
  return {
    type,
    message: `database error ${code ?? "(no code)"}${statement ? ` in ${statement}` : ""}`,
    ...(code ? { code } : {}),
    ...(statement ? { statement } : {}),
    ...(schemaName(database?.constraint) ? { constraint: schemaName(database?.constraint) } : {}),
    ...(schemaName(database?.table) ? { table: schemaName(database?.table) } : {}),
    ...(schemaName(database?.column) ? { column: schemaName(database?.column) } : {}),
    stack: framesOnly(error instanceof Error ? error.stack : undefined),
  };
}

/** Whether loggableError left anything out: then the error itself must not be logged or stored either. */
export const isRedacted = (logged: LoggableError) => logged.code !== undefined || logged.statement !== undefined;
