import { createHash, randomBytes } from "node:crypto";

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** A URL-safe random token carrying `bytes` bytes of entropy. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random letters and digits, without modulo bias (bytes of 248 and above are redrawn). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
