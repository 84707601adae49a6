// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { ApiError as ApiErrorBody } from "@contract/errors";
import { ApiError, asApiError } from "./api-error";

const tooLong: ApiErrorBody = {
  error: "businessName: Maximum 150 characters allowed",
  code: "field.too_long",
  params: { max: 150 },
  fields: { businessName: "Maximum 150 characters allowed", email: "A lead with this email already exists" },
  fieldCodes: { businessName: { code: "field.too_long", params: { max: 150 } }, email: { code: "lead.email_taken" } },
};

describe("ApiError", () => {
  it("keeps the status, code, params and each field's code, params and English the server sent", () => {
    const error = new ApiError(400, JSON.stringify(tooLong), "Bad Request");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ApiError");
    expect(error.status).toBe(400);
    expect(error.code).toBe("field.too_long");
    expect(error.params).toEqual({ max: 150 });
    expect(error.serverMessage).toBe("businessName: Maximum 150 characters allowed");
    expect(error.fields).toEqual({
      businessName: { code: "field.too_long", params: { max: 150 }, text: "Maximum 150 characters allowed" },
      email: { code: "lead.email_taken", text: "A lead with this email already exists" },
    });
  });

  it("reads as the status and the body, as every failed call's error does (spec §8)", () => {
    const body = JSON.stringify({ error: "A lead with this email already exists", code: "lead.email_taken" });
    const error = new ApiError(409, body, "Conflict");
    expect(error.message).toBe(`409: ${body}`);
    expect(error.text).toBe(body);
    expect(String(error)).toBe(`ApiError: 409: ${body}`);
    expect(error.fields).toEqual({});
    expect(error.params).toBeUndefined();
  });

  it("keeps a body that is not the API's error shape as text, with no code", () => {
    const proxy = new ApiError(502, "<html><h1>Bad gateway</h1></html>", "Bad Gateway");
    expect([proxy.status, proxy.code, proxy.serverMessage, proxy.fields]).toEqual([502, undefined, undefined, {}]);
    expect(proxy.message).toBe("502: <html><h1>Bad gateway</h1></html>");
    const otherJson = new ApiError(404, JSON.stringify({ message: "Route not found" }));
    expect(otherJson.code).toBeUndefined();
    expect(otherJson.text).toBe('{"message":"Route not found"}');
  });

  it("says the status text when the body is empty", () => {
    const error = new ApiError(503, "", "Service Unavailable");
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.text).toBe("Service Unavailable");
  });

  it("keeps a field the server named only in English, and one named only by code", () => {
    const error = new ApiError(400, JSON.stringify({ error: "x", code: "request.invalid", fields: { name: "Too short" }, fieldCodes: { email: { code: "field.invalid_email" } } }));
    expect(error.fields).toEqual({ name: { text: "Too short" }, email: { code: "field.invalid_email", text: "" } });
  });

  it("is read from a fetch answer", async () => {
    const error = await ApiError.fromResponse(Response.json(tooLong, { status: 400, statusText: "Bad Request" }));
    expect(error.status).toBe(400);
    expect(error.fields.businessName).toEqual({ code: "field.too_long", params: { max: 150 }, text: "Maximum 150 characters allowed" });
    const empty = await ApiError.fromResponse(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    expect(empty.message).toBe("500: Internal Server Error");
  });

  it("is told apart from a network failure or an error that only reads like one", () => {
    const answered = new ApiError(401, JSON.stringify({ error: "Please sign in to continue", code: "request.unauthorized" }));
    expect(asApiError(answered)).toBe(answered);
    expect(asApiError(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(asApiError(new Error('401: {"error":"Please sign in to continue","code":"request.unauthorized"}'))).toBeUndefined();
    expect(asApiError("401")).toBeUndefined();
  });
});
