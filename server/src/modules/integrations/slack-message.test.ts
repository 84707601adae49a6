import { describe, expect, it } from "vitest";
import type { DomainEvent } from "@contract/events";
import { genericSlackText, slackTextFor } from "./slack-message";

const event = (value: Pick<DomainEvent, "name" | "payload">): DomainEvent => ({ id: 1, occurredAt: new Date(), ...value }) as DomainEvent;

describe("the line posted to Slack", () => {
  it("reads as a sentence for each kind of event", () => {
    expect(
      slackTextFor(event({ name: "lead.created", payload: { leadId: 7, businessName: "Acme", email: "jane@acme.com", status: "new", pipelineStage: null, assignedTo: null, enteredByStaff: true } })),
    ).toBe("New lead: Acme (jane@acme.com)");
    expect(slackTextFor(event({ name: "lead.stage_changed", payload: { leadId: 7, businessName: "Acme", fromStage: null, toStage: "Demo", assignedTo: null, movedBy: { id: 1, name: "Ada", email: "a@x.test" } } }))).toBe(
      "Acme moved from the first stage to Demo by Ada",
    );
    expect(slackTextFor(event({ name: "lead.converted", payload: { leadId: 7, businessName: "Acme", affiliateId: 3 } }))).toBe("Lead converted: Acme (referred by a partner)");
    expect(slackTextFor(event({ name: "commission.created", payload: { commissionId: 1, affiliateId: 3, leadId: 7, amount: "500.00" } }))).toBe(
      "Commission owed: 500.00 to affiliate #3 for lead #7",
    );
    expect(slackTextFor(event({ name: "task.completed", payload: { taskId: 4, title: "Call back", assigneeId: null, nextOccurrenceId: null } }))).toBe("Task completed: Call back");
    expect(slackTextFor(event({ name: "nps.submitted", payload: { responseId: 2, score: 9 } }))).toBe("New NPS response: 9/10");
  });

  it("escapes what people typed, so a name cannot mention a channel or forge a link", () => {
    expect(slackTextFor(event({ name: "lead.deleted", payload: { leadId: 1, businessName: "<!channel> & <https://evil.test|click>" } }))).toBe(
      "Lead deleted: &lt;!channel&gt; &amp; &lt;https://evil.test|click&gt;",
    );
  });

  it("names an event it has no sentence for, with its plain fields", () => {
    expect(genericSlackText({ name: "deal.won", payload: { dealId: 9, title: "Big <one>", closed: true, owner: { id: 1 } } })).toBe("deal.won: dealId: 9, title: Big &lt;one&gt;, closed: true");
    expect(genericSlackText({ name: "ping", payload: {} })).toBe("ping");
  });
});
