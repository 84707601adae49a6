import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from "playwright-core";
import { loadConfig, type AppConfig } from "../server/src/config";
import { createRuntime, type Runtime } from "../server/src/runtime";
import { createThrowawayDatabase } from "../server/src/test/test-runtime";
import { migratedPgliteImage, migratedPostgresTemplate } from "../server/src/test/database-templates";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Flags that let Chromium run as root with no network to phone home to.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface E2EServer {
  baseUrl: string;
  runtime: Runtime;
  browser: Browser;
  /** A fresh browser profile (cookies, localStorage) with a page open. */
  newPage(options?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** Running servers by origin, so completeSetup can read the set-up token of the server a page is on. */
const runningByOrigin = new Map<string, Runtime>();

/** The real app on a free port (PGlite in a temp dir, or a throwaway database when DATABASE_URL is set) and a Chromium. */
export async function startE2E(configOverrides: Partial<AppConfig> = {}): Promise<E2EServer> {
  let cleanup = async () => {};
  const overrides: Partial<AppConfig> = {};
  if (process.env.DATABASE_URL) {
    const created = await createThrowawayDatabase(process.env.DATABASE_URL, await migratedPostgresTemplate(process.env.DATABASE_URL));
    overrides.databaseUrl = created.url;
    overrides.dataDir = null;
    cleanup = created.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "leadwell-e2e-"));
    overrides.databaseUrl = undefined;
    overrides.dataDir = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    ...overrides,
    port: 0,
    host: "127.0.0.1",
    clientDir: path.resolve("dist/client"),
    shutdownTimeoutMs: 5_000,
    ...configOverrides,
  };
  const runtime = await createRuntime(config, { pollingIntervalSeconds: 0.5, pgliteImage: config.databaseUrl ? undefined : await migratedPgliteImage() });
  await runtime.app.listen({ port: 0, host: "127.0.0.1" });
  const address = runtime.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const baseUrl = `http://127.0.0.1:${port}`;
  runningByOrigin.set(baseUrl, runtime);
  return {
    baseUrl,
    runtime,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, locale: options.locale ?? "en-US" });
      const page = await context.newPage();
      return { context, page };
    },
    async stop() {
      runningByOrigin.delete(baseUrl);
      await browser.close();
      await runtime.close();
      await cleanup();
    },
  };
}

/** Runs the one-time set-up screen with valid details (and the token the server printed) and waits for the Dashboard. */
export async function completeSetup(page: Page, admin: { name: string; email: string; password: string }) {
  await page.goto("/");
  await page.getByText("Create the administrator account").first().waitFor();
  const runtime = runningByOrigin.get(new URL(page.url()).origin);
  const setupToken = await runtime?.readSetupToken();
  if (!setupToken) throw new Error(`no set-up token for ${page.url()}: was the server started with startE2E?`);
  await page.getByLabel("Set-up token").fill(setupToken);
  await page.getByLabel("Full name").fill(admin.name);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByLabel("Confirm password").fill(admin.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("page-title").getByText("Dashboard", { exact: true }).waitFor();
}

/** The administrator a browser test signs up as unless it names its own. */
export const E2E_ADMIN = { name: "Ada Lovelace", email: "ada@leadwell.test", password: "a long enough password" };

/**
 * How most browser tests begin, once startE2E has started the app (kept in the test's own variable first, so that its
 * afterAll stops it even when this times out): a page (at `viewport` when given), the set-up screen completed as
 * `admin`, and the cookie panel answered "Necessary Only" so it covers nothing later.
 */
export async function signedInPage(
  e2e: E2EServer,
  options: { admin?: { name: string; email: string; password: string }; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await e2e.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  await completeSetup(page, options.admin ?? E2E_ADMIN);
  await page.getByTestId("cookie-panel").getByRole("button", { name: "Necessary Only" }).click();
  return { context, page };
}

/** Creates a lead through the API as the signed-in user of `api` (a page's or context's request); answers its id. */
export async function createLead(api: APIRequestContext, lead: Record<string, unknown>): Promise<number> {
  const created = await api.post("/api/leads", { data: lead });
  if (created.status() !== 201) throw new Error(`POST /api/leads answered ${created.status()}: ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}
