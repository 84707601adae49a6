// Builds the client and server when dist is missing or was built from other sources than the ones here, so a fresh
// clone (or a pull) needs no separate build step. Run as a script (tests, bench) or imported by scripts/start.mjs.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildInputsHash } from "./build-inputs.mjs";

const outputs = ["dist/client/index.html", "dist/server/main.js"];
export const BUILD_STAMP = "dist/.build-stamp";

/** Whether dist holds a build of exactly these sources. */
export function buildIsCurrent(hash = buildInputsHash()) {
  const built = existsSync(BUILD_STAMP) ? readFileSync(BUILD_STAMP, "utf8").trim() : "";
  return outputs.every((file) => existsSync(file)) && built === hash;
}

export function ensureBuild() {
  const hash = buildInputsHash();
  if (buildIsCurrent(hash)) return false;
  console.log("Building Leadwell (client and server)...");
  // Always a production build, even when called from a test runner that sets NODE_ENV=test. The build writes the
  // stamp itself (scripts/build.mjs), so a plain `npm run build` leaves dist current too.
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureBuild();
