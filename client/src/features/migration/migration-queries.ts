import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MIGRATION_FILE_FIELD, migrationEndpoints, type Migration, type MigrationPreviewBody, type MigrationStartInput } from "@contract/migration";
import { callApi, endpointUrl } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";

const LIST_KEY = ["/api/migration/status"] as const;
const migrationKey = (id: number) => ["/api/migration", id] as const;

/** How often a running import is read again: rows processed count up live. */
const PROGRESS_POLL_MS = 1_000;

const isRunning = (migration: Migration | undefined) => migration?.status === "in_progress";
const isUnderway = (migration: Migration) => migration.status === "in_progress" || migration.status === "uploading";

/** Spec: the migration status list, read on load; read again every few seconds while one of them uploads or runs. */
export function useMigrations() {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => callApi(migrationEndpoints.status, {}, { signal }),
    refetchInterval: (query) => (query.state.data?.some(isUnderway) ? 3_000 : false),
  });
}

/** One migration, polled while its import runs. */
export function useMigration(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: migrationKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const migration = await callApi(migrationEndpoints.get, { params: { id: id! } }, { signal });
      if (!isRunning(migration)) void queryClient.invalidateQueries({ queryKey: LIST_KEY });
      return migration;
    },
    refetchInterval: (query) => (isRunning(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

export function useStartMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MigrationStartInput }) => callApi(migrationEndpoints.start, { params: { id }, body }),
    onSuccess: (migration) => {
      queryClient.setQueryData(migrationKey(migration.id), migration);
      return queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** The upload's first rows through a mapping, each with the existing leads it likely duplicates (nothing is written). */
export function usePreviewMigration() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MigrationPreviewBody }) => callApi(migrationEndpoints.preview, { params: { id }, body }),
  });
}

/**
 * Uploads the file with XMLHttpRequest, which (unlike fetch) reports upload progress. A refusal rejects with an
 * ApiError, as the typed caller's do, so apiErrorMessage translates the server's code.
 */
export function uploadMigrationFile(file: File, userEmail: string, onProgress: (percent: number) => void): Promise<Migration> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", endpointUrl(migrationEndpoints.upload, {}));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as Migration);
      else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error("network"));
    const form = new FormData();
    form.append("userEmail", userEmail);
    form.append(MIGRATION_FILE_FIELD, file);
    request.send(form);
  });
}

export const migrationErrorReportUrl = (id: number) => endpointUrl(migrationEndpoints.errorReport, { params: { id } });

/** A migration's report (rows not imported, duplicates skipped with the lead they matched), a page at a time. */
export function useMigrationReport(id: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ["/api/migration", id, "report"] as const,
    enabled,
    queryFn: ({ signal, pageParam }) => callApi(migrationEndpoints.report, { params: { id }, query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
