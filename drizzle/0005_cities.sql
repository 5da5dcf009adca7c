CREATE TABLE "cities" (
	"codigo" integer PRIMARY KEY NOT NULL,
	"nome" varchar(40) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"nome_busca" varchar(40) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"capital" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "cidade_ibge" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cidade_ibge" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_cidade_ibge_cities_codigo_fk" FOREIGN KEY ("cidade_ibge") REFERENCES "public"."cities"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cidade_ibge_cities_codigo_fk" FOREIGN KEY ("cidade_ibge") REFERENCES "public"."cities"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pets_place_feed_idx" ON "pets" USING btree ("status","cidade_ibge","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);