import type { Brand, BrandCreate, BrandUpdate, Vertical } from "@contract/white-label";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { conflict, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { isUniqueViolation } from "../../lib/db-errors";
import { countLeadsTagged, deleteBrandRow, findBrand, insertBrand, listBrands as listBrandRows, listVerticals as listVerticalRows, updateBrandRow } from "./white-label.data";

export interface BrandActor {
  principal: Principal;
  meta: RequestMeta;
}

/** A unique index the change ran into, as the 409 that names the field. */
function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error, "brands_domain_idx")) throw conflict("brand.domain_taken", { field: "domain" });
  if (isUniqueViolation(error, "brands_name_lower_idx")) throw conflict("brand.name_taken", { field: "name" });
  throw error;
}

const describeBrand = (brand: Pick<Brand, "name" | "domain">) => ({ code: "brand.named" as const, params: { name: brand.name, domain: brand.domain } });

export const listBrands = (db: Database) => listBrandRows(db);

export const listVerticals = (db: Database): Promise<Vertical[]> => listVerticalRows(db);

export async function createBrand(db: Database, body: BrandCreate, { principal, meta }: BrandActor): Promise<Brand> {
  try {
    return await inTransaction(db, async (tx) => {
      const brand = await insertBrand(tx, body);
      await recordAudit(tx, { userEmail: actorLabel(principal), action: "brand.created", message: describeBrand(brand), meta });
      return brand;
    });
  } catch (error) {
    return uniqueConflict(error);
  }
}

/**
 * Leads carry a brand by its name, so a brand they carry keeps its name: renaming it would silently detach them.
 * The other fields change freely.
 */
export async function updateBrand(db: Database, id: number, patch: BrandUpdate, { principal, meta }: BrandActor): Promise<Brand> {
  try {
    return await inTransaction(db, async (tx) => {
      const brand = await findBrand(tx, id, true);
      if (!brand) throw notFound("brand.not_found");
      if (patch.name !== undefined && patch.name !== brand.name) {
        const tagged = await countLeadsTagged(tx, brand.name);
        if (tagged > 0) throw conflict("brand.rename_in_use", { field: "name", params: { count: tagged } });
      }
      const updated = await updateBrandRow(tx, id, patch);
      const changed = Object.keys(patch).filter((field) => patch[field as keyof BrandUpdate] !== undefined);
      await recordAudit(tx, { userEmail: actorLabel(principal), action: "brand.updated", message: { code: "brand.updated", params: { name: updated.name, domain: updated.domain, fields: changed.join(", ") } }, meta });
      return updated;
    });
  } catch (error) {
    return uniqueConflict(error);
  }
}

/** Only a brand no lead carries can go; otherwise the answer says how many leads do. */
export async function deleteBrand(db: Database, id: number, { principal, meta }: BrandActor): Promise<void> {
  await inTransaction(db, async (tx) => {
    const brand = await findBrand(tx, id, true);
    if (!brand) throw notFound("brand.not_found");
    const tagged = await countLeadsTagged(tx, brand.name);
    if (tagged > 0) throw conflict("brand.in_use", { params: { count: tagged } });
    await deleteBrandRow(tx, id);
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "brand.deleted", message: describeBrand(brand), meta });
  });
}
