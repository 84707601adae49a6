/**
 * A proposal attempt failed for a reason worth retrying (timeout, unreachable server, HTTP error, invalid answer).
 * The message is written for the person reviewing the issue: it becomes repairFailure.reason after the last attempt.
 */
export class RepairAttemptError extends Error {
  override readonly name = "RepairAttemptError";
}
