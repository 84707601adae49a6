import { beforeAll, describe, expect, it } from "vitest";
import type { MigrationPreview } from "@contract/migration";
import { createLead } from "../../test/lead-fixtures";
import { uploadCsv } from "../../test/migration-upload";
import { suiteWithAdmin, testDrivers, type TestClient } from "../../test/test-runtime";

/* The CSV import's preview (issue 26.4): the upload's first rows through the chosen mapping, each marked with the existing leads it likely duplicates. */

describe.each(testDrivers)("the CSV import's preview on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  let admin: TestClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    admin = suite.admin;
    ids.quokka = await createLead(admin, "quokka", { businessName: "Quokka Plumbing", email: "q@quokka-plumbing.test", phoneNumber: "+34 612 345 678" });
    ids.bakery = await createLead(admin, "bakery", { businessName: "Sunrise Bakery Madrid", email: "hello@sunrise-bakery.test" });
  });

  it("marks each row's likely duplicates by email, phone and business name, and the rows it would refuse", async () => {
    const csv =
      "name,email,company,phone\n" +
      "Ann Other,Q@Quokka-Plumbing.test,Another Name,\n" +
      "Bo Lee,bo@lee.test,Totally Different Co,612-345-678\n" +
      "Cy Sun,cy@sun.test,Sunrise Bakery  Madrid S.L.,\n" +
      "Di New,di@new.test,Zebra Kiosk,\n" +
      "Ed Bad,not-an-email,Quokka Plumbing,\n";
    const upload = await uploadCsv(admin, "/api/migration/uploads", csv);
    expect(upload.status, upload.text).toBe(201);
    const res = await admin.post<MigrationPreview>(`/api/migration/${upload.body.id}/preview`, { mapping: upload.body.mapping });
    expect(res.status, res.text).toBe(200);
    const marks = res.body.rows.map((row) => [row.rowNumber, row.duplicates.map((d) => [d.lead.id, d.lead.businessName, d.reasons])]);
    expect(marks).toEqual([
      [2, [[ids.quokka, "Quokka Plumbing", ["same_email"]]]],
      [3, [[ids.quokka, "Quokka Plumbing", ["same_phone"]]]],
      [4, [[ids.bakery, "Sunrise Bakery Madrid", ["similar_business"]]]],
      [5, []],
      [6, [[ids.quokka, "Quokka Plumbing", ["similar_business"]]]],
    ]);
    expect(res.body.rows[0]!.values).toMatchObject({ name: "Ann Other", businessName: "Another Name" });
    expect(res.body.rows.map((row) => row.problems.map((problem) => problem.field))).toEqual([[], [], [], [], ["email"]]);

    // A mapping of the wrong width names the field; once started, the upload has no preview.
    expect((await admin.post(`/api/migration/${upload.body.id}/preview`, { mapping: [null] })).status).toBe(400);
    expect((await admin.post(`/api/migration/${upload.body.id}/start`, { mapping: upload.body.mapping })).status).toBe(202);
    expect((await admin.post(`/api/migration/${upload.body.id}/preview`, { mapping: upload.body.mapping })).status).toBe(409);
    expect((await admin.post(`/api/migration/99999999/preview`, { mapping: [] })).status).toBe(404);
  });
});
