/** The foster network (issue 44): what an offer of a home holds, shared by the pages and the API. */

/** The species a foster home takes: dogs and cats (the rescue Adopet serves). */
export const FOSTER_SPECIES = ["cao", "gato"] as const;
export type FosterSpecies = (typeof FOSTER_SPECIES)[number];

/** How many animals at once, at most: a home, not a shelter. */
export const FOSTER_MAX_ANIMALS = 10;
export const FOSTER_NOTES_MAX = 500;

/** How far from the animal an organisation looks for homes, by default and at most (km). */
export const FOSTER_RADIUS_KM = 50;

/** How urgently an animal needs a foster home: `urgente` ones are listed first. */
export const FOSTER_URGENCIES = ["urgente", "normal"] as const;
export type FosterUrgency = (typeof FOSTER_URGENCIES)[number];
