import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { apiFieldErrors } from "@/lib/api";

/**
 * Puts the server's per-field errors (`fieldCodes`, as validation messages: see apiFieldErrors) next to the matching
 * inputs, where useValidationMessage says them in the reader's language like the form's own checks.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
) {
  for (const [field, message] of Object.entries(apiFieldErrors(error))) {
    const name = known.find((k) => k === field);
    if (name) setError(name, { type: "server", message });
  }
}
