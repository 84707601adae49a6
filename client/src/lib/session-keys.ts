export const SETUP_STATUS_KEY = ["/api/auth/setup"] as const;
export const CURRENT_USER_KEY = ["/api/auth/me"] as const;
