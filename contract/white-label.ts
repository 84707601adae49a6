import { z } from "zod";
import { idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { moneyOutput } from "./money";
import { contrastRatio, DEFAULT_BRAND, formatRatio, HEX_COLOUR, MIN_TEXT_CONTRAST } from "./brand-colours";

export { contrastRatio, DEFAULT_BRAND, formatRatio, MIN_TEXT_CONTRAST } from "./brand-colours";

/**
 * White label (spec §2 Enterprise → White Label, §3 brands): stored brands with a unique domain, a logo and a colour
 * scheme, and the verticals (industries) the leads come from. Which brand a browser works under is chosen on the
 * client and kept in local storage only (spec); new leads from that browser carry the brand's name as a tag, so a
 * brand's name is at most a tag's length and "default" (no brand chosen) is reserved.
 */

/** A brand's name becomes a lead tag, and a tag is at most 50 characters (contract/leads.ts). */
export const BRAND_NAME_MAX = 50;
export const BRAND_DOMAIN_MAX = 253;
export const BRAND_LOGO_URL_MAX = 500;
/** How many verticals the tab shows (spec: first 3). */
export const VERTICALS_SHOWN = 3;

const colourSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX_COLOUR, errorMessage("brand.invalid_colour"))
  .describe("#rrggbb");

export const colorSchemeSchema = z
  .object({
    primary: colourSchema.describe("#rrggbb: buttons and highlights"),
    primaryText: colourSchema.describe("#rrggbb: text on the primary colour; needs 4.5:1 contrast against it (WCAG AA)"),
    accent: colourSchema.describe("#rrggbb: the brand's stripe in the sidebar (decoration, never behind text)"),
  })
  .superRefine((scheme, ctx) => {
    // Each colour is valid here (the object's own checks passed): the one rule between them.
    const ratio = contrastRatio(scheme.primary, scheme.primaryText);
    if (ratio < MIN_TEXT_CONTRAST) {
      ctx.addIssue({ code: "custom", path: ["primaryText"], message: errorMessage("brand.low_contrast", { ratio: formatRatio(ratio), min: MIN_TEXT_CONTRAST }) });
    }
  });
export type ColorScheme = z.infer<typeof colorSchemeSchema>;

/** Leadwell's own colours, offered as a starting point in the form. */
export const defaultColorScheme: ColorScheme = { primary: "#1f2a3d", primaryText: "#ffffff", accent: "#3b82f6" };

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The host a brand is reached at, lower-case, without a trailing dot: "CRM.Example.com." and
 * "https://crm.example.com/" both become "crm.example.com". A path, port, query or credentials are refused, so two
 * spellings of one host cannot both be stored.
 */
export function normaliseDomain(value: string): string | null {
  const raw = value.trim().toLowerCase();
  if (raw === "" || /\s/.test(raw)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (!["http:", "https:"].includes(url.protocol) || url.port || url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  const host = url.hostname.replace(/\.$/, "");
  const labels = host.split(".");
  // At least a name and a top-level domain, each label a DNS label (an international name arrives as punycode).
  if (host.length > BRAND_DOMAIN_MAX || labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return host;
}

const domainSchema = z
  .string()
  .max(BRAND_DOMAIN_MAX)
  .transform((value, ctx) => {
    const host = normaliseDomain(value);
    if (host === null) {
      ctx.addIssue({ code: "custom", message: errorMessage("brand.invalid_domain") });
      return z.NEVER;
    }
    return host;
  })
  .describe("The host the brand is reached at, e.g. crm.example.com; stored lower-case; unique among brands");

const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(BRAND_NAME_MAX)
  .refine((name) => name.toLowerCase() !== DEFAULT_BRAND, errorMessage("brand.name_reserved"))
  .describe(`Unique in any letter case; new leads are tagged with it; "${DEFAULT_BRAND}" is reserved`);

/** Blank means no logo. */
const logoUrlSchema = z
  .string()
  .trim()
  .max(BRAND_LOGO_URL_MAX)
  .refine((value) => {
    if (value === "") return true;
    // Quotes, angle brackets, backslashes, spaces and controls have no business in an image address, and refusing them
    // keeps the value harmless wherever it is written out (an attribute, a stylesheet, a CSV, an email).
    if (/["'<>`\\\s\p{Cc}]/u.test(value)) return false;
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  }, errorMessage("brand.invalid_logo_url"))
  .nullable()
  .transform((value) => value || null)
  .describe("An https:// image URL, or null for none");

const settingsSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((settings) => Object.keys(settings).length <= 50, errorMessage("field.too_many", { max: 50 }))
  .describe("Free-form settings for the brand (a JSON object, at most 50 keys)");

export const brandCreateSchema = z.object({
  name: nameSchema,
  domain: domainSchema,
  logoUrl: logoUrlSchema.optional().transform((value) => value ?? null),
  colorScheme: colorSchemeSchema,
  settings: settingsSchema.default({}),
});
export type BrandCreate = z.output<typeof brandCreateSchema>;
export type BrandCreateInput = z.input<typeof brandCreateSchema>;

/** Only the fields sent change; a colour scheme is replaced whole, so its contrast is checked as one. */
export const brandUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    domain: domainSchema.optional(),
    logoUrl: logoUrlSchema.optional(),
    colorScheme: colorSchemeSchema.optional(),
    settings: settingsSchema.optional(),
  })
  .superRefine((patch, ctx) => {
    if (Object.values(patch).every((v) => v === undefined)) ctx.addIssue({ code: "custom", message: errorMessage("request.empty_update") });
  });
export type BrandUpdate = z.output<typeof brandUpdateSchema>;

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  logoUrl: z.string().nullable(),
  colorScheme: z.object({ primary: z.string(), primaryText: z.string(), accent: z.string() }),
  settings: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Brand = z.infer<typeof brandSchema>;

export const verticalSchema = z.object({
  industry: z.string().nullable().describe("The leads' industry; null for leads without one"),
  leadCount: z.number().int(),
  revenue: moneyOutput.describe("Sum of the year-to-date revenue (KPI data) of the industry's leads"),
});
export type Vertical = z.infer<typeof verticalSchema>;

// Endpoints

const tags = ["White label"];

export const whiteLabelEndpoints = defineEndpoints("whiteLabel", {
  brands: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/white-label/brands",
    reply: z.array(brandSchema),
    tags,
    summary: "The stored brands, by name",
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "brands.manage",
    path: "/white-label/brands",
    body: brandCreateSchema,
    reply: brandSchema,
    status: 201,
    errors: [400, 409],
    tags,
    summary: "Store a brand (administrators)",
    description: "A name or domain another brand has answers 409 (brand.name_taken, brand.domain_taken) naming the field; text on the primary colour below 4.5:1 answers 400 naming colorScheme.primaryText.",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "brands.manage",
    path: "/white-label/brands/:id",
    params: idParamsSchema,
    body: brandUpdateSchema,
    reply: brandSchema,
    errors: [400, 404, 409],
    tags,
    summary: "Change a brand (administrators)",
    description: "A brand whose name leads carry as a tag cannot be renamed (409 brand.rename_in_use), so those leads keep pointing at it.",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "brands.manage",
    path: "/white-label/brands/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404, 409],
    tags,
    summary: "Delete a brand no lead carries (administrators)",
    description: "A brand whose name leads carry as a tag answers 409 (brand.in_use) with their count.",
  }),
  verticals: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/white-label/verticals",
    reply: z.array(verticalSchema),
    tags,
    summary: "Lead count and year-to-date revenue per industry, most leads first",
  }),
});
