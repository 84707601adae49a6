import { appOriginOf } from "../../kernel/http/app-origin";
import type { FastifyRequest } from "fastify";
import { roleSummaries, teamEndpoints } from "@contract/team";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { setSessionCookie } from "./auth.hook";
import {
  acceptInvitation,
  changeRole,
  completePasswordReset,
  deactivateMember,
  invitationDetails,
  inviteMember,
  listInvitations,
  listTeam,
  passwordResetDetails,
  reactivateMember,
  renameMember,
  revokeInvitation,
  startPasswordReset,
} from "./team.service";

/** The administrator's own address for Leadwell, which links in mail point to. */
const actor = (request: FastifyRequest) => ({ principal: signedIn(request), meta: requestMeta(request) });
const linkLimit = { config: { rateLimit: PUBLIC_LIMITS.teamLink } };

export function teamRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, teamEndpoints.roles, async () => ({ roles: roleSummaries() }));
  endpointRoute(app, teamEndpoints.members, async () => listTeam(ctx.db));
  endpointRoute(app, teamEndpoints.changeRole, async (request) => changeRole(ctx.db, request.params.id, request.body.role, actor(request)));
  endpointRoute(app, teamEndpoints.rename, async (request) => renameMember(ctx.db, request.params.id, request.body.name, actor(request)));
  endpointRoute(app, teamEndpoints.deactivate, async (request) => deactivateMember(ctx.db, request.params.id, actor(request)));
  endpointRoute(app, teamEndpoints.reactivate, async (request) => reactivateMember(ctx.db, request.params.id, actor(request)));
  endpointRoute(app, teamEndpoints.resetPassword, async (request) =>
    startPasswordReset(ctx, request.params.id, { ...actor(request), origin: appOriginOf(request, ctx.config.appOrigins) }),
  );
  endpointRoute(app, teamEndpoints.invitations, async () => listInvitations(ctx.db));
  endpointRoute(app, teamEndpoints.invite, async (request) => inviteMember(ctx, request.body, { ...actor(request), origin: appOriginOf(request, ctx.config.appOrigins) }));
  endpointRoute(app, teamEndpoints.revokeInvitation, async (request) => {
    await revokeInvitation(ctx.db, request.params.id, actor(request));
    return { ok: true as const };
  });

  endpointRoute(app, teamEndpoints.invitationDetails, linkLimit, async (request) => invitationDetails(ctx.db, request.body.token));
  endpointRoute(app, teamEndpoints.acceptInvitation, linkLimit, async (request, reply) => {
    const { user, sessionToken } = await acceptInvitation(ctx, request.body, requestMeta(request));
    setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
    return user;
  });
  endpointRoute(app, teamEndpoints.passwordResetDetails, linkLimit, async (request) => passwordResetDetails(ctx.db, request.body.token));
  endpointRoute(app, teamEndpoints.completePasswordReset, linkLimit, async (request, reply) => {
    const { user, sessionToken } = await completePasswordReset(ctx, request.body, requestMeta(request));
    setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
    return user;
  });
}
