import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@contract/endpoint";
import { ApiError } from "./api-error";
import { callApi, callPage, endpointUrl, type DeclaredRoute } from "./api-client";

const itemSchema = z.object({ id: z.number().int(), name: z.string() });

const listItems = defineEndpoint({
  permission: "crm.read",
  method: "GET",
  path: "/items",
  query: z.object({ q: z.string().optional(), tag: z.array(z.string()).optional(), limit: z.coerce.number().optional(), archived: z.boolean().optional() }),
  reply: z.array(itemSchema),
  paged: true,
  tags: ["items"],
  summary: "Items",
});

const itemNote = defineEndpoint({
  permission: "crm.read",
  method: "PUT",
  path: "/items/:id/notes/:noteKey",
  params: z.object({ id: z.coerce.number(), noteKey: z.string() }),
  body: z.object({ text: z.string() }),
  reply: itemSchema,
  tags: ["items"],
  summary: "One note",
});

const deleteItem = defineEndpoint({
  permission: "crm.read",
  method: "DELETE",
  path: "/items/:id",
  params: z.object({ id: z.coerce.number() }),
  status: 204,
  tags: ["items"],
  summary: "Delete",
});

describe("endpointUrl", () => {
  it("fills each path parameter, encoded as one segment", () => {
    expect(endpointUrl(itemNote, { params: { id: 7, noteKey: "a/b c?&é" }, body: { text: "" } })).toBe("/api/items/7/notes/a%2Fb%20c%3F%26%C3%A9");
  });

  it("leaves out undefined and empty query values and repeats an array's key", () => {
    expect(endpointUrl(listItems, { query: { q: "café & co", tag: ["x", "", "y z"], limit: 50, archived: false } })).toBe(
      "/api/items?q=caf%C3%A9+%26+co&tag=x&tag=y+z&limit=50&archived=false",
    );
    expect(endpointUrl(listItems, { query: { q: "", tag: [], limit: undefined } })).toBe("/api/items");
    expect(endpointUrl(listItems, {})).toBe("/api/items");
  });

  it("refuses a missing path parameter instead of calling another route", () => {
    expect(() => endpointUrl(itemNote, { params: { id: 7, noteKey: "" }, body: { text: "" } })).toThrow(":noteKey");
  });

  it("builds the same URL from a route written out against its declaration", () => {
    const route: DeclaredRoute<typeof deleteItem> = { method: "DELETE", path: "/items/:id" };
    expect(endpointUrl(route, { params: { id: 12 } })).toBe("/api/items/12");
  });

  it("lets the compiler hold each call to its declaration", () => {
    // @ts-expect-error a path the declaration does not have
    const stale: DeclaredRoute<typeof deleteItem> = { method: "DELETE", path: "/item/:id" };
    // @ts-expect-error the declared path parameters are required
    expect(() => endpointUrl(deleteItem, {})).toThrow(":id");
    // @ts-expect-error a query the declaration does not take
    expect(endpointUrl(deleteItem, { params: { id: 1 }, query: { q: "x" } })).toBe("/api/items/1?q=x");
    expect(stale.path).toBe("/item/:id");
  });
});

describe("callApi and callPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  function answer(res: Response) {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(res));
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("sends the method and the JSON body to the declared URL and answers the reply", async () => {
    const fetchMock = answer(Response.json({ id: 7, name: "Seven" }));
    const item = await callApi(itemNote, { params: { id: 7, noteKey: "k" }, body: { text: "hello" } });
    expectTypeOf(item).toEqualTypeOf<{ id: number; name: string }>();
    expect(item).toEqual({ id: 7, name: "Seven" });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/items/7/notes/k");
    expect(init?.method).toBe("PUT");
    expect(init?.body).toBe(JSON.stringify({ text: "hello" }));
  });

  it("answers undefined for a 204", async () => {
    answer(new Response(null, { status: 204 }));
    await expect(callApi(deleteItem, { params: { id: 3 } })).resolves.toBeUndefined();
  });

  it("throws the status and body of a failed call", async () => {
    answer(Response.json({ error: "Not found" }, { status: 404 }));
    await expect(callApi(deleteItem, { params: { id: 3 } })).rejects.toThrow('404: {"error":"Not found"}');
  });

  it("throws an ApiError carrying the code, params and fields the server sent", async () => {
    const body = {
      error: "name: Maximum 100 characters allowed",
      code: "field.too_long",
      params: { max: 100 },
      fields: { name: "Maximum 100 characters allowed" },
      fieldCodes: { name: { code: "field.too_long", params: { max: 100 } } },
    };
    answer(Response.json(body, { status: 400 }));
    const error: unknown = await callApi(itemNote, { params: { id: 7, noteKey: "k" }, body: { text: "x" } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "field.too_long",
      params: { max: 100 },
      fields: { name: { code: "field.too_long", params: { max: 100 }, text: "Maximum 100 characters allowed" } },
      message: `400: ${JSON.stringify(body)}`,
    });
  });

  it("reads a page's rows and paging headers", async () => {
    answer(Response.json([{ id: 1, name: "One" }], { headers: { "x-total-count": "41", "x-total-count-exact": "false", "x-next-cursor": "abc" } }));
    const page = await callPage(listItems, { query: { limit: 1 } });
    expectTypeOf(page.rows).toEqualTypeOf<{ id: number; name: string }[]>();
    expect(page).toEqual({ rows: [{ id: 1, name: "One" }], total: 41, totalExact: false, nextCursor: "abc" });
  });

  it("counts the rows when the page carries no total", async () => {
    answer(Response.json([{ id: 1, name: "One" }]));
    await expect(callPage(listItems, {})).resolves.toEqual({ rows: [{ id: 1, name: "One" }], total: 1, totalExact: true, nextCursor: null });
  });
});
