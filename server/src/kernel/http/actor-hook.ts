import type { FastifyInstance } from "fastify";
import { actorOfPrincipal, runAsActor } from "../actor-context";

/**
 * Every request runs as its actor (the principal the auth hook found, or the public): the handler and everything it
 * awaits inherit it, and each transaction it opens names it to the database for the lead timeline. Registered after
 * the auth hook, as a callback hook, so the rest of the request continues inside the actor's async context.
 */
export function registerActorContext(app: FastifyInstance): void {
  app.addHook("preHandler", (request, _reply, done) => {
    runAsActor(actorOfPrincipal(request.principal), done);
  });
}
