// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the migrations beside it.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist/server", { recursive: true, force: true });
await build({
  entryPoints: ["server/src/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
await cp("server/src/db/migrations", "dist/server/migrations", { recursive: true });
console.log("server bundled to dist/server/main.js");
