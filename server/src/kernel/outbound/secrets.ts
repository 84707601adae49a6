import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { WebhookConfig } from "../../config";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema";
import { randomToken } from "../../lib/crypto";

const KEY_SECRET_NAME = "webhook_secret_key";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The AES-256 key that encrypts endpoint secrets: from WEBHOOK_SECRET_KEY, or generated on first use and kept in the
 * database like the session secret, so every instance sharing the database reads the same secrets.
 */
export async function webhookEncryptionKey(db: Database, config: WebhookConfig): Promise<Buffer> {
  let material = config.secretKey;
  if (!material) {
    await db.insert(appSecrets).values({ name: KEY_SECRET_NAME, value: randomToken(48) }).onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, KEY_SECRET_NAME));
    material = row!.value;
  }
  return createHash("sha256").update(material).digest();
}

/** A new Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** AES-256-GCM: base64 of iv ‖ tag ‖ ciphertext. */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64");
}

export function decryptSecret(key: Buffer, stored: string): string {
  const raw = Buffer.from(stored, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** The Standard Webhooks headers for one attempt: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export function signedHeaders(secret: string, messageId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": messageId, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
