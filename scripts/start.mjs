// `npm start`: build when needed, then run the server in this same process. npm hands its signals to the one process
// it started; with the server inside it, SIGTERM/SIGINT reach the server's graceful shutdown (a `sh -c "a && b"`
// script would leave the server orphaned, still holding the data directory).
import { pathToFileURL } from "node:url";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(pathToFileURL(path.resolve("dist/server/main.js")).href);
