import { runLeadBulkJob } from "./lead-bulk.service";

/** The bulk actions' job kind (declared beside the service that sends it, as the CSV import's is). */
export const leadBulkJobs = [runLeadBulkJob];
