// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import type { ErrorOption, FieldPath, UseFormSetError } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiError as ApiErrorBody } from "@contract/errors";
import { ApiError } from "./api-error";
import { applyServerFieldErrors } from "./server-field-errors";
import { translateValidationMessage } from "./validation-message";

const translation = (lng: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8")) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: "es",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    resources: { en: { translation: translation("en") }, es: { translation: translation("es") } },
  });
});

type LeadForm = { businessName: string; email: string; phone: string };

/** A form's errors as the reader sees them next to each input: what setError was given, translated. */
function placedOn(error: unknown, known: readonly FieldPath<LeadForm>[]) {
  const shown: Record<string, string | undefined> = {};
  const types: string[] = [];
  const setError: UseFormSetError<LeadForm> = (name, option: ErrorOption) => {
    shown[name] = translateValidationMessage(i18next.t, option.message);
    types.push(option.type ?? "");
  };
  const placed = applyServerFieldErrors(error, setError, known);
  return { placed, shown, types };
}

const answer = (status: number, body: ApiErrorBody) => new ApiError(status, JSON.stringify(body));

describe("applyServerFieldErrors", () => {
  it("puts each field's code next to its input, in the reader's language, with its params", () => {
    const error = answer(400, {
      error: "businessName: Maximum 150 characters allowed",
      code: "field.too_long",
      params: { max: 150 },
      fields: { businessName: "Maximum 150 characters allowed", email: "A lead with this email already exists" },
      fieldCodes: { businessName: { code: "field.too_long", params: { max: 150 } }, email: { code: "lead.email_taken" } },
    });
    expect(placedOn(error, ["businessName", "email", "phone"])).toEqual({
      placed: true,
      shown: { businessName: "Se permiten como máximo 150 caracteres", email: "Ya existe un prospecto con este correo electrónico" },
      types: ["server", "server"],
    });
  });

  it("shows the server's English for a code this client does not know yet", () => {
    const error = answer(409, { error: "New rule", code: "lead.something_new", fields: { email: "Not like that" }, fieldCodes: { email: { code: "lead.something_new" } } });
    expect(placedOn(error, ["email"]).shown).toEqual({ email: "Not like that" });
  });

  it("leaves out fields the form does not show, and places nothing for an error without fields", () => {
    const error = answer(400, {
      error: "config.url: Please enter a valid URL",
      code: "field.invalid_url",
      fields: { "config.url": "Please enter a valid URL" },
      fieldCodes: { "config.url": { code: "field.invalid_url" } },
    });
    expect(placedOn(error, ["businessName", "email"])).toEqual({ placed: false, shown: {}, types: [] });
    expect(placedOn(answer(500, { error: "Something went wrong on our side. Please try again.", code: "server.error" }), ["email"]).placed).toBe(false);
    expect(placedOn(new TypeError("Failed to fetch"), ["email"]).placed).toBe(false);
  });
});
