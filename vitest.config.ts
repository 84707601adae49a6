import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(chromiumPath);
if (process.env.CI === "true" && !hasChromium) {
  throw new Error(`CI=true requires the browser tests, but Chromium is missing at ${chromiumPath} (apt-get install -y chromium)`);
}

export default defineConfig({
  resolve: {
    alias: { "@contract": fromRoot("./contract"), "@": fromRoot("./client/src") },
  },
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    // Vitest's default is one worker per CPU less one: a single worker on the 2-core CI machine, where most test time is
    // spent waiting (on PostgreSQL, a browser, a job's poll). Three files at a time keep both cores busy through those
    // waits: the whole CI run went from 19.5 to 15 minutes against two at a time, with no test slowed past its limits.
    maxWorkers: 3,
    // Test files share their worker's modules instead of importing the server afresh each (no test mocks a module or
    // changes the environment): on the two-core CI machine the imports alone had cost a third of the integration run.
    isolate: false,
    projects: [
      {
        extends: true as const,
        test: {
          name: "integration",
          include: ["server/**/*.test.ts", "contract/**/*.test.ts", "client/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Browser tests run whenever Chromium is present; under CI its absence fails above instead.
      ...(hasChromium
        ? [
            {
              extends: true as const,
              test: {
                name: "browser",
                include: ["e2e/**/*.e2e.test.ts"],
                environment: "node",
                globalSetup: ["e2e/global-setup.ts"],
                // No fileParallelism: false here. Vitest runs a one-worker project only after every other file has
                // finished, so the browser files queued behind the integration files and the run took their sum. Each
                // browser file starts its own server, database and Chromium, so they share the two workers instead.
                testTimeout: 120_000,
                hookTimeout: 180_000,
                // A poll returns as soon as it passes; its limit only decides how long a slow machine may take to show
                // a screen. Vitest's 1 s made two hundred polls flaky on a loaded two-core machine.
                expect: { poll: { timeout: 10_000 } },
              },
            },
          ]
        : []),
    ],
  },
});
