import { noteEndpoints } from "@contract/notes";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { createNote, deleteNote, listLeadNotes, updateNote } from "./notes.service";

export function noteRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, noteEndpoints.list, async (request) => listLeadNotes(ctx.db, request.params.id));

  endpointRoute(app, noteEndpoints.create, async (request) =>
    createNote(ctx.db, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, noteEndpoints.update, async (request) =>
    updateNote(ctx.db, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, noteEndpoints.remove, async (request) => {
    await deleteNote(ctx.db, request.params.id, { principal: signedIn(request), meta: requestMeta(request) });
    return { ok: true as const };
  });
}
