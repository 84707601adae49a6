import { z } from "zod";
import { isoDateTime } from "./common";

export const userRoles = ["admin", "staff"] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const MIN_STAFF_PASSWORD = 12;

const email = z.string().trim().toLowerCase().max(150, "Maximum 150 characters allowed").pipe(z.email("Valid email is required"));

export const setupBodySchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Maximum 100 characters allowed"),
  email,
  password: z
    .string()
    .min(MIN_STAFF_PASSWORD, `Password must be at least ${MIN_STAFF_PASSWORD} characters`)
    .max(200, "Maximum 200 characters allowed"),
  setupToken: z
    .string({ error: "This field is required" })
    .trim()
    .min(1, "This field is required")
    .max(200, "Maximum 200 characters allowed")
    .describe("The one-time set-up token the server prints in its log at start while no user exists"),
});
export type SetupBody = z.infer<typeof setupBodySchema>;

export const loginBodySchema = z.object({
  email,
  password: z.string().min(1, "Password is required").max(200, "Maximum 200 characters allowed"),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  lastLoginAt: isoDateTime.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const setupStatusSchema = z.object({
  needsSetup: z.boolean().describe("True while no staff user exists: the client then shows the one-time setup screen"),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;
