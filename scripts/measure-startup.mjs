// Measures what the platform issue asks for: cold start to a healthy /api/health on an empty and on a reused
// DATA_DIR, idle RSS, and the JavaScript the first page transfers (gzip). Needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

const port = 5400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "leadwell-measure-"));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startAndTime() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: "inherit",
  });
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  return { child, ms: Math.round(performance.now() - t0) };
}

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);

async function stop(child) {
  const exited = new Promise((r) => child.once("exit", r));
  const t0 = performance.now();
  child.kill("SIGTERM");
  await exited;
  return Math.round(performance.now() - t0);
}

const first = await startAndTime();
console.log(`cold start, empty DATA_DIR:  ${first.ms} ms to a healthy /api/health`);
await sleep(5000);
console.log(`idle RSS after 5 s:          ${rssMb(first.child.pid)} MB`);

const html = await (await fetch(`${base}/`)).text();
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
let gzipBytes = 0;
let rawBytes = 0;
for (const src of new Set(scripts)) {
  const res = await fetch(`${base}${src}`, { headers: { "accept-encoding": "gzip" } });
  const body = Buffer.from(await res.arrayBuffer());
  // fetch decodes the body; the transferred size is the Content-Length of the encoded answer.
  gzipBytes += Number(res.headers.get("content-length") ?? body.length);
  rawBytes += body.length;
}
console.log(`initial JS for the first page: ${scripts.length} files, ${(gzipBytes / 1024).toFixed(1)} KiB gzip (${(rawBytes / 1024).toFixed(1)} KiB raw)`);
console.log(`graceful shutdown:           ${await stop(first.child)} ms`);

const second = await startAndTime();
console.log(`start, reused DATA_DIR:      ${second.ms} ms to a healthy /api/health`);
await sleep(3000);
console.log(`idle RSS after 3 s:          ${rssMb(second.child.pid)} MB`);
await stop(second.child);
rmSync(dataDir, { recursive: true, force: true });
