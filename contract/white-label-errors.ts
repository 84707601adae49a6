// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The white-label area's failures (brands), by stable code, with their English text. */
export const whiteLabelErrorMessages = {
  "brand.not_found": "Brand not found",
  "brand.name_reserved": "“default” is reserved: it means no brand is chosen",
  "brand.name_taken": "A brand with this name already exists",
  "brand.domain_taken": "Another brand already uses this domain",
  "brand.invalid_domain": "Enter a host name such as crm.example.com (no path, port or spaces)",
  "brand.invalid_logo_url": "The logo must be an https:// URL without quotes, angle brackets, backslashes or spaces",
  "brand.invalid_colour": "Enter a colour as #rrggbb",
  "brand.low_contrast": "Text on the primary colour has a contrast of {ratio}:1; at least {min}:1 is needed (WCAG AA)",
  "brand.in_use": "{count} {count:lead carries|leads carry} this brand's name as a tag, so it cannot be deleted",
  "brand.rename_in_use": "{count} {count:lead carries|leads carry} this brand's name as a tag, so it cannot be renamed",
} as const;
