CREATE TYPE "public"."account_kind" AS ENUM('pessoa', 'ong');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tipo" "account_kind" DEFAULT 'pessoa' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cnpj" varchar(14);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nome_publico" varchar(80);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_cnpj_idx" ON "users" USING btree ("cnpj");