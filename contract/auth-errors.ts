// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/**
 * Why signing in, setting up, or acting with a role or an API key failed (contract/auth.ts, access-policy.ts), by
 * stable code, with their English text.
 */
export const authErrorMessages = {
  "auth.wrong_credentials": "Email or password is incorrect",
  "auth.too_many_sign_ins": "Too many failed sign-ins for this email. Try again in {minutes} {minutes:minute|minutes}.",
  "auth.setup_done": "Setup is already complete. Sign in instead.",
  "auth.cross_origin": "Refused: this change was sent from a page outside Leadwell",
  "auth.wrong_setup_token": "The set-up token is not correct. Copy it from the server log.",
  "auth.account_deactivated": "This account has been deactivated. Ask an administrator to reactivate it.",
  "auth.permission_required": "Your role does not allow this ({permission})",
  "auth.api_key_invalid": "The API key is not valid",
  "auth.api_key_not_allowed": "API keys cannot be used for this request; sign in instead",
  "auth.api_key_scope": "This API key's scope ({scope}) does not allow this request",
  "auth.name_required": "Name is required",
  "auth.password_required": "Password is required",
  "auth.password_too_short": "Password must be at least {min} characters",
  "auth.passwords_mismatch": "Passwords do not match",
  "auth.current_password_wrong": "This is not your current password",
  "auth.password_unchanged": "Choose a password other than your current one",
  "auth.no_password_to_change": "You sign in through single sign-on, so there is no Leadwell password to change",
} as const;
