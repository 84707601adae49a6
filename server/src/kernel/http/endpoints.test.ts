import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIdOf, type EndpointSpec, type HttpMethod } from "@contract/endpoint";
import { TOTAL_COUNT_HEADER } from "@contract/list-reply";
import { signedInAdmin, startTestRuntime, floorDrivers, type TestClient, type TestRuntime } from "../../test/test-runtime";

/**
 * Every endpoint declared anywhere in contract/ (an area's `...Endpoints` object), found without a hand-kept list,
 * so an area added later is held to the same rule as soon as it declares anything.
 */
const contractModules = import.meta.glob<Record<string, unknown>>(["../../../../contract/*.ts", "!../../../../contract/*.test.ts"], { eager: true });

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const isEndpoint = (value: unknown): value is EndpointSpec =>
  typeof value === "object" &&
  value !== null &&
  METHODS.includes((value as EndpointSpec).method) &&
  typeof (value as EndpointSpec).path === "string" &&
  typeof (value as EndpointSpec).summary === "string";

const declared: { name: string; key: string; endpoint: EndpointSpec }[] = Object.entries(contractModules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([exportName, group]) => {
    const where = `${file.split("/").pop()} ${exportName}`;
    if (isEndpoint(group)) return [{ name: where, key: exportName, endpoint: group }];
    if (typeof group !== "object" || group === null) return [];
    return Object.entries(group)
      .filter((entry): entry is [string, EndpointSpec] => isEndpoint(entry[1]))
      .map(([key, endpoint]) => ({ name: `${where}.${key}`, key, endpoint }));
  }),
);

const routeKey = (endpoint: EndpointSpec) => `${endpoint.method} /api${endpoint.path}`;
/** Swagger UI and the document itself: served under /api, but no API endpoint. */
const isDocumentationRoute = (url: string) => url === "/api/openapi.json" || url === "/api/docs" || url.startsWith("/api/docs/");

interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

describe.each(floorDrivers)("declared endpoints on %s", (driver) => {
  let rt: TestRuntime;
  let admin: TestClient;
  beforeAll(async () => {
    rt = await startTestRuntime(driver);
    admin = await signedInAdmin(rt);
  });
  afterAll(() => rt.stop());

  it("declares each endpoint once", () => {
    expect(declared.length).toBeGreaterThan(50);
    const keys = declared.map(({ endpoint }) => routeKey(endpoint));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("registers a route for every declared endpoint and declares every API route", () => {
    const registered = rt.routes.filter((r) => !isDocumentationRoute(r.url)).map((r) => `${r.method} ${r.url}`);
    expect([...new Set(registered)].sort()).toEqual(declared.map(({ endpoint }) => routeKey(endpoint)).sort());
  });

  it("documents each route as its declaration says: summary, tags, success status and failures", async () => {
    const doc = await admin.get<{ paths: Record<string, Record<string, OpenApiOperation>> }>("/api/openapi.json");
    expect(doc.status).toBe(200);
    for (const { name, endpoint } of declared) {
      const operation = doc.body.paths[`/api${endpoint.path.replace(/:(\w+)/g, "{$1}")}`]?.[endpoint.method.toLowerCase()];
      const statuses = [...(endpoint.reply ? [endpoint.status ?? 200] : []), ...(endpoint.errors ?? [])].map(String).sort();
      expect({ name, documented: operation !== undefined }).toEqual({ name, documented: true });
      expect({ name, tags: operation?.tags, summary: operation?.summary?.startsWith(endpoint.summary), responses: Object.keys(operation?.responses ?? {}).sort() }).toEqual({
        name,
        tags: [...endpoint.tags],
        summary: true,
        responses: statuses,
      });
      if (endpoint.description) expect(operation?.description?.startsWith(endpoint.description), name).toBe(true);
    }
  });

  it("names each documented operation after its declaration: <area>.<key>, each name once", async () => {
    const doc = await admin.get<{ paths: Record<string, Record<string, OpenApiOperation>> }>("/api/openapi.json");
    for (const { name, key, endpoint } of declared) {
      const operation = doc.body.paths[`/api${endpoint.path.replace(/:(\w+)/g, "{$1}")}`]?.[endpoint.method.toLowerCase()];
      const id = operationIdOf(endpoint);
      expect({ name, id, documented: operation?.operationId, underItsKey: id?.endsWith(`.${key}`) }).toEqual({ name, id: expect.any(String), documented: id, underItsKey: true });
    }
    const ids = Object.values(doc.body.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("answers every paged list with its total in the paging header", async () => {
    // Lists callable with no filters at all (a list whose query requires something is left to its own tests).
    const paged = declared.filter(({ endpoint }) => endpoint.paged && !endpoint.params && (endpoint.query?.safeParse({}).success ?? true));
    expect(paged.length).toBeGreaterThanOrEqual(6);
    for (const { name, endpoint } of paged) {
      const res = await admin.get<unknown[]>(`/api${endpoint.path}`);
      expect({ name, status: res.status, isArray: Array.isArray(res.body) }).toEqual({ name, status: 200, isArray: true });
      expect({ name, total: Number(res.headers[TOTAL_COUNT_HEADER]) >= res.body.length }).toEqual({ name, total: true });
    }
  });

  it("answers a declared CSV download as text/csv, not JSON", async () => {
    // Downloads callable as they are (one of a record, such as a migration's error report, is left to its own tests).
    const downloads = declared.filter(({ endpoint }) => endpoint.download === "csv" && !endpoint.params);
    expect(downloads.length).toBeGreaterThanOrEqual(7);
    for (const { name, endpoint } of downloads) {
      const res = await admin.get(`/api${endpoint.path}`);
      expect({ name, status: res.status, type: res.headers["content-type"] }).toEqual({ name, status: 200, type: "text/csv; charset=utf-8" });
    }
  });
});
