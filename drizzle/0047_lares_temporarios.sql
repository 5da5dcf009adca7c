CREATE TYPE "public"."foster_species" AS ENUM('cao', 'gato');--> statement-breakpoint
CREATE TABLE "foster_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cidade" varchar(50) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"cidade_ibge" integer NOT NULL,
	"especies" "foster_species"[] NOT NULL,
	"portes" "pet_size"[] NOT NULL,
	"quantos" smallint NOT NULL,
	"disponivel_ate" date,
	"tem_animais" boolean NOT NULL,
	"tem_criancas" boolean NOT NULL,
	"tela_nas_janelas" boolean NOT NULL,
	"observacoes" varchar(500),
	"pausado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foster_offers" ADD CONSTRAINT "foster_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_offers" ADD CONSTRAINT "foster_offers_cidade_ibge_cities_codigo_fk" FOREIGN KEY ("cidade_ibge") REFERENCES "public"."cities"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "foster_offers_user_idx" ON "foster_offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "foster_offers_city_idx" ON "foster_offers" USING btree ("cidade_ibge");