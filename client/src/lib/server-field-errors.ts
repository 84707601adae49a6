import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { asApiError, fieldErrorMessage } from "@/lib/api";

/**
 * Puts the server's per-field errors (the thrown ApiError's `fields`: each field's code and params) next to the
 * matching inputs, where useValidationMessage says them in the reader's language like the form's own checks. A field
 * the form does not show is left out. Answers whether any was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly Path<T>[]): boolean {
  let placed = false;
  for (const [field, fieldError] of Object.entries(asApiError(error)?.fields ?? {})) {
    const name = known.find((k) => k === field);
    if (!name) continue;
    setError(name, { type: "server", message: fieldErrorMessage(fieldError) });
    placed = true;
  }
  return placed;
}
