import { importMigrationJob, watchMigrationJob } from "./migration.service";

/** The migration area's job kinds (the import job is declared beside the service that sends it). */
export const migrationJobs = [importMigrationJob, watchMigrationJob];
