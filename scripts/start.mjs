// `npm start`: build when needed, then run the server in this same process.
//
// npm starts scripts through a shell (`sh -c "node … scripts/start.mjs"`). On SIGTERM or SIGINT npm passes the signal
// to that shell, and the shell (dash, as Debian's sh) dies without passing it on, which used to leave the server
// running, orphaned, still holding the data directory. So the server watches the process that started it: when that
// process is gone, it stops itself through its own graceful SIGTERM path (in-flight requests and jobs finish, the
// database closes, the data-directory lock is released). A signal sent to this process directly works as always.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();

const launcher = process.ppid;
const launcherAlive = () => {
  try {
    process.kill(launcher, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
};
const watch = setInterval(() => {
  if (launcherAlive()) return;
  clearInterval(watch);
  process.kill(process.pid, "SIGTERM");
}, 250);
watch.unref();

await import(pathToFileURL(path.resolve("dist/server/main.js")).href);
