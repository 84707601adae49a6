// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiError as ApiErrorBody } from "@contract/errors";
import { leadFieldsSchema } from "@contract/leads";
import { ApiError, apiErrorMessage, apiErrorStatus, apiFieldErrors } from "./api";
import { translateValidationMessage } from "./validation-message";

const translation = (lng: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/translation.json`, import.meta.url)), "utf8")) as Record<string, unknown>;

/** What apiRequest throws for an error answer. */
const answered = (status: number, body: ApiErrorBody) => new ApiError(status, JSON.stringify(body));

const emailTaken: ApiErrorBody = {
  error: "A lead with this email already exists",
  code: "lead.email_taken",
  fields: { email: "A lead with this email already exists" },
  fieldCodes: { email: { code: "lead.email_taken" } },
};

beforeAll(async () => {
  await i18next.init({
    lng: "es",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    resources: { en: { translation: translation("en") }, es: { translation: translation("es") } },
  });
});

describe("API errors in the reader's language", () => {
  it("translates the answer's code, not its English", () => {
    expect(apiErrorMessage(answered(409, emailTaken))).toBe("Ya existe un prospecto con este correo electrónico");
    const locked: ApiErrorBody = { error: "Too many failed sign-ins for this email. Try again in 15 minutes.", code: "auth.too_many_sign_ins", params: { minutes: 15 } };
    expect(apiErrorMessage(answered(429, locked))).toBe("Demasiados intentos fallidos para este correo. Inténtalo de nuevo en 15 minutos.");
  });

  it("names the field of a 400 first, as the server's English does", () => {
    const tooLong: ApiErrorBody = {
      error: "businessName: Maximum 150 characters allowed",
      code: "field.too_long",
      params: { max: 150 },
      fields: { businessName: "Maximum 150 characters allowed" },
      fieldCodes: { businessName: { code: "field.too_long", params: { max: 150 } } },
    };
    expect(apiErrorMessage(answered(400, tooLong))).toBe("businessName: Se permiten como máximo 150 caracteres");
  });

  it("gives per-field errors as codes that the form translates, with their params", () => {
    const fields = apiFieldErrors(answered(409, emailTaken));
    expect(translateValidationMessage(i18next.t, fields.email)).toBe("Ya existe un prospecto con este correo electrónico");
    const tooLong: ApiErrorBody = {
      error: "name: Maximum 100 characters allowed",
      code: "field.too_long",
      params: { max: 100 },
      fields: { name: "Maximum 100 characters allowed" },
      fieldCodes: { name: { code: "field.too_long", params: { max: 100 } } },
    };
    expect(translateValidationMessage(i18next.t, apiFieldErrors(answered(400, tooLong)).name)).toBe("Se permiten como máximo 100 caracteres");
  });

  it("falls back to the server's English for a code this client does not know", () => {
    const newer = { error: "Something new went wrong", code: "lead.something_new", fields: { email: "Not like that" }, fieldCodes: { email: { code: "lead.something_new" } } };
    expect(apiErrorMessage(new ApiError(409, JSON.stringify(newer)))).toBe("Something new went wrong");
    expect(translateValidationMessage(i18next.t, apiFieldErrors(new ApiError(409, JSON.stringify(newer))).email)).toBe("Not like that");
  });

  it("says a body that is not the API's error shape as it came, and falls back only when there is nothing to say", () => {
    expect(apiErrorMessage(new ApiError(502, "<html>Bad gateway</html>"))).toBe("<html>Bad gateway</html>");
    expect(apiErrorMessage(new ApiError(503, "", ""), "Failed to create lead")).toBe("Failed to create lead");
    expect(apiErrorMessage(new ApiError(503, "", ""))).toBe("503");
    expect(apiErrorMessage(new TypeError("Failed to fetch"), "Failed to create lead")).toBe("Failed to create lead");
    expect(apiErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });

  it("gives the status of an answered call, and none for a network failure or a plain error", () => {
    expect(apiErrorStatus(answered(409, emailTaken))).toBe(409);
    expect(apiErrorStatus(new TypeError("Failed to fetch"))).toBeUndefined();
    // A message that merely looks like an answer is not read back as one.
    expect(apiErrorStatus(new Error(`409: ${JSON.stringify(emailTaken)}`))).toBeUndefined();
    expect(apiFieldErrors(new Error(`409: ${JSON.stringify(emailTaken)}`))).toEqual({});
  });

  it("translates the contract schemas' own checks on the client by code", () => {
    const issues = leadFieldsSchema.safeParse({ businessOwnerName: "", businessOwnerLastName: "Lovelace", businessName: "x".repeat(151), email: "ada" }).error?.issues ?? [];
    const shown = Object.fromEntries(issues.map((issue) => [issue.path.join("."), translateValidationMessage(i18next.t, issue.message)]));
    expect(shown).toEqual({
      businessOwnerName: "El nombre es obligatorio",
      businessName: "Se permiten como máximo 150 caracteres",
      email: "Se requiere un correo electrónico válido",
    });
  });
});
