import { randomInt } from "node:crypto";

// No 0/O, 1/I/L: a code read aloud over the phone cannot be misheard as another.
const READABLE = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const UNIQUE_CODE_LENGTH = 6;

/** A short referral code, e.g. "K7RM4Q" (31^6 ≈ 887 million possibilities). */
export function readableCode(length = UNIQUE_CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length; i++) code += READABLE[randomInt(READABLE.length)];
  return code;
}

