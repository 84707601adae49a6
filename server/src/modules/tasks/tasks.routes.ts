import { taskEndpoints } from "@contract/tasks";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { requestMeta } from "../../kernel/http/request-meta";
import { signedIn } from "../../kernel/http/auth-hook";
import { createTask, deleteTask, getTask, listTasks, taskAssignees, updateTask } from "./tasks.service";

export function taskRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, taskEndpoints.list, async (request) => listTasks(ctx.db, signedIn(request), request.query));

  endpointRoute(app, taskEndpoints.assignees, async () => taskAssignees(ctx.db));

  endpointRoute(app, taskEndpoints.get, async (request) => getTask(ctx.db, request.params.id));

  endpointRoute(app, taskEndpoints.create, async (request) =>
    createTask(ctx.db, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, taskEndpoints.update, async (request) =>
    updateTask(ctx.db, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, taskEndpoints.remove, async (request) => {
    await deleteTask(ctx.db, request.params.id, { principal: signedIn(request), meta: requestMeta(request) });
    return { ok: true as const };
  });
}
