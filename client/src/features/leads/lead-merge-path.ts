/** Where two leads are compared and merged (app/routes.ts: /leads/:id/merge/:otherId): `keptId` stays, `otherId` goes. */
export const leadMergePath = (keptId: number, otherId: number) => `/leads/${keptId}/merge/${otherId}`;

/** The list of likely pairs across every lead (app/routes.ts). */
export const LEAD_DUPLICATES_PATH = "/leads/duplicates";
