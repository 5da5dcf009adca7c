import type { Endpoint } from "../endpoint";

/** The applications endpoints (being moved here from app/routes/api/). */
export const applicationsEndpoints: Endpoint[] = [];
