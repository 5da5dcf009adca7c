import type { Endpoint } from "../endpoint";

/** The conversations endpoints (being moved here from app/routes/api/). */
export const conversationsEndpoints: Endpoint[] = [];
