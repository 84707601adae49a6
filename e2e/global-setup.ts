import { execFileSync } from "node:child_process";

/** The browser tests run the built client: build it once when the sources are newer than dist. */
export default function setup() {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
}
