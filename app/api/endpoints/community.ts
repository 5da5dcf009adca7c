import type { Endpoint } from "../endpoint";

/** The community endpoints (being moved here from app/routes/api/). */
export const communityEndpoints: Endpoint[] = [];
