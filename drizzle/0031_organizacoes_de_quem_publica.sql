-- Issue 43: everyone who publishes, and every ONG account, becomes the only administrador of an
-- organisation of their own, which takes their animals (and through them the applications,
-- conversations, termos and stories); an ONG keeps its public name, CNPJ and badge there.
INSERT INTO "organizations" ("nome", "cnpj", "cidade", "uf", "cidade_ibge", "sobre", "verified_at", "own_account_of", "created_at")
SELECT
  CASE WHEN "u"."tipo" = 'ong' AND "u"."nome_publico" IS NOT NULL THEN "u"."nome_publico" ELSE "u"."nome" END,
  CASE WHEN "u"."tipo" = 'ong' THEN "u"."cnpj" END,
  "u"."cidade", "u"."uf", "u"."cidade_ibge", "u"."perfil_sobre",
  CASE WHEN "u"."tipo" = 'ong' THEN "u"."verified_at" END,
  "u"."id", "u"."created_at"
FROM "users" "u"
WHERE "u"."tipo" = 'ong' OR EXISTS (SELECT 1 FROM "pets" "p" WHERE "p"."caretaker_id" = "u"."id");
--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "user_id", "papel", "created_at")
SELECT "id", "own_account_of", 'administrador', "created_at" FROM "organizations" WHERE "own_account_of" IS NOT NULL;
--> statement-breakpoint
UPDATE "pets" SET "organization_id" = "o"."id" FROM "organizations" "o" WHERE "o"."own_account_of" = "pets"."caretaker_id";
