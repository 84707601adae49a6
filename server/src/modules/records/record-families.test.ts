import { desc, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiError } from "@contract/errors";
import { isNullable } from "@contract/records/family";
import { recordFamilies } from "@contract/records/index";
import { sampleRecord } from "@contract/records/samples";
import { auditLogs } from "../../db/schema";
import { signedInWithRole, suiteWithAdmin, testDrivers } from "../../test/test-runtime";
import { expectFieldError } from "../../test/expect-field-error";

type Listed = { total: number; analytics: unknown } & Record<string, unknown>;
type Stored = { id: number; createdBy: string | null } & Record<string, unknown>;


/**
 * The one test every declared record family runs (contract/records/index.ts): a family added later is held to it
 * without writing anything for it. Valid records come from the declaration (contract/records/samples.ts).
 */
describe.each(testDrivers)("record families on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  describe.each(recordFamilies.map((family) => [family.key, family] as const))("%s", (_key, family) => {
    const api = `/api${family.path}`;
    const sample = sampleRecord(family);
    const requiredFields = Object.entries(family.fields).filter(([, spec]) => spec.required);
    const defaulted = Object.entries(family.fields).filter(([, spec]) => spec.default !== undefined);
    const enumField = Object.entries(family.fields).find(([, spec]) => spec.kind === "enum");
    const textField = Object.entries(family.fields).find(([, spec]) => spec.kind === "text" && spec.required);
    let created: Stored;

    it("creates a valid record, answering every field, and audits it", async () => {
      const res = await suite.admin.post<Stored>(api, sample);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created = res.body;
      expect(created).toMatchObject({ ...sample, createdBy: "Ada Admin" });
      expect((await suite.admin.get<Stored>(`${api}/${created.id}`)).body).toEqual(created);
      const [audit] = await suite.rt.ctx.db.select().from(auditLogs).where(like(auditLogs.action, `${family.key}.%`)).orderBy(desc(auditLogs.id)).limit(1);
      expect(audit).toMatchObject({ action: `${family.key}.create`, userEmail: "ada@leadwell.test" });
    });

    it("gives declared defaults to fields not sent, and null to other optional ones", async () => {
      const minimal = Object.fromEntries(requiredFields.map(([name]) => [name, sample[name]]));
      const res = await suite.admin.post<Stored>(api, minimal);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      for (const [name, spec] of defaulted) expect(res.body[name], name).toEqual(spec.default);
      for (const [name, spec] of Object.entries(family.fields)) if (isNullable(spec)) expect(res.body[name], name).toBeNull();
      expect((await suite.admin.delete(`${api}/${res.body.id}`)).status).toBe(200);
    });

    it("refuses a record missing a required field or with a value outside its enum, naming the field", async () => {
      for (const [name] of requiredFields) {
        const { [name]: _missing, ...rest } = sample;
        expectFieldError(await suite.admin.post(api, rest), name, "field.required");
      }
      if (enumField) expectFieldError(await suite.admin.post(api, { ...sample, [enumField[0]]: "not-a-value" }), enumField[0], "field.invalid_option");
      const empty = await suite.admin.put<ApiError>(`${api}/${created.id}`, {});
      expect({ status: empty.status, code: empty.body.code }).toEqual({ status: 400, code: "request.empty_update" });
    });

    it("changes only the fields sent, and refuses to clear a required field", async () => {
      const [name] = textField ?? requiredFields[0]!;
      const changed = typeof sample[name] === "string" && textField ? "Changed by the generic test" : sample[name];
      const res = await suite.admin.put<Stored>(`${api}/${created.id}`, { [name]: changed });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ ...sample, [name]: changed, id: created.id });
      expectFieldError(await suite.admin.put(`${api}/${created.id}`, { [requiredFields[0]![0]]: null }), requiredFields[0]![0], "field.invalid_type");
      created = res.body;
    });

    it("lists it under the spec's key with the total and the family's analytics, filtered and paged", async () => {
      const res = await suite.admin.get<Listed>(`${api}?limit=200`);
      expect(res.status).toBe(200);
      const rows = res.body[family.listKey] as Stored[];
      expect(rows).toContainEqual(created);
      expect(res.body.total).toBe(rows.length);
      expect(family.analytics.safeParse(res.body.analytics).success).toBe(true);
      const filter = Object.entries(family.fields).find(([, spec]) => spec.kind === "enum" && spec.filter);
      if (filter) {
        const matching = await suite.admin.get<Listed>(`${api}?${filter[0]}=${String(created[filter[0]])}`);
        expect(matching.body[family.listKey] as Stored[]).toContainEqual(created);
        const other = filter[1].values!.find((value) => value !== created[filter[0]])!;
        expect((await suite.admin.get<Listed>(`${api}?${filter[0]}=${other}`)).body[family.listKey] as Stored[]).not.toContainEqual(created);
      }
      const search = String(created[family.titleField]).slice(0, 6);
      expect((await suite.admin.get<Listed>(`${api}?q=${encodeURIComponent(search)}`)).body[family.listKey] as Stored[]).toContainEqual(created);
      const paged = await suite.admin.get<Listed>(`${api}?limit=1&offset=${res.body.total}`);
      expect({ rows: (paged.body[family.listKey] as Stored[]).length, total: paged.body.total }).toEqual({ rows: 0, total: res.body.total });
    });

    it("lets a viewer read but not write", async () => {
      const viewer = await signedInWithRole(suite.rt, "viewer", { name: "Vera Viewer", email: `vera.${family.key.toLowerCase()}@leadwell.test` });
      expect((await viewer.get(`${api}/${created.id}`)).status).toBe(200);
      const refused = await viewer.post<ApiError>(api, sample);
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: "auth.permission_required" });
    });

    it("deletes it: then it answers 404 record.not_found", async () => {
      expect((await suite.admin.delete(`${api}/${created.id}`)).body).toEqual({ ok: true });
      const gone = await suite.admin.get<ApiError>(`${api}/${created.id}`);
      expect({ status: gone.status, code: gone.body.code }).toEqual({ status: 404, code: "record.not_found" });
      expect((await suite.admin.delete(`${api}/${created.id}`)).status).toBe(404);
      expect((await suite.admin.put(`${api}/${created.id}`, sample)).status).toBe(404);
    });
  });
});
