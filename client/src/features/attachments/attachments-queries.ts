import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ATTACHMENT_FILE_FIELD, attachmentEndpoints, type Attachment } from "@contract/attachments";
import { callApi, endpointUrl } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";
import { readBrand } from "@/lib/brand-storage";
import { timelineKey } from "@/features/timeline";
import { useLiveLeadRefresh } from "@/lib/live-events";

/** A lead's attachments, under one prefix per lead. */
export const attachmentsKey = (leadId: number) => ["attachments", leadId] as const;

/** The brand header every API call sends (lib/api.ts), for the audit trail. */
const BRAND_HEADER = "x-leadwell-brand";

export function useLeadAttachments(leadId: number) {
  useLiveLeadRefresh(leadId, [attachmentsKey(leadId)]);
  return useQuery({
    queryKey: attachmentsKey(leadId),
    queryFn: ({ signal }) => callApi(attachmentEndpoints.list, { params: { id: leadId } }, { signal }),
  });
}

/** After a change: the list, and the lead's timeline (every kind's pages: a prefix) that recorded it. */
export function refreshAfterChange(queryClient: QueryClient, leadId: number) {
  return Promise.all([attachmentsKey(leadId), timelineKey(leadId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const attachmentDownloadUrl = (id: number) => endpointUrl(attachmentEndpoints.download, { params: { id } });
/** An image's or PDF's inline preview (the server checks its bytes; anything else answers 415). */
export const attachmentPreviewUrl = (id: number) => endpointUrl(attachmentEndpoints.preview, { params: { id } });

/**
 * Uploads one file with XMLHttpRequest, which (unlike fetch) reports upload progress, with the credentials and the
 * brand header the app's other calls send. A refusal rejects with an ApiError, as the typed caller's do, so
 * apiErrorMessage translates the server's code. `signal` aborts it.
 */
export function uploadAttachment(leadId: number, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", endpointUrl(attachmentEndpoints.upload, { params: { id: leadId } }));
    request.withCredentials = true;
    request.setRequestHeader(BRAND_HEADER, encodeURIComponent(readBrand()));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as Attachment);
      else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error("network"));
    request.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.append(ATTACHMENT_FILE_FIELD, file, file.name);
    request.send(form);
  });
}

export function useDeleteAttachment(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(attachmentEndpoints.remove, { params: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, leadId),
  });
}
