import { describe, expect, it } from "vitest";
import type { PerpetualStewardshipDashboard } from "@contract/records/perpetual-stewardship";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** A GiB (1024^3 bytes): the seeds are binary sizes, which the analytics' text counts in decimal GB (10^9 bytes). */
const GIB = 1024 ** 3;

describe.each(testDrivers)("Perpetual Stewardship dashboard on %s", (driver) => {
  const suite = suiteWithAdmin(driver);
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.admin.post(`/api${path}`, body);
    expect(res.status, res.text).toBe(201);
  };
  const analyticsOf = async (path: string) => {
    const res = await suite.admin.get<{ analytics: unknown }>(`/api${path}`);
    expect(res.status).toBe(200);
    return res.body.analytics;
  };

  it("answers zeros, no current stewardship and '0 B' before any record exists", async () => {
    const res = await suite.admin.get<PerpetualStewardshipDashboard>("/api/perpetual-stewardship/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      perpetual_readiness: 0,
      legacy_preservation: 0,
      stewardship_continuity: 0,
      archive_integrity: 0,
      community_transition_status: 0,
      perpetual_metrics: {
        system_maturity: 0,
        total_packages: 0,
        verified_archives: 0,
        completed_reviews: 0,
        active_declarations: 0,
        pillars: { package: false, archive: false, review: false, transition: false, declaration: false },
      },
      current_stewardship: null,
      transition_progress: { progress: 0, active: 0, completed: 0 },
    });
    expect(await analyticsOf("/living-archives")).toMatchObject({ total_archives: 0, total_size_bytes: 0, total_size: "0 B", encryption_coverage: 0 });
    expect(await analyticsOf("/community-transitions")).toMatchObject({ community_readiness: 0, budget_allocation: "0.00" });
    expect(await analyticsOf("/legacy-stewardship-reviews")).toMatchObject({ review_trends: { trend: "no_data", change: 0 }, by_year: {} });
  });

  it("computes every figure from the stored records, as worked out by hand", async () => {
    const pkg = (title: string, packageType: string, status: string, offset: number, extra: Record<string, unknown> = {}) =>
      add("/living-legacy-packages", { title, packageType, status, packageDate: utcDay(offset), ...extra });
    await pkg("Handbook", "documentation", "confirmed", -100, { stewardName: "Ada", totalSize: 1000, packageIntegrity: true, stewardConfirmation: true });
    await pkg("Source", "source_code", "delivered", -50, { packageIntegrity: true });
    await pkg("Charter", "governance", "draft", -10);
    await pkg("Old docs", "documentation", "archived", -400);
    await pkg("Runbooks", "operations", "ready", -5, { stewardName: "Lin" });

    const archive = (title: string, archiveType: string, status: string, extra: Record<string, unknown>) =>
      add("/living-archives", { title, archiveType, status, archiveDate: utcDay(-30), ...extra });
    await archive("Database dump", "database", "completed", { archiveSize: GIB, integrityVerification: "verified", encrypted: true });
    await archive("Repositories", "source_code", "verified", { archiveSize: GIB / 2, integrityVerification: "verified" });
    await archive("Wiki", "documentation", "in_progress", { encrypted: true });
    await archive("Videos", "media", "deprecated", { archiveSize: 2048, integrityVerification: "failed" });

    const review = { reviewedBy: "Board" };
    await add("/legacy-stewardship-reviews", { ...review, title: "Annual 2024", reviewYear: 2024, reviewType: "annual", status: "completed", reviewDate: utcDay(-400), reviewScore: 70, stewardPerformance: 80, actionItems: ["Rotate keys", "Update wiki"] });
    await add("/legacy-stewardship-reviews", { ...review, title: "Q3", reviewYear: 2025, reviewType: "quarterly", status: "approved", reviewDate: utcDay(-100), reviewScore: 85, stewardPerformance: 90 });
    await add("/legacy-stewardship-reviews", { ...review, title: "Special", reviewYear: 2025, reviewType: "special", status: "in_progress", reviewDate: utcDay(-20), stewardPerformance: 75 });

    const transition = (title: string, transitionType: string, status: string, extra: Record<string, unknown> = {}) =>
      add("/community-transitions", { title, transitionType, status, transitionDate: utcDay(-60), ...extra });
    await transition("Steering group", "governance", "completed", { transitionBudget: "10000.50" });
    await transition("Foundation", "foundation", "in_progress", { transitionBudget: 5000, governanceStructure: true, assetTransfer: true });
    await transition("Maintainers", "maintainership", "planning");
    await transition("Co-op", "community_ownership", "failed", { transitionBudget: 999, governanceStructure: true });

    await add("/perpetual-declarations", { title: "Forever open", declarationType: "perpetual", status: "active", publishedDate: utcDay(-30), distributionReach: 500, approvedBy: "Board" });
    await add("/perpetual-declarations", { title: "Stewardship pledge", declarationType: "stewardship", status: "published", version: "2.1", publishedDate: utcDay(-10), distributionReach: 300 });
    await add("/perpetual-declarations", { title: "Community draft", declarationType: "community", distributionReach: 1000 });
    await add("/perpetual-declarations", { title: "First pledge", declarationType: "perpetual", status: "archived", publishedDate: utcDay(-500), distributionReach: 50 });

    const res = await suite.admin.get<PerpetualStewardshipDashboard>("/api/perpetual-stewardship/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      // (75 + 82 + 67 + 56) / 4 = 70.
      perpetual_readiness: 70,
      // Not archived: 4 packages, 3 of them ready, delivered or confirmed.
      legacy_preservation: 75,
      // (80 + 90 + 75) / 3 = 81.67.
      stewardship_continuity: 82,
      // Deprecated aside: 2 of 3 verified.
      archive_integrity: 67,
      // Failed aside: completed 100, foundation 2 of 3 preparations, maintainers none: (100 + 66.7 + 0) / 3 = 55.6.
      community_transition_status: 56,
      perpetual_metrics: {
        // Confirmed package its steward confirmed, verified encrypted archive, review approved 100 days ago,
        // a completed transition and an active perpetual declaration: all five pillars.
        system_maturity: 100,
        total_packages: 5,
        verified_archives: 2,
        completed_reviews: 2,
        active_declarations: 1,
        pillars: { package: true, archive: true, review: true, transition: true, declaration: true },
      },
      current_stewardship: {
        // The latest ready/delivered/confirmed package is Runbooks; the latest active or published declaration the pledge.
        steward: "Lin",
        commitment_type: "stewardship",
        package: { type: "operations", status: "ready", date: utcDay(-5) },
        declaration: { type: "stewardship", status: "published", version: "2.1" },
      },
      // 1 completed of 3 not failed.
      transition_progress: { progress: 33, active: 1, completed: 1 },
    });
  });

  it("answers each family's analytics beside its list, as worked out by hand", async () => {
    // Handed off: Handbook (confirmed, integrity) and Source (not confirmed by its steward): 1 of 2.
    expect(await analyticsOf("/living-legacy-packages")).toEqual({
      package_completeness: 75,
      handoff_success_rate: 50,
      total_packages: 5,
      by_type: { documentation: 2, source_code: 1, governance: 1, operations: 1 },
      by_status: { confirmed: 1, delivered: 1, draft: 1, archived: 1, ready: 1 },
    });
    // 1 GiB + 0.5 GiB + 2 KiB = 1,610,614,784 bytes = 1.6 GB (10^9 bytes a GB; it would be "1.5" in GiB).
    expect(await analyticsOf("/living-archives")).toEqual({
      total_archives: 4,
      total_size_bytes: 1_610_614_784,
      total_size: "1.6 GB",
      by_type: { database: 1, source_code: 1, documentation: 1, media: 1 },
      integrity_status: { verified: 2, pending: 1, failed: 1 },
      encrypted_archives: 2,
      encryption_coverage: 50,
      verified_archives: 2,
    });
    // Scores 70 and 85: (70 + 85) / 2 = 77.5 → 78; latest two with a score: 70 → 85, +15.
    expect(await analyticsOf("/legacy-stewardship-reviews")).toEqual({
      average_score: 78,
      steward_performance: { average: 82 },
      by_year: { "2024": 1, "2025": 2 },
      review_trends: { trend: "improving", change: 15 },
      completed_reviews: 2,
      total_reviews: 3,
    });
    // Budget without the failed transition: 10000.50 + 5000.
    expect(await analyticsOf("/community-transitions")).toEqual({
      community_readiness: 56,
      completed_transitions: 1,
      active_transitions: 1,
      total_transitions: 4,
      by_type: { governance: 1, foundation: 1, maintainership: 1, community_ownership: 1 },
      by_status: { completed: 1, in_progress: 1, planning: 1, failed: 1 },
      budget_allocation: "15000.50",
    });
    // Reach of the published and active ones: 500 + 300; the archived perpetual one is no longer a commitment.
    expect(await analyticsOf("/perpetual-declarations")).toEqual({
      active_commitments: 1,
      distribution_reach: 800,
      by_type: { perpetual: 2, stewardship: 1, community: 1 },
      by_status: { active: 1, published: 1, draft: 1, archived: 1 },
      perpetual_commitments: 1,
      total_declarations: 4,
    });
  });

  it("writes sizes in 1000 steps and drops a pillar of maturity when its record goes", async () => {
    const archives = await suite.admin.get<{ archives: { id: number; title: string }[] }>("/api/living-archives?limit=200");
    const videos = archives.body.archives.find((a) => a.title === "Videos")!;
    expect((await suite.admin.put(`/api/living-archives/${videos.id}`, { archiveSize: 5 * 1024 ** 4 })).status).toBe(200);
    // 5 TiB + 1.5 GiB + 2 KiB = 5,499,168,753,664 bytes = 5.5 TB (10^12 bytes a TB).
    expect(await analyticsOf("/living-archives")).toMatchObject({ total_size: "5.5 TB" });

    const transitions = await suite.admin.get<{ transitions: { id: number; title: string }[] }>("/api/community-transitions?status=completed");
    expect((await suite.admin.delete(`/api/community-transitions/${transitions.body.transitions[0]!.id}`)).status).toBe(200);
    const res = await suite.admin.get<PerpetualStewardshipDashboard>("/api/perpetual-stewardship/dashboard");
    // Four pillars of five; readiness without the completed transition: (66.7 + 0) / 2 = 33.
    expect(res.body.perpetual_metrics.system_maturity).toBe(80);
    expect(res.body.perpetual_metrics.pillars).toEqual({ package: true, archive: true, review: true, transition: false, declaration: true });
    expect(res.body.community_transition_status).toBe(33);
    expect(res.body.transition_progress).toEqual({ progress: 0, active: 1, completed: 0 });
  });
});
