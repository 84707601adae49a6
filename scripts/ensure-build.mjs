// `npm start` runs this first: it builds the client and server when dist is missing or older than the sources,
// so a fresh clone (or a pull) needs no separate build step.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const sources = ["client", "server/src", "contract", "package.json", "package-lock.json", "vite.config.ts"];
const outputs = ["dist/client/index.html", "dist/server/main.js"];
const stampFile = "dist/.build-stamp";

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const sourceTime = Math.max(...sources.map(newestMtime));
const builtTime = existsSync(stampFile) ? Number(readFileSync(stampFile, "utf8")) : 0;
if (outputs.every(existsSync) && builtTime >= sourceTime) process.exit(0);

console.log("Building Leadwell (client and server)...");
// Always a production build, even when called from a test runner that sets NODE_ENV=test.
execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
writeFileSync(stampFile, String(sourceTime));
