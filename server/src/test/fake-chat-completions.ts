import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer the fake server gives to one POST /v1/chat/completions, in the order queued. */
export type FakeReply =
  /** A well-formed completion whose message content is the JSON proposal. */
  | { kind: "proposal"; summary: string; codeDiff: string }
  /** A well-formed completion whose message content is this text as is (for example, not JSON). */
  | { kind: "content"; content: string }
  /** An HTTP error status with a JSON error body, as OpenAI-compatible servers send. */
  | { kind: "status"; status: number; message?: string }
  /** Never answers until the server closes: the client's timeout must fire. */
  | { kind: "hang" };

export interface RecordedChatRequest {
  authorization: string | undefined;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [key: string]: unknown };
}

export interface FakeChatServer {
  /** Base URL to configure as AI_BASE_URL, ending in /v1. */
  baseUrl: string;
  /** Every request received, in order. */
  requests: RecordedChatRequest[];
  /** Queues replies; when the queue is empty the server answers defaultReply. */
  enqueue(...replies: FakeReply[]): void;
  defaultReply: FakeReply;
  close(): Promise<void>;
}

export const FAKE_DIFF = [
  "--- a/client/src/features/auth/login-form.tsx",
  "+++ b/client/src/features/auth/login-form.tsx",
  "@@ -12,3 +12,3 @@",
  " export function LoginForm() {",
  "-  const timeout = 0;",
  "+  const timeout = 5_000;",
  "   return null;",
].join("\n");

/** A real HTTP server speaking the OpenAI chat-completions protocol, answering by turns. */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedChatRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    let body: RecordedChatRequest["body"] = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedChatRequest["body"];
    } catch {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "invalid JSON body" } }));
      return;
    }
    requests.push({ authorization: req.headers.authorization, body });
    const reply = queue.shift() ?? fake.defaultReply;
    switch (reply.kind) {
      case "hang":
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      case "status":
        res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: reply.message ?? "server error" } }));
        return;
      case "proposal":
      case "content": {
        const content = reply.kind === "proposal" ? JSON.stringify({ summary: reply.summary, codeDiff: reply.codeDiff }) : reply.content;
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? "fake",
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeChatServer = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    defaultReply: { kind: "proposal", summary: "Raise the sign-in request timeout so slow networks can finish.", codeDiff: FAKE_DIFF },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
