import type { Runtime } from "../runtime";
import type { TestClient } from "./test-runtime";

/** One message of a text/event-stream as a browser's EventSource hands it over. */
export interface StreamMessage {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface OpenStream {
  status: number;
  contentType: string | undefined;
  /** The first message (from now on or already received and not yet taken) that `matches`; fails after `timeoutMs`. */
  next(matches: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Every message received so far. */
  received(): StreamMessage[];
  close(): void;
}

function parseFrame(frame: string): StreamMessage | undefined {
  let event = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith(":")) continue;
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return undefined;
  return { event, id, data: JSON.parse(data.join("\n")) };
}

/**
 * GET /api/events/stream as `client` (its cookies), read as it arrives: the app's answer streamed through HTTP
 * injection, parsed into the messages an EventSource would deliver.
 */
export async function openEventStream(runtime: Runtime, client: TestClient, headers: Record<string, string> = {}): Promise<OpenStream> {
  const cookie = client.cookieHeader();
  const response = await runtime.app.inject({ method: "GET", url: "/api/events/stream", headers: { ...(cookie ? { cookie } : {}), ...headers }, payloadAsStream: true });
  const messages: StreamMessage[] = [];
  const taken = new Set<StreamMessage>();
  const waiters = new Set<() => void>();
  let buffer = "";
  const body = response.stream();
  body.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const message = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message) messages.push(message);
      end = buffer.indexOf("\n\n");
    }
    for (const wake of waiters) wake();
  });
  body.on("error", () => undefined);
  return {
    status: response.statusCode,
    contentType: response.headers["content-type"] as string | undefined,
    received: () => [...messages],
    next(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = messages.find((message) => !taken.has(message) && matches(message));
          if (!found) return false;
          taken.add(found);
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching message within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    close() {
      (response.raw.res as { destroy(): void }).destroy();
      body.destroy();
    },
  };
}
