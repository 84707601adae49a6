import { z } from "zod";
import type { CodedError, ErrorParams } from "./error-codes";
import { encodeErrorMessage } from "./error-message";

/**
 * What a zod issue says about itself, as zod reports it to an error map (with the input) or in a finished issue
 * (without it, unless asked): enough to name the rule that was broken.
 */
export interface ZodIssueFacts {
  code?: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** A limit as a param: zod gives numbers, but bigints and dates too. */
const limit = (value: unknown): string | number => (typeof value === "number" ? value : String(value));

const coded = (code: CodedError["code"], params?: ErrorParams): CodedError => (params ? { code, params } : { code });

/** The catalogue code for one of zod's own checks (a length, a type, a format...) that carried no message of its own. */
export function codeForZodIssue(issue: ZodIssueFacts): CodedError {
  const sized = issue.origin === "string" ? "text" : issue.origin === "array" || issue.origin === "set" ? "list" : "number";
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return coded("field.required");
      if (issue.expected === "int") return coded("field.not_integer");
      if (issue.expected === "number") return coded("field.invalid_number");
      return coded("field.invalid_type", { expected: issue.expected ?? "another value" });
    case "too_big": {
      const max = limit(issue.maximum);
      if (sized === "text") return coded("field.too_long", { max });
      if (sized === "list") return coded("field.too_many", { max });
      return coded(issue.inclusive === false ? "field.less_than" : "field.at_most", { max });
    }
    case "too_small": {
      const min = limit(issue.minimum);
      // min(1) on text is how a required text field refuses a blank one.
      if (sized === "text") return min === 1 ? coded("field.required") : coded("field.too_short", { min });
      if (sized === "list") return coded("field.too_few", { min });
      return coded(issue.inclusive === false ? "field.greater_than" : "field.at_least", { min });
    }
    case "invalid_format":
      if (issue.format === "email") return coded("field.invalid_email");
      if (issue.format === "url") return coded("field.invalid_url");
      return coded("field.invalid");
    case "invalid_value":
      return coded("field.invalid_option", { options: (issue.values ?? []).map(String).join(", ") });
    case "unrecognized_keys":
      return coded("field.unknown_keys", { keys: (issue.keys ?? []).join(", ") });
    case "not_multiple_of":
      return coded("field.invalid_number");
    default:
      return coded("field.invalid");
  }
}

/**
 * zod's own checks (`.max(200)` with no message, a missing field, a wrong type) say what failed as a code and its
 * params, like the messages contract schemas write with errorMessage(), so the client's forms and the server's
 * error handler read every validation message the same way. Set once, on the zod instance client and server share.
 */
z.config({
  customError: (issue) => {
    const { code, params } = codeForZodIssue(issue);
    return encodeErrorMessage(code, params);
  },
});
