import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Download, Eye, FileText, Paperclip, Trash2, Upload, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { attachmentEndpoints, isPreviewable, type Attachment } from "@contract/attachments";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { QueryStates } from "@/components/query-states";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { useMayCall } from "@/lib/authorization";
import { formatDateTime } from "@/lib/format";
import { useCurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { attachmentDownloadUrl, attachmentPreviewUrl, refreshAfterChange, uploadAttachment, useDeleteAttachment, useLeadAttachments } from "./attachments-queries";
import { formatFileSize } from "./file-size";

/** One file picked or dropped: under way, finished, failed, or refused in the browser for its size. */
type UploadItem = { key: number; name: string; size: number; percent: number; state: "uploading" | "done" | "failed" | "tooLarge"; error?: string };

/** How long a finished upload's bar stays before the list alone shows the file. */
const DONE_VISIBLE_MS = 2_500;

/** Files attached to the lead: upload (drop or button, several at once, each with its progress), download, delete (issue 25.4). */
export function LeadAttachmentsCard({ leadId }: { leadId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const attachments = useLeadAttachments(leadId);
  const mayUpload = useMayCall(attachmentEndpoints.upload);
  const maxBytes = attachments.data?.maxBytes;
  return (
    <Card data-testid="lead-attachments">
      <CardHeader>
        <CardTitle>{t("attachments.title")}</CardTitle>
        {maxBytes !== undefined ? <CardDescription>{t("attachments.limit", { size: formatFileSize(maxBytes, language) })}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {mayUpload && maxBytes !== undefined ? <UploadZone leadId={leadId} maxBytes={maxBytes} /> : null}
        {mayUpload === false ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground" data-testid="attachments-read-only">
            {t("attachments.cannotUpload")}
          </p>
        ) : null}
        <QueryStates
          query={attachments}
          loadingLabel={t("attachments.loading")}
          blocks={2}
          blockClassName="h-10"
          failedMessage={(message) => t("attachments.loadFailed", { message })}
          errorTestId="attachments-error"
        >
          {(data) =>
            data.attachments.length === 0 ? (
              <EmptyState icon={Paperclip} title={t("attachments.empty")} className="py-6" data-testid="attachments-empty" />
            ) : (
              <ul className="grid gap-2" aria-label={t("attachments.listLabel")} data-testid="attachments-list">
                {data.attachments.map((attachment) => (
                  <AttachmentRow key={attachment.id} attachment={attachment} leadId={leadId} />
                ))}
              </ul>
            )
          }
        </QueryStates>
      </CardContent>
    </Card>
  );
}

function UploadZone({ leadId, maxBytes }: { leadId: number; maxBytes: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const nextKey = useRef(0);
  const aborts = useRef(new Set<AbortController>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = aborts.current;
    const waiting = timers.current;
    return () => {
      for (const controller of pending) controller.abort();
      for (const timer of waiting) clearTimeout(timer);
    };
  }, []);

  const update = (key: number, change: Partial<UploadItem>) => setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const remove = (key: number) => setUploads((items) => items.filter((item) => item.key !== key));

  const start = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        const key = nextKey.current++;
        if (file.size > maxBytes) {
          setUploads((items) => [...items, { key, name: file.name, size: file.size, percent: 0, state: "tooLarge" }]);
          continue;
        }
        setUploads((items) => [...items, { key, name: file.name, size: file.size, percent: 0, state: "uploading" }]);
        const controller = new AbortController();
        aborts.current.add(controller);
        uploadAttachment(leadId, file, (percent) => update(key, { percent }), controller.signal)
          .then(() => {
            update(key, { percent: 100, state: "done" });
            void refreshAfterChange(queryClient, leadId);
            const timer = setTimeout(() => {
              timers.current.delete(timer);
              remove(key);
            }, DONE_VISIBLE_MS);
            timers.current.add(timer);
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(key, { state: "failed", error: apiErrorMessage(error, t("common.networkError")) });
          })
          .finally(() => aborts.current.delete(controller));
      }
    },
    [leadId, maxBytes, queryClient, t],
  );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };

  return (
    <div className="grid gap-3">
      <div
        className={cn(
          "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm text-muted-foreground transition-colors",
          dragging && "border-primary bg-primary/5",
        )}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="attachments-drop-zone"
      >
        <Upload aria-hidden="true" className="size-5" />
        <p id={hintId}>
          {t("attachments.dropHint")}{" "}
          <span className="sr-only">{t("attachments.dropZone")}</span>
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()} aria-describedby={hintId} data-testid="attachments-choose">
          <Paperclip aria-hidden="true" className="size-4" />
          {t("attachments.choose")}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="attachments-input"
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <ul className="grid gap-2" data-testid="attachments-uploads">
          {uploads.map((item) => (
            <li key={item.key} className="grid gap-1 text-sm" data-testid="attachment-upload" data-state={item.state}>
              {item.state === "tooLarge" || item.state === "failed" ? (
                <Alert variant="destructive" className="items-center">
                  <span className="flex-1">
                    {item.state === "tooLarge"
                      ? t("attachments.tooLarge", { name: item.name, size: formatFileSize(item.size, language), limit: formatFileSize(maxBytes, language) })
                      : t("attachments.uploadFailed", { name: item.name, error: item.error })}
                  </span>
                  <Button type="button" variant="ghost" size="sm" onClick={() => remove(item.key)} aria-label={t("attachments.dismiss")}>
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </Alert>
              ) : (
                <>
                  <div className="flex items-center justify-between gap-2">
                    <span className="truncate">{item.state === "done" ? t("attachments.uploaded", { name: item.name }) : item.name}</span>
                    <span className="tabular-nums text-muted-foreground">{t("attachments.progress", { percent: item.percent })}</span>
                  </div>
                  <Progress value={item.percent} aria-label={t("attachments.uploading", { name: item.name })} />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * An image's thumbnail from its preview (the server shows only PNG, JPEG, GIF and WebP whose bytes are what they
 * claim); the file icon for anything else, and for an image the server refuses to preview.
 */
function AttachmentIcon({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!isPreviewable(attachment.contentType) || attachment.contentType === "application/pdf" || failed) {
    return <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />;
  }
  return (
    <img
      src={attachmentPreviewUrl(attachment.id)}
      alt={t("attachments.thumbnail", { name: attachment.fileName })}
      loading="lazy"
      decoding="async"
      className="size-10 shrink-0 rounded border bg-muted object-cover"
      onError={() => setFailed(true)}
      data-testid="attachment-thumbnail"
    />
  );
}

function AttachmentRow({ attachment, leadId }: { attachment: Attachment; leadId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const user = useCurrentUser().data;
  const mayCallDelete = useMayCall(attachmentEndpoints.remove);
  const remove = useDeleteAttachment(leadId);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const mayDelete =
    mayCallDelete === true && user != null && (attachment.uploadedBy?.id === user.id || user.permissions.includes("leads.delete"));
  const confirm = () =>
    remove.mutate(attachment.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t("attachments.deleted", { name: attachment.fileName }) });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ variant: "destructive", title: t("attachments.deleteFailed", { name: attachment.fileName, error: apiErrorMessage(error) }) });
      },
    });
  return (
    <li className="flex items-center gap-3 rounded-md border p-2 text-sm" data-testid="attachment-row" data-attachment-id={attachment.id}>
      <AttachmentIcon attachment={attachment} />
      <div className="grid min-w-0 flex-1">
        <a
          href={attachmentDownloadUrl(attachment.id)}
          download={attachment.fileName}
          className="truncate font-medium underline-offset-4 hover:underline"
          aria-label={t("attachments.downloadName", { name: attachment.fileName })}
          data-testid="attachment-download"
        >
          {attachment.fileName}
        </a>
        <span className="truncate text-muted-foreground">
          {formatFileSize(attachment.sizeBytes, language)} ·{" "}
          {t("attachments.byline", { name: attachment.uploadedBy?.name ?? t("attachments.formerUser"), date: formatDateTime(attachment.createdAt, language) })}
        </span>
      </div>
      {attachment.contentType === "application/pdf" ? (
        <Button asChild variant="ghost" size="sm">
          <a
            href={attachmentPreviewUrl(attachment.id)}
            target="_blank"
            rel="noopener noreferrer"
            title={t("attachments.previewName", { name: attachment.fileName })}
            aria-label={t("attachments.previewName", { name: attachment.fileName })}
            data-testid="attachment-preview"
          >
            <Eye aria-hidden="true" className="size-4" />
          </a>
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="sm">
        <a href={attachmentDownloadUrl(attachment.id)} download={attachment.fileName} aria-label={t("attachments.downloadName", { name: attachment.fileName })}>
          <Download aria-hidden="true" className="size-4" />
        </a>
      </Button>
      {mayCallDelete === undefined ? null : (
        <span title={mayDelete ? undefined : t("attachments.cannotDelete")}>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={!mayDelete}
            onClick={() => setConfirming(true)}
            aria-label={t("attachments.deleteName", { name: attachment.fileName })}
            aria-describedby={mayDelete ? undefined : reasonId}
            data-testid="attachment-delete"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
          {mayDelete ? null : (
            <span id={reasonId} className="sr-only">
              {t("attachments.cannotDelete")}
            </span>
          )}
        </span>
      )}
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("attachments.deleteTitle")}
        description={t("attachments.deleteBody", { name: attachment.fileName })}
        submitLabel={t("attachments.deleteConfirm")}
        submittingLabel={t("attachments.deleting")}
        pending={remove.isPending}
        onConfirm={confirm}
        data-testid="attachment-delete-dialog"
      />
    </li>
  );
}
