import { ApiKeysCard } from "./api-keys-card";
import { BrandCard } from "./brand-card";
import { LeadAccessCard } from "./lead-access-card";
import { LeadAssignmentCard } from "./lead-assignment-card";
import { MailOutboxCard } from "./mail-outbox-card";
import { WebhooksCard } from "./webhooks-card";

/** Settings (spec §2): the Brand/Project box, lead access and assignment rules, and the API Keys manager. */
export default function SettingsPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BrandCard />
      <LeadAccessCard />
      <LeadAssignmentCard />
      <ApiKeysCard />
      <MailOutboxCard />
      <WebhooksCard />
    </div>
  );
}
