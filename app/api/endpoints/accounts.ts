import type { Endpoint } from "../endpoint";

/** The accounts endpoints (being moved here from app/routes/api/). */
export const accountsEndpoints: Endpoint[] = [];
