/** Where a lead's page is (app/routes.ts: /leads/:id): the leads table and search hits link here. */
export const leadPagePath = (id: number) => `/leads/${id}`;
