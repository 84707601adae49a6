import type { ServerResponse } from "node:http";
import { liveEndpoints, type LiveMessage } from "@contract/live";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointSchema, routeConfig } from "../../kernel/http/endpoint-route";
import { currentLeadScope } from "../../kernel/lead-scope";
import { createLiveHub, replaySince } from "./live.hub";

/** A comment this often keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting after the stream ends. */
const RECONNECT_MS = 3_000;

/** The SSE lines of one message: its name, its id when it has one (Last-Event-ID), its data as one JSON line. */
export const sseFrame = (message: LiveMessage, id?: number) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${message.type}\ndata: ${JSON.stringify(message.data)}\n\n`;

/** A Last-Event-ID as this server writes them (an outbox id); anything else is ignored, as no id was sent. */
export function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

export function liveRoutes(app: ZodApp, ctx: AppContext) {
  const hub = createLiveHub(ctx.db, ctx.live, (error) => app.log.error({ err: error }, "live stream fan-out failed"));
  const open = new Set<ServerResponse>();
  // Open streams would hold the server's close: they end first (browsers reconnect to another instance).
  app.addHook("preClose", async () => {
    hub.stop();
    for (const response of open) response.end();
  });

  const stream = liveEndpoints.stream;
  app.get(stream.path, { config: routeConfig(stream), schema: endpointSchema(stream) }, async (request, reply) => {
    const principal = signedIn(request);
    // The request's lead scope, taken at connect: each event is then pushed only if its lead is within it at push time.
    const scope = currentLeadScope();
    const lastEventId = lastEventIdOf(request.headers["last-event-id"]);
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // Told to proxies that buffer answers (nginx): this one is read as it is written.
      "x-accel-buffering": "no",
    });
    response.write(`retry: ${RECONNECT_MS}\n\n`);
    open.add(response);
    const remove = hub.add({ principal, scope, send: (message, id) => response.write(sseFrame(message, id)) });
    const heartbeat = setInterval(() => response.write(": keep-alive\n\n"), HEARTBEAT_MS);
    // Ended after a while so that the reconnection passes the access checks again (a signed-out session, a changed role).
    const lifetime = setTimeout(() => response.end(), ctx.config.live.streamMaxSeconds * 1000);
    response.on("close", () => {
      remove();
      open.delete(response);
      clearInterval(heartbeat);
      clearTimeout(lifetime);
    });
    // Joined before the replay, so nothing committed in between is missed (an event sent twice is harmless: a screen reads again).
    if (lastEventId !== undefined) await replaySince(ctx.db, { principal, scope, send: (message, id) => response.write(sseFrame(message, id)) }, lastEventId);
  });
}
