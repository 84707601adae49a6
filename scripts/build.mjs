// `npm run build`: the client and its compressed copies, the server bundle, and then the stamp `npm start` reads
// (scripts/ensure-build.mjs), so a start right after a build finds it current instead of building again.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { build } from "vite";
import { buildInputsHash } from "./build-inputs.mjs";
import { BUILD_STAMP } from "./ensure-build.mjs";

// The sources this build reads, as they are before it reads them: an edit made while it runs makes the next start build again.
const hash = buildInputsHash();
// A build that fails part-way leaves no stamp saying dist is current.
rmSync(BUILD_STAMP, { force: true });

await build();
await import("./compress-assets.mjs");
await import("./build-server.mjs");

mkdirSync("dist", { recursive: true });
writeFileSync(BUILD_STAMP, hash);
