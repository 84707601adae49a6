import { ConfigError, loadConfig } from "./config";
import { DataDirInUseError } from "./db/data-dir-lock";
import { logOutput } from "./kernel/log-output";
import { createRuntime } from "./runtime";

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config, { logStream: await logOutput() });
  const { app } = runtime;
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL server" : `embedded PGlite in ${config.dataDir}`;
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const setupToken = await runtime.readSetupToken();
  app.log.info(`Leadwell ready on http://localhost:${port} (${where}) in ${Math.round(performance.now() - startedAt)} ms`);
  if (setupToken) {
    // At warn so LOG_LEVEL=warn still shows it: without it nobody can create the first administrator.
    app.log.warn(`Set-up token: ${setupToken} (open http://localhost:${port} and enter it on the set-up screen)`);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests and jobs`);
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A stray rejection is a bug to log, not a reason to drop every user's request.
  process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled rejection"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
