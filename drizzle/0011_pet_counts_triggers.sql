-- The age group of AGE_GROUPS (app/lib/pets.ts), in days; a test holds the two together.
CREATE FUNCTION pet_age_group(age_days integer) RETURNS varchar LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN age_days < 365 THEN 'filhote'
    WHEN age_days < 1095 THEN 'jovem'
    WHEN age_days < 2920 THEN 'adulto'
    ELSE 'idoso'
  END
$$;
--> statement-breakpoint
-- What the counts need of a pet.
CREATE TYPE pet_count_row AS (status pet_status, species species, porte pet_size, age_days integer, sexo text, castrado text, uf varchar);
--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) the available pets among `pets`, a cell at a time, in the
-- key's order (two statements at once lock their cells in the same order: no deadlock).
CREATE FUNCTION pet_counts_add(pets pet_count_row[], sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pet_counts AS counts (species, porte, idade, sexo, castrado, uf, n)
  SELECT p.species, p.porte, pet_age_group(p.age_days), coalesce(p.sexo, '-'), coalesce(p.castrado, '-'), p.uf,
    sign * count(*)
  FROM unnest(pets) AS p
  WHERE p.status = 'disponivel'
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (species, porte, idade, sexo, castrado, uf) DO UPDATE SET n = counts.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION pet_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pet_counts_add(ARRAY(SELECT (status, species, porte, age_days, sexo, castrado, uf)::pet_count_row FROM new_rows), 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pet_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pet_counts_add(ARRAY(SELECT (status, species, porte, age_days, sexo, castrado, uf)::pet_count_row FROM old_rows), -1);
  PERFORM pet_counts_add(ARRAY(SELECT (status, species, porte, age_days, sexo, castrado, uf)::pet_count_row FROM new_rows), 1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION pet_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pet_counts_add(ARRAY(SELECT (status, species, porte, age_days, sexo, castrado, uf)::pet_count_row FROM old_rows), -1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pet_counts_insert AFTER INSERT ON pets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pet_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER pet_counts_update AFTER UPDATE ON pets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pet_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER pet_counts_delete AFTER DELETE ON pets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pet_counts_on_delete();
--> statement-breakpoint
INSERT INTO pet_counts (species, porte, idade, sexo, castrado, uf, n)
SELECT species, porte, pet_age_group(age_days), coalesce(sexo::text, '-'), coalesce(castrado::text, '-'), uf, count(*)
FROM pets WHERE status = 'disponivel'
GROUP BY 1, 2, 3, 4, 5, 6;
