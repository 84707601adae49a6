import type { FastifyReply } from "fastify";

/**
 * Sends a body the database already serialised as JSON. Fastify passes strings through untouched, so the
 * route's response schema documents the shape (and the tests check it) but is not re-checked per request.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header("content-type", "application/json; charset=utf-8").send(json);
}
