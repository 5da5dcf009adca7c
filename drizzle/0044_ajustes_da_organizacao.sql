-- Issue 43: the questionnaire, the termo template and the follow-up days pass from each person to
-- an organisation, as their animals did. A person's go to their own organisation; someone with
-- none (a member who published only for others) gives theirs to the organisations whose animals
-- they take care of, where those have none (the latest saved wins). A row with nowhere to go
-- applied to no animal and is dropped. Adoptions and termos name the organisation they were made
-- for: the application's, else the animal's, else the publisher's own.
INSERT INTO "questionnaires" ("organization_id", "caretaker_id", "perguntas", "updated_at")
SELECT DISTINCT ON ("owner"."organization_id") "owner"."organization_id", "s"."caretaker_id", "s"."perguntas", "s"."updated_at"
FROM "questionnaires" "s"
JOIN (SELECT "own_account_of" AS "user_id", "id" AS "organization_id", 0 AS "rank" FROM "organizations" WHERE "own_account_of" IS NOT NULL
        UNION ALL
        SELECT "m"."user_id", "m"."organization_id", 1 FROM "organization_members" "m"
        WHERE "m"."papel" IN ('administrador', 'equipe')
          AND NOT EXISTS (SELECT 1 FROM "organizations" "o" WHERE "o"."own_account_of" = "m"."user_id")) "owner" ON "owner"."user_id" = "s"."caretaker_id"
WHERE "s"."organization_id" IS NULL
ORDER BY "owner"."organization_id", "owner"."rank", "s"."updated_at" DESC;
--> statement-breakpoint
DELETE FROM "questionnaires" WHERE "organization_id" IS NULL;
--> statement-breakpoint
INSERT INTO "termo_templates" ("organization_id", "caretaker_id", "texto", "updated_at")
SELECT DISTINCT ON ("owner"."organization_id") "owner"."organization_id", "s"."caretaker_id", "s"."texto", "s"."updated_at"
FROM "termo_templates" "s"
JOIN (SELECT "own_account_of" AS "user_id", "id" AS "organization_id", 0 AS "rank" FROM "organizations" WHERE "own_account_of" IS NOT NULL
        UNION ALL
        SELECT "m"."user_id", "m"."organization_id", 1 FROM "organization_members" "m"
        WHERE "m"."papel" IN ('administrador', 'equipe')
          AND NOT EXISTS (SELECT 1 FROM "organizations" "o" WHERE "o"."own_account_of" = "m"."user_id")) "owner" ON "owner"."user_id" = "s"."caretaker_id"
WHERE "s"."organization_id" IS NULL
ORDER BY "owner"."organization_id", "owner"."rank", "s"."updated_at" DESC;
--> statement-breakpoint
DELETE FROM "termo_templates" WHERE "organization_id" IS NULL;
--> statement-breakpoint
INSERT INTO "followup_settings" ("organization_id", "caretaker_id", "checkin_dias", "updated_at")
SELECT DISTINCT ON ("owner"."organization_id") "owner"."organization_id", "s"."caretaker_id", "s"."checkin_dias", "s"."updated_at"
FROM "followup_settings" "s"
JOIN (SELECT "own_account_of" AS "user_id", "id" AS "organization_id", 0 AS "rank" FROM "organizations" WHERE "own_account_of" IS NOT NULL
        UNION ALL
        SELECT "m"."user_id", "m"."organization_id", 1 FROM "organization_members" "m"
        WHERE "m"."papel" IN ('administrador', 'equipe')
          AND NOT EXISTS (SELECT 1 FROM "organizations" "o" WHERE "o"."own_account_of" = "m"."user_id")) "owner" ON "owner"."user_id" = "s"."caretaker_id"
WHERE "s"."organization_id" IS NULL
ORDER BY "owner"."organization_id", "owner"."rank", "s"."updated_at" DESC;
--> statement-breakpoint
DELETE FROM "followup_settings" WHERE "organization_id" IS NULL;
--> statement-breakpoint
UPDATE "termos" SET "organization_id" = COALESCE(
  (SELECT "organization_id" FROM "applications" WHERE "id" = "termos"."application_id"),
  (SELECT "organization_id" FROM "pets" WHERE "id" = "termos"."pet_id"),
  (SELECT "id" FROM "organizations" WHERE "own_account_of" = "termos"."caretaker_id")
);
--> statement-breakpoint
UPDATE "adoptions" SET "organization_id" = COALESCE(
  (SELECT "organization_id" FROM "applications" WHERE "id" = "adoptions"."application_id"),
  (SELECT "organization_id" FROM "pets" WHERE "id" = "adoptions"."pet_id"),
  (SELECT "id" FROM "organizations" WHERE "own_account_of" = "adoptions"."caretaker_id")
);
