import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { loadConfig, type AppConfig } from "../config";
import { createRuntime, type Runtime, type RuntimeOptions } from "../runtime";
import { migratedPgliteImage, migratedPostgresTemplate } from "./database-templates";
import type { UserRole } from "@contract/auth";
import { hashPassword } from "../lib/password";
import { insertUser } from "../modules/auth/users.data";

export type TestDriver = "pglite" | "postgres";

/**
 * Where the floor's suites run (server/src/db, kernel, the fuzz walks over every route, and the areas' tests of what
 * differs between the drivers: a crash, a restart, several instances): on PGlite always, and on the PostgreSQL
 * server too when DATABASE_URL is set.
 */
export const floorDrivers: TestDriver[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * Where an area's suites run: on PGlite (`npm test` on a fresh clone), or on the PostgreSQL server when DATABASE_URL
 * is set (CI). An area reaches the database only through the floor's one code path, whose suites run on both, so a
 * second pass of every area on PGlite in CI doubled its time and found nothing the floor's did not;
 * LEADWELL_TEST_BOTH_DRIVERS=1 runs the areas on both anyway.
 */
export const testDrivers: TestDriver[] =
  process.env.DATABASE_URL && process.env.LEADWELL_TEST_BOTH_DRIVERS !== "1" ? ["postgres"] : floorDrivers;

export interface TestRuntime extends Runtime {
  driver: TestDriver;
  /** A fresh HTTP client with its own cookie jar. */
  client(): TestClient;
  stop(): Promise<void>;
}

/**
 * A throwaway database for one suite: in-memory PGlite, or a new database on the server
 * named after the one in DATABASE_URL, dropped again by stop().
 */
export async function startTestRuntime(
  driver: TestDriver,
  overrides: Partial<AppConfig> = {},
  options: RuntimeOptions = { pollingIntervalSeconds: 0.5 },
): Promise<TestRuntime> {
  const base = loadConfig({ ...process.env, LOG_LEVEL: "silent", DATABASE_URL: undefined, SESSION_SECRET: undefined, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, AI_BASE_URL: undefined, AI_MODEL: undefined, SMTP_URL: undefined, MAIL_FROM: undefined });
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (driver === "postgres") {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL!, await migratedPostgresTemplate(process.env.DATABASE_URL!));
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config: AppConfig = { ...base, dataDir: null, databaseUrl, dbPoolMax: 4, shutdownTimeoutMs: 5_000, ...overrides };
  const runtime = await createRuntime(config, { ...options, pgliteImage: driver === "pglite" && !config.dataDir ? await migratedPgliteImage() : undefined });
  return {
    ...runtime,
    driver,
    client: () => new TestClient(runtime),
    async stop() {
      await runtime.close();
      await dropDatabase();
    },
  };
}

/** A new database on the server, empty or a copy of `template` (see database-templates.ts). */
export async function createThrowawayDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  const baseName = url.pathname.replace(/^\//, "") || "postgres";
  const name = `${baseName}_t_${randomBytes(5).toString("hex")}`.toLowerCase().slice(0, 60);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse["headers"];
  text: string;
}

/** Talks to the app through HTTP injection, keeping cookies like a browser does. */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly runtime: Runtime) {}

  async request<T = unknown>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // Read as it streams, like a browser: an event stream (which stays open) is answered by its status and headers,
    // then closed; any other answer is read to its end.
    const response = await this.runtime.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
      payloadAsStream: true,
    });
    const stream = response.stream();
    let streamed = "";
    if (String(response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
      stream.on("error", () => undefined);
      (response.raw.res as { destroy(): void }).destroy();
    } else {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      streamed = Buffer.concat(chunks).toString("utf8");
    }
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = streamed;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.statusCode, body: parsed as T, headers: response.headers, text };
  }

  get = <T = unknown>(url: string, headers?: Record<string, string>) => this.request<T>("GET", url, undefined, headers);
  post = <T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>("POST", url, body ?? {}, headers);
  put = <T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) => this.request<T>("PUT", url, body ?? {}, headers);
  delete = <T = unknown>(url: string) => this.request<T>("DELETE", url);

  /** The Cookie header this client sends, for a request built by hand (a multipart upload). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  hasCookie(name: string) {
    return this.cookies.has(name);
  }
}

export const ADMIN = { name: "Ada Admin", email: "ada@leadwell.test", password: "correct horse battery" };

/** Runs the one-time set-up and answers a client signed in as that administrator. */
export async function signedInAdmin(runtime: TestRuntime): Promise<TestClient> {
  const client = runtime.client();
  const res = await client.post("/api/auth/setup", { ...ADMIN, setupToken: await runtime.readSetupToken() });
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
  return client;
}

/** One runtime and a signed-in administrator for a describe block, stopped after it. */
export function suiteWithAdmin(driver: TestDriver, overrides: Partial<AppConfig> = {}) {
  const suite = {} as { rt: TestRuntime; admin: TestClient };
  beforeAll(async () => {
    suite.rt = await startTestRuntime(driver, overrides);
    suite.admin = await signedInAdmin(suite.rt);
  });
  afterAll(async () => {
    await suite.rt?.stop();
  });
  return suite;
}

/**
 * A new staff member with the given role (created directly in the database, as an administrator's invitation would),
 * signed in through the API. The password is the same for everyone the tests make this way.
 */
export async function signedInWithRole(runtime: TestRuntime, role: UserRole, person: { name: string; email: string }): Promise<TestClient> {
  await insertUser(runtime.ctx.db, { name: person.name, email: person.email, passwordHash: await hashPassword(ROLE_PASSWORD), role });
  const client = runtime.client();
  const res = await client.post("/api/auth/login", { email: person.email, password: ROLE_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status} ${res.text}`);
  return client;
}

export const ROLE_PASSWORD = "a role's test password";
