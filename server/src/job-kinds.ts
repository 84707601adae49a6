import { dispatchEventsJob } from "./kernel/events.jobs";
import { purgeExpiredThrottlesJob } from "./kernel/http/throttle.jobs";
import { sendMailJob } from "./kernel/mail";
import type { JobKind } from "./kernel/jobs/job-kind";
import { affiliateJobs } from "./modules/affiliates/affiliates.jobs";
import { automationJobs } from "./modules/automations/automations.jobs";
import { authJobs } from "./modules/auth/auth.jobs";
import { issueJobs } from "./modules/issues/issues.jobs";
import { taskJobs } from "./modules/tasks/tasks.jobs";
import { webhookJobs } from "./modules/webhooks/webhooks.jobs";
import { integrationJobs } from "./modules/integrations/integrations.jobs";
import { migrationJobs } from "./modules/migration/migration.jobs";
import { leadBulkJobs } from "./modules/leads/lead-bulk.jobs";
import { leadDuplicateJobs } from "./modules/leads/lead-duplicates.jobs";
import { recordJobs } from "./modules/records/business-health.jobs";
import { serviceLevelJobs } from "./modules/service-level/service-level.jobs";

/** Every background job the app runs: the floor's and each area's own. A new area adds its list here. */
export const jobKinds: readonly JobKind[] = [purgeExpiredThrottlesJob, dispatchEventsJob, sendMailJob, ...authJobs, ...affiliateJobs, ...automationJobs, ...issueJobs, ...taskJobs, ...webhookJobs, ...integrationJobs, ...migrationJobs, ...leadBulkJobs, ...leadDuplicateJobs, ...recordJobs, ...serviceLevelJobs];
