import type { DestinationStream } from "pino";

/**
 * Where the server's log lines go: printed readable (time, level, message, then the fields) when standard output is
 * a terminal, where a person reads them; JSON lines otherwise, for whatever collects the log (systemd, a container
 * runtime, a pipe). pino-pretty is a dependency, so a production install (npm ci --omit=dev) has it too; it is loaded
 * only for a terminal.
 */
export async function logOutput(output: { isTTY?: boolean } = process.stdout): Promise<DestinationStream | undefined> {
  if (!output.isTTY) return undefined;
  const { default: pretty } = await import("pino-pretty");
  // Written synchronously: the last lines before the process exits (a shutdown, a failed start) are not lost.
  return pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
}
