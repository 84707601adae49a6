import { ConfigError, loadConfig } from "./config";
import { DataDirInUseError } from "./db/data-dir-lock";
import { createRuntime } from "./runtime";

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const { app } = runtime;
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL server" : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Leadwell ready on http://localhost:${config.port} (${where}) in ${Math.round(performance.now() - startedAt)} ms`);

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
