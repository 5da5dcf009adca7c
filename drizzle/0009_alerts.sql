CREATE TYPE "public"."alert_frequency" AS ENUM('diaria', 'imediata');--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"frequencia" "alert_frequency" DEFAULT 'diaria' NOT NULL,
	"filtros" jsonb NOT NULL,
	"especie" "species",
	"porte" "pet_size",
	"idade" varchar(10),
	"uf" varchar(2),
	"cidade_busca" varchar(50),
	"sexo" "pet_sex",
	"castrado" "castration",
	"convive_com" text[],
	"busca" varchar(100),
	"perto_ibge" integer,
	"raio_km" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_until" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_keys" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_perto_ibge_cities_codigo_fk" FOREIGN KEY ("perto_ibge") REFERENCES "public"."cities"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");