import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { noteEndpoints, type NoteCreateInput, type NoteUpdateInput } from "@contract/notes";
import { callApi } from "@/lib/api-client";
import { timelineKey } from "@/features/timeline";
import { useLiveLeadRefresh } from "@/lib/live-events";

/** A lead's notes, under one prefix per lead. */
export const notesKey = (leadId: number) => ["notes", leadId] as const;

/** The lead's notes: the pinned one first, then the newest. */
export function useLeadNotes(leadId: number) {
  useLiveLeadRefresh(leadId, [notesKey(leadId)]);
  return useQuery({
    queryKey: notesKey(leadId),
    queryFn: ({ signal }) => callApi(noteEndpoints.list, { params: { id: leadId } }, { signal }),
  });
}

/** After a write: the notes, and the lead's timeline (every kind's pages: a prefix) that recorded it. */
function refreshAfterWrite(queryClient: QueryClient, leadId: number) {
  return Promise.all([notesKey(leadId), timelineKey(leadId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateNote(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteCreateInput) => callApi(noteEndpoints.create, { params: { id: leadId }, body }),
    onSuccess: () => refreshAfterWrite(queryClient, leadId),
  });
}

export function useUpdateNote(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: NoteUpdateInput }) => callApi(noteEndpoints.update, { params: { id }, body: changes }),
    onSuccess: () => refreshAfterWrite(queryClient, leadId),
  });
}

export function useDeleteNote(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(noteEndpoints.remove, { params: { id } }),
    onSuccess: () => refreshAfterWrite(queryClient, leadId),
  });
}
