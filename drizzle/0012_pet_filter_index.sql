-- The feed filtered by species, with the other plain filters in the index itself, so that a
-- narrow search (old large female cats) reads a page off the index without visiting the
-- table. Written by hand: drizzle's schema cannot say INCLUDE (see pets in app/db/schema.ts).
CREATE INDEX "pets_species_feed_idx" ON "pets" ("status", "species", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST)
  INCLUDE ("porte", "age_days", "sexo", "castrado");
