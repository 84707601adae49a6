import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { actorOfPrincipal, runAsActor } from "../actor-context";
import { leadScopeOf, runInLeadScope } from "../lead-scope";

/**
 * Every request runs as its actor (the principal the auth hook found, or the public) and within its lead scope (every
 * lead, or an agent's own and unassigned ones: kernel/lead-scope.ts): the handler and everything it awaits inherit
 * both, each transaction it opens names the actor to the database for the lead timeline, and each lead query limits
 * itself to the scope. Registered after the auth hook, as a callback hook, so the rest of the request continues inside
 * that async context.
 */
export function registerActorContext(app: FastifyInstance, db: Database): void {
  app.addHook("preHandler", (request, _reply, done) => {
    leadScopeOf(db, request.principal).then(
      (scope) => runAsActor(actorOfPrincipal(request.principal), () => runInLeadScope(scope, done)),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
