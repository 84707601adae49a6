// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** Lead attachments' failures, by stable code, with their English text. */
export const attachmentErrorMessages = {
  "attachment.not_found": "Attachment not found",
  "attachment.file_required": "Choose a file to attach",
  "attachment.file_empty": "The file is empty",
  "attachment.file_too_large": "The file is larger than the {maxMegabytes} MB an attachment may be",
  "attachment.multipart_required": "Send the file as multipart/form-data in the field file",
  "attachment.delete_forbidden": "Only the person who uploaded this file or a manager may delete it",
  "attachment.preview_unsupported": "This file cannot be previewed (only PNG, JPEG, GIF, WebP and PDF files can); download it instead",
} as const;
