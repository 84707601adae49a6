import { describe, expect, it } from "vitest";
import type { ServiceLevel } from "@contract/service-level";
import { technicalIssues } from "../../db/schema";
import { serviceLevelBetween } from "../../db/queries/service-level";
import { ServiceLevelMeter } from "../../kernel/http/service-level-meter";
import { suiteWithAdmin, testDrivers } from "../../test/test-runtime";

const MINUTE = 60_000;

describe.each(testDrivers)("service level on %s", (driver) => {
  const suite = suiteWithAdmin(driver, { serviceLevelTargets: { uptimePercent: 99.5, p95LatencyMs: 800, errorRatePercent: 2, timeToProposalMinutes: 30, timeToApprovalHours: 24 } });

  it("counts real API requests once flushed, with a p95 latency and the targets", async () => {
    await suite.rt.serviceLevelMeter.flush(suite.rt.ctx.db);
    const before = await suite.admin.get<ServiceLevel>("/api/enterprise/sla");
    expect(before.status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await suite.admin.get("/api/tasks")).status).toBe(200);
    await suite.rt.serviceLevelMeter.flush(suite.rt.ctx.db);
    const after = await suite.admin.get<ServiceLevel>("/api/enterprise/sla");
    // The 20 reads, and the first service-level read itself (measured once its answer is sent).
    const counted = after.body.p95LatencyMs.sample - before.body.p95LatencyMs.sample;
    expect(counted).toBeGreaterThanOrEqual(20);
    expect(counted).toBeLessThanOrEqual(21);
    expect(after.body.p95LatencyMs.value).toBeGreaterThan(0);
    expect(after.body.p95LatencyMs.value).toBeLessThan(2_000);
    expect(after.body.p95LatencyMs.target).toBe(800);
    expect(after.body.errorRatePercent).toMatchObject({ value: 0, target: 2, met: true });
    expect(after.body.uptimePercent.target).toBe(99.5);
    // Measuring began this minute: until a minute has ended there is no uptime figure; a minute that ended while the
    // server ran had its heartbeat, so the figure is then 100 %.
    const { sample, value } = after.body.uptimePercent;
    expect(value).toBe(sample === 0 ? null : 100);
    expect((await suite.admin.get("/api/enterprise/sla?days=0")).status).toBe(400);
  });

  it("adds up several instances' histograms: p95, error rate and uptime from known latencies", async () => {
    const start = Math.floor((Date.now() - 20 * 86_400_000) / MINUTE) * MINUTE;
    const first = new ServiceLevelMeter();
    const second = new ServiceLevelMeter();
    // 90 fast requests on one instance, 10 slow ones (5 of them failing) on the other, in the same minute.
    for (let i = 0; i < 90; i++) first.record(20, 200, start + 1_000);
    for (let i = 0; i < 10; i++) second.record(400, i < 5 ? 500 : 200, start + 2_000);
    await first.flush(suite.rt.ctx.db, start + 5_000);
    await second.flush(suite.rt.ctx.db, start + 5_000);
    // Heartbeats in minutes 1 and 3; minutes 2 and 4 nobody was up.
    await first.flush(suite.rt.ctx.db, start + MINUTE + 5_000);
    await second.flush(suite.rt.ctx.db, start + 3 * MINUTE + 5_000);

    const measured = await serviceLevelBetween(suite.rt.ctx.db, new Date(start), new Date(start + 5 * MINUTE));
    expect(measured).toMatchObject({ requests: 100, serverErrors: 5, errorRatePercent: 5, expectedMinutes: 5, upMinutes: 3, uptimePercent: 60 });
    // 95th of 100: the 5th of the 10 in the (300, 500] bucket, interpolated: 300 + 200 * 5/10.
    expect(measured.p95LatencyMs).toBe(400);

    // A second flush of the same minute adds to the row rather than replacing it.
    for (let i = 0; i < 100; i++) first.record(3, 200, start + 10_000);
    await first.flush(suite.rt.ctx.db, start + 20_000);
    const again = await serviceLevelBetween(suite.rt.ctx.db, new Date(start), new Date(start + 5 * MINUTE));
    expect(again).toMatchObject({ requests: 200, serverErrors: 5, errorRatePercent: 2.5 });
    // 95 % of 200 is 190: 100 in (0, 5] and 90 in (10, 25] make 190, so the p95 is that bucket's upper bound.
    expect(again.p95LatencyMs).toBe(25);
  });

  it("counts only minutes that have ended: a running server's minute not yet flushed is not down", async () => {
    const base = Math.floor((Date.now() - 10 * 86_400_000) / MINUTE) * MINUTE;
    const meter = new ServiceLevelMeter();
    const uptime = (now: number) => serviceLevelBetween(suite.rt.ctx.db, new Date(base), new Date(now), new Date(now));
    await meter.flush(suite.rt.ctx.db, base + 5_000);
    await meter.flush(suite.rt.ctx.db, base + MINUTE + 5_000);
    // 10 s into the third minute: its heartbeat is still in memory until the next flush.
    expect(await uptime(base + 2 * MINUTE + 10_000)).toMatchObject({ expectedMinutes: 2, upMinutes: 2, uptimePercent: 100 });
    // The flush writes the third minute's row; until that minute ends it is still not counted.
    await meter.flush(suite.rt.ctx.db, base + 2 * MINUTE + 30_000);
    expect(await uptime(base + 2 * MINUTE + 40_000)).toMatchObject({ expectedMinutes: 2, upMinutes: 2, uptimePercent: 100 });
    expect(await uptime(base + 3 * MINUTE + 1_000)).toMatchObject({ expectedMinutes: 3, upMinutes: 3, uptimePercent: 100 });
    // Two minutes with no heartbeat from anyone are down.
    expect(await uptime(base + 5 * MINUTE + 1_000)).toMatchObject({ expectedMinutes: 5, upMinutes: 3, uptimePercent: 60 });
  });

  it("measures issue time to proposal and to approval from the issues' timestamps, against the targets", async () => {
    const now = Date.now();
    const reported = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    const proposal = (at: Date, minutesLater: number) => ({
      summary: "Fix",
      codeDiff: "",
      timestamp: new Date(at.getTime() + minutesLater * MINUTE).toISOString(),
      source: { kind: "retrieval" },
      references: [],
    });
    const issues = [
      { at: reported(50), proposalAfter: 10, approvalAfterHours: 12 },
      { at: reported(40), proposalAfter: 20, approvalAfterHours: 30 },
      { at: reported(30), proposalAfter: 60, approvalAfterHours: null },
      { at: reported(20), proposalAfter: null, approvalAfterHours: null },
    ];
    for (const issue of issues) {
      await suite.rt.ctx.db.insert(technicalIssues).values({
        email: "reporter@example.com",
        description: "Seeded for the service level",
        status: issue.approvalAfterHours ? "approved" : issue.proposalAfter ? "awaiting_review" : "open",
        createdAt: issue.at,
        aiRepairLog: issue.proposalAfter === null ? null : (proposal(issue.at, issue.proposalAfter) as Record<string, unknown>),
        approvalTimestamp: issue.approvalAfterHours === null ? null : new Date(issue.at.getTime() + issue.approvalAfterHours * 3_600_000),
      });
    }
    const res = await suite.admin.get<ServiceLevel>("/api/enterprise/sla?days=7");
    expect(res.body.timeToProposalMinutes).toEqual({ value: 20, target: 30, met: true, sample: 3 });
    expect(res.body.timeToApprovalHours).toEqual({ value: 21, target: 24, met: true, sample: 2 });
  });
});
