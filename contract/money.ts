import { z } from "zod";
import { errorMessage } from "./error-message";

/**
 * Money travels as a decimal string ("1250.50") in answers so no floating point touches it; requests may send
 * a number or a string, and both are checked to have at most 12 whole digits and 2 decimals. `requiredMessage` is an
 * errorMessage() (a code).
 */
export const moneyInput = (requiredMessage: string) =>
  z
    .union([z.number({ error: requiredMessage }), z.string({ error: requiredMessage }).trim().min(1, requiredMessage)], { error: requiredMessage })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(
      z
        .string()
        .regex(/^-?\d{1,12}(\.\d{1,2})?$/, errorMessage("money.invalid"))
        .refine((v) => !v.startsWith("-"), errorMessage("money.negative")),
    );

export const moneyOutput = z.string().describe("Decimal string with 2 decimals, e.g. \"1250.50\"");
