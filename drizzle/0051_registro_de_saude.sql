CREATE TYPE "public"."health_entry_type" AS ENUM('vacina', 'vermifugo', 'antipulgas', 'castracao', 'exame', 'consulta', 'medicamento', 'peso');--> statement-breakpoint
CREATE TYPE "public"."health_role" AS ENUM('equipe', 'lar_temporario', 'adotante');--> statement-breakpoint
CREATE TABLE "pet_health_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"tipo" "health_entry_type" NOT NULL,
	"data" date NOT NULL,
	"nome" varchar(80),
	"produto" varchar(80),
	"lote" varchar(40),
	"proxima_dose" date,
	"clinica" varchar(120),
	"resultado" varchar(300),
	"motivo" varchar(300),
	"dose" varchar(80),
	"horarios" text[] DEFAULT '{}'::text[] NOT NULL,
	"ate" date,
	"gramas" integer,
	"observacoes" varchar(500),
	"author_id" uuid,
	"autor_papel" "health_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "fiv_felv_negativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_health_entries" ADD CONSTRAINT "pet_health_entries_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_health_entries" ADD CONSTRAINT "pet_health_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_health_entries_pet_idx" ON "pet_health_entries" USING btree ("pet_id","data");--> statement-breakpoint
CREATE INDEX "pet_health_entries_next_dose_idx" ON "pet_health_entries" USING btree ("proxima_dose") WHERE "pet_health_entries"."proxima_dose" is not null;--> statement-breakpoint
CREATE INDEX "pet_health_entries_author_idx" ON "pet_health_entries" USING btree ("author_id");