import { englishText, repairFailureMessages, type RepairFailureMessage } from "@contract/server-messages";

/**
 * A proposal attempt failed for a reason worth retrying (timeout, unreachable server, HTTP error, invalid answer).
 * It carries the reason as a code with params (the reviewer reads it in their language); the message is its English.
 * After the last attempt it becomes the repairFailure.
 */
export class RepairAttemptError extends Error {
  override readonly name = "RepairAttemptError";
  constructor(readonly failure: RepairFailureMessage) {
    super(englishText(repairFailureMessages[failure.code], failure.params));
  }
}
