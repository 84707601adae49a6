// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The Integrations & AI area's failures, by stable code, with their English text. */
export const integrationErrorMessages = {
  "integration.not_found": "Integration not found",
  "integration.not_configured": "Configure this integration first",
  "integration.not_configurable": "Zapier connects through a webhook and an API key in Settings; it has no form of its own",
  "integration.secret_required": "Enter the secret the first time you configure this integration",
  "integration.invalid_slack_url": "Enter a Slack incoming-webhook URL (https://hooks.slack.com/…)",
  "integration.invalid_stripe_key": "Enter a Stripe secret or restricted key (sk_… or rk_…)",
  "integration.invalid_stripe_publishable_key": "Enter a Stripe publishable key (pk_…)",
  "integration.no_events": "Choose at least one event",
  "integration.invalid_domain": "Enter a domain such as example.com",
} as const;
