import { describe, expect, it } from "vitest";
import type { Feedback } from "@contract/feedback";
import { ADMIN, suiteWithAdmin, testDrivers } from "../../test/test-runtime";

describe.each(testDrivers)("feedback on %s", (driver) => {
  const suite = suiteWithAdmin(driver);

  it("requires a description after trimming, and a real http(s) screenshot URL when one is given", async () => {
    const blank = await suite.admin.post("/api/feedback", { description: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      error: "description: Please provide feedback description",
      code: "feedback.description_required",
      fields: { description: "Please provide feedback description" },
      fieldCodes: { description: { code: "feedback.description_required" } },
    });
    const badUrl = await suite.admin.post("/api/feedback", { description: "Looks good", screenshotUrl: "javascript:alert(1)" });
    expect(badUrl.body).toMatchObject({ fields: { screenshotUrl: "Please enter a valid URL" } });
    const badType = await suite.admin.post("/api/feedback", { description: "Hi", type: "Rant" });
    expect(badType.body).toMatchObject({ fields: { type: "Type must be one of: General, Bug, Feature Request" } });
    expect((await suite.admin.get<Feedback[]>("/api/feedback")).body).toEqual([]);
  });

  it("records feedback under the signed-in user's email, General by default, newest first", async () => {
    const general = await suite.admin.post<Feedback>("/api/feedback", { description: "  Love the dashboard  ", userEmail: "someone.else@example.com" });
    expect(general.status).toBe(201);
    expect(general.body).toMatchObject({ type: "General", description: "Love the dashboard", userEmail: ADMIN.email, screenshotUrl: null });
    const bug = await suite.admin.post<Feedback>("/api/feedback", { type: "Bug", description: "Export button flickers", screenshotUrl: "https://example.com/shot.png" });
    expect(bug.body).toMatchObject({ type: "Bug", screenshotUrl: "https://example.com/shot.png" });
    const list = await suite.admin.get<Feedback[]>("/api/feedback");
    expect(list.body.map((f) => f.description)).toEqual(["Export button flickers", "Love the dashboard"]);
    expect((await suite.rt.client().get("/api/feedback")).status).toBe(401);
  });
});
