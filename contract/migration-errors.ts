// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The CSV migration's failures, by stable code, with their English text. */
export const migrationErrorMessages = {
  "migration.file_required": "Please select a CSV file to import",
  "migration.not_csv": "Only .csv files are accepted",
  "migration.file_too_large": "The file is larger than the {maxMegabytes} MB an import may be",
  "migration.multipart_required": "Send the file as multipart/form-data in the field csvFile",
  "migration.invalid_csv": "The file is not valid CSV (line {line}): {reason}",
  "migration.no_rows": "The file has a header row but no rows to import",
  "migration.record_too_large": "Row {row} (line {line}) is larger than the {maxKilobytes} KB a row may be: is this a CSV file with a line break after each row?",
  "migration.field_too_large": "Row {row}, column {column}: a cell is larger than the {maxKilobytes} KB a cell may be",
  "migration.instance_busy": "This server is already receiving as many files as it takes at once ({limit}); try again in a moment",
  "migration.too_many_imports": "As many imports as may run at once ({limit}) are already uploading or running; try again when one has finished",
  "migration.expired": "This upload has expired and its rows were discarded; upload the file again",
  "migration.not_found": "Migration not found",
  "migration.already_started": "This import has already started",
  "migration.mapping_width": "The mapping must name a target (or none) for each of the file's {columns} columns",
  "migration.mapping_twice": "{target} is mapped from more than one column",
  "migration.email_unmapped": "Map one column to email: duplicates are found by email",
  "migration.name_unmapped": "Map columns to the owner's name (name, or first and last name) and to the company",
  "migration.invalid_boolean": "Must be yes or no (true/false, 1/0)",
  "migration.invalid_json": "Must be JSON",
  "migration.one_word_name": "Give a first and a last name (two words or more), or map first and last name columns",
  "migration.duplicate_skipped": "Skipped: a lead with this email already exists",
  "migration.likely_duplicate": "Imported, but a lead with this phone number already exists: compare the two and merge them if they are the same",
} as const;
