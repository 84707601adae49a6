import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/**
 * Validation messages come in English from the shared contract schemas (client-side checks)
 * and from the server's `fields`; these are the ones we know how to say in every language.
 */
const EXACT = {
  "This field is required": "validation.required",
  "Please enter a valid email address": "validation.email",
  "Please enter a valid phone number": "validation.phone",
  "Please enter a valid URL": "validation.url",
  "Please enter a valid number": "validation.number",
  "Name is required": "validation.nameRequired",
  "Valid email is required": "validation.validEmail",
  "Password is required": "validation.passwordRequired",
  "Passwords do not match": "validation.passwordMismatch",
  "First name is required": "validation.firstNameRequired",
  "Last name is required": "validation.lastNameRequired",
  "Business name is required": "validation.businessNameRequired",
  "A lead with this email already exists": "validation.leadEmailTaken",
  "No lead with this email": "validation.noLeadWithEmail",
  "YTD Revenue is required": "validation.ytdRequired",
  "MRR is required": "validation.mrrRequired",
  "Top Products data is required": "validation.topProductsRequired",
  "Top Products must be a list of products": "validation.topProductsList",
  "Please enter a valid number (at most 2 decimals)": "validation.moneyFormat",
  "Must be zero or more": "validation.nonNegative",
  "endDate must be on or after startDate": "validation.endBeforeStart",
  "profitMargin is a percentage (-100 to 100)": "validation.profitMarginRange",
  "Full name is required": "validation.fullNameRequired",
  "An affiliate with this email already exists": "validation.affiliateEmailTaken",
  "Email or password is incorrect": "validation.wrongCredentials",
  "This affiliate account is suspended. Please contact us.": "validation.affiliateSuspended",
  "You can only read your own dashboard": "validation.ownDashboardOnly",
  "Amount is required": "validation.amountRequired",
  "Amount must be greater than zero": "validation.amountPositive",
  "Commission amount is required": "validation.commissionRequired",
  "At most 99,999,999.99": "validation.amountTooLarge",
  "Please provide feedback description": "validation.feedbackDescriptionRequired",
  "Invalid email address": "validation.invalidEmail",
  "Invalid URL": "validation.invalidUrl",
  "This issue has no proposal to approve yet": "validation.issueNoProposal",
  "This issue is already approved": "validation.issueAlreadyApproved",
  "This issue has no proposal to reject yet": "validation.issueNoProposalToReject",
  "An approved fix cannot be rejected": "validation.issueApprovedCannotBeRejected",
  "This issue is already rejected": "validation.issueAlreadyRejected",
  "A proposal is already being prepared": "validation.issueProposalInProgress",
} as const;

const PATTERNS = [
  { pattern: /^Password must be at least (\d+) characters$/, key: "validation.passwordMin", param: "min" },
  { pattern: /^Description must be at least (\d+) characters$/, key: "validation.descriptionMin", param: "min" },
  { pattern: /^Minimum (\d+) characters required$/, key: "validation.minLength", param: "min" },
  { pattern: /^Maximum (\d+) characters allowed$/, key: "validation.maxLength", param: "max" },
  { pattern: /^Too many failed sign-ins for this email\. Try again in (\d+) minutes\.$/, key: "validation.tooManySignIns", param: "minutes" },
  { pattern: /^Too many submissions from this address\. Please try again in (\d+) minutes\.$/, key: "validation.tooManySubmissions", param: "minutes" },
] as const;

/** Messages carrying an amount, kept as sent ("At most the approved balance of 500.00"). */
const TEXT_PATTERNS = [{ pattern: /^At most the approved balance of (\S+)$/, key: "validation.aboveApprovedBalance", param: "amount" }] as const;

/** Messages about a field of a JSON value (e.g. a top product's "totalSales"): the field name stays as typed. */
const FIELD_PATTERNS = [
  { pattern: /^([a-z]\w*) is required$/, key: "validation.jsonFieldRequired" },
  { pattern: /^([a-z]\w*) must be a number$/, key: "validation.jsonFieldNumber" },
  { pattern: /^([a-z]\w*) must be zero or more$/, key: "validation.jsonFieldNonNegative" },
] as const;

export function translateValidationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const exact = EXACT[message as keyof typeof EXACT];
  if (exact) return t(exact);
  for (const { pattern, key, param } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, { [param]: Number(match[1]) });
  }
  for (const { pattern, key, param } of TEXT_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, { [param]: match[1] });
  }
  for (const { pattern, key } of FIELD_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, { field: match[1] });
  }
  return message;
}

export function useValidationMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => translateValidationMessage(t, message);
}
