CREATE TYPE "public"."castration" AS ENUM('sim', 'nao', 'agendado');--> statement-breakpoint
CREATE TYPE "public"."pet_sex" AS ENUM('macho', 'femea');--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "sexo" "pet_sex";--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "castrado" "castration";--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "castracao_data" date;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "vacinas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "vermifugado" boolean;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "microchip" varchar(15);--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "convive_com" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "necessidades_especiais" varchar(300);--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "historia" varchar(2000);--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "taxa_adocao_centavos" integer;