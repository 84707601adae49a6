import { describe, expect, it } from "vitest";
import { migrationIndex, scratchBefore } from "../test/migration-scratch";
import { floorDrivers } from "../test/test-runtime";

/*
 * The migration that gives pipeline stages their outcome, run on a database holding what came before it: stages named
 * like a won or lost stage get that outcome, and the leads already in them take the status the outcome gives (the
 * leads moved to Won while a move did not convert: the symptom of issue 23.1), a referred one earning its commission.
 */

const outcomesIndex = migrationIndex("_pipeline_stage_outcomes");

describe.each(floorDrivers)("the stage outcomes migration on %s", (driver) => {
  const db = scratchBefore("_pipeline_stage_outcomes", driver);

  it("maps stages named like Won or Lost to those outcomes, and gives the leads already in them that status", async () => {
    expect(outcomesIndex).toBeGreaterThan(0);
    const stage = (name: string, position: number) => db.query("INSERT INTO pipeline_stages (name, position) VALUES ($1, $2)", [name, position]);
    await stage("Contacted", 1);
    await stage("Proposal", 2);
    await stage("won", 3);
    await stage("Closed Lost", 4);
    await stage("Wonderful", 5);
    const [partner] = await db.query<{ id: number }>(
      "INSERT INTO affiliates (name, business_name, email, password_hash, unique_code) VALUES ('Pat', 'Pat Ltd', 'pat@partners.test', 'x', 'PAT123') RETURNING id",
    );
    const lead = async (name: string, status: string, stageName: string | null) => {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO leads (business_owner_name, business_owner_last_name, business_name, email, status, pipeline_stage)
         VALUES ($1, 'Owner', $1, $2, $3, $4) RETURNING id`,
        [name, `${name.toLowerCase()}@migration.test`, status, stageName],
      );
      return row!.id;
    };
    // Moved to Won before a move converted: still new, one of them referred.
    const referred = await lead("Referred", "new", "Won");
    await db.query("INSERT INTO affiliate_referrals (affiliate_id, lead_id) VALUES ($1, $2)", [partner!.id, referred]);
    await lead("Qualified in Won", "qualified", "WON");
    await lead("Already won", "converted", "Won");
    await lead("Contacted in Closed Lost", "contacted", "Closed Lost");
    const convertedInLost = await lead("Converted in Closed Lost", "converted", "Closed Lost");
    await db.query("INSERT INTO affiliate_referrals (affiliate_id, lead_id) VALUES ($1, $2)", [partner!.id, convertedInLost]);
    await lead("Converted without a stage", "converted", null);
    await lead("New in Wonderful", "new", "Wonderful");
    const commissionsBefore = await db.query<{ lead_id: number; status: string }>("SELECT lead_id, status FROM affiliate_commissions ORDER BY lead_id");
    expect(commissionsBefore).toEqual([{ lead_id: convertedInLost, status: "pending" }]);

    await db.migrateAll();

    expect(await db.query("SELECT name, outcome FROM pipeline_stages ORDER BY position")).toEqual([
      { name: "Contacted", outcome: "open" },
      { name: "Proposal", outcome: "open" },
      { name: "won", outcome: "won" },
      { name: "Closed Lost", outcome: "lost" },
      { name: "Wonderful", outcome: "open" },
    ]);
    expect(await db.query("SELECT business_name, status, pipeline_stage FROM leads ORDER BY id")).toEqual([
      { business_name: "Referred", status: "converted", pipeline_stage: "Won" },
      { business_name: "Qualified in Won", status: "converted", pipeline_stage: "WON" },
      { business_name: "Already won", status: "converted", pipeline_stage: "Won" },
      { business_name: "Contacted in Closed Lost", status: "lost", pipeline_stage: "Closed Lost" },
      // A migration voids no commission: a converted lead in a lost stage keeps its status, for a person to decide.
      { business_name: "Converted in Closed Lost", status: "converted", pipeline_stage: "Closed Lost" },
      { business_name: "Converted without a stage", status: "converted", pipeline_stage: null },
      { business_name: "New in Wonderful", status: "new", pipeline_stage: "Wonderful" },
    ]);
    // The referred lead's conversion earned its partner's commission, as a conversion does, once.
    expect(await db.query("SELECT lead_id, status FROM affiliate_commissions ORDER BY lead_id")).toEqual([
      { lead_id: referred, status: "pending" },
      { lead_id: convertedInLost, status: "pending" },
    ]);
    const events = await db.query<{ name: string; lead: number }>(
      "SELECT name, (payload->>'leadId')::int AS lead FROM event_outbox WHERE name IN ('lead.converted', 'commission.created') AND (payload->>'leadId')::int = $1 ORDER BY id",
      [referred],
    );
    expect(events).toEqual([
      { name: "lead.converted", lead: referred },
      { name: "commission.created", lead: referred },
    ]);
    // The status counters followed.
    expect(await db.query("SELECT status, sum(n)::int AS n FROM lead_counts WHERE n <> 0 GROUP BY status ORDER BY status")).toEqual([
      { status: "converted", n: 5 },
      { status: "lost", n: 1 },
      { status: "new", n: 1 },
    ]);
  });

  it("leaves the database following the rule from then on, whoever writes the lead", async () => {
    await db.query("UPDATE leads SET pipeline_stage = 'Proposal' WHERE business_name = 'Referred'");
    await db.query("UPDATE leads SET status = 'lost' WHERE business_name = 'New in Wonderful'");
    expect(await db.query("SELECT business_name, status, pipeline_stage FROM leads WHERE business_name IN ('Referred', 'New in Wonderful') ORDER BY id")).toEqual([
      { business_name: "Referred", status: "qualified", pipeline_stage: "Proposal" },
      { business_name: "New in Wonderful", status: "lost", pipeline_stage: "Closed Lost" },
    ]);
    expect(await db.query("SELECT status FROM affiliate_commissions WHERE lead_id = (SELECT id FROM leads WHERE business_name = 'Referred')")).toEqual([
      { status: "voided" },
    ]);
  });
});
