// What the production build reads, and one hash of their contents: the build is redone when, and only when, it changes.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Sources and build settings; test files and node_modules do not change what is built. */
export const BUILD_INPUTS = [
  "client",
  "server/src",
  "contract",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build.mjs",
  "scripts/build-server.mjs",
  "scripts/compress-assets.mjs",
];

const skipped = (name) => name === "node_modules" || /\.test\.tsx?$/.test(name);

function listFiles(entry, into) {
  if (!existsSync(entry)) return into;
  if (!statSync(entry).isDirectory()) return into.push(entry), into;
  for (const child of readdirSync(entry).sort()) {
    if (!skipped(child)) listFiles(path.join(entry, child), into);
  }
  return into;
}

/** SHA-256 over every input's path and contents, so a touched but unchanged file (npm install, a checkout) changes nothing. */
export function buildInputsHash(root = ".") {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    for (const file of listFiles(path.join(root, input), [])) {
      hash.update(path.relative(root, file).split(path.sep).join("/"));
      hash.update("\0");
      hash.update(readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}
