import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema";
import { randomToken } from "../../lib/crypto";

/**
 * SESSION_SECRET from the environment, or one generated on first start and kept in the database,
 * so every app instance sharing the database signs cookies the same way and restarts keep sessions.
 */
export async function resolveSessionSecret(db: Database, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: "session_secret", value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "session_secret"));
  return row!.value;
}
