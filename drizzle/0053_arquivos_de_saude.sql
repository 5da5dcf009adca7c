CREATE TABLE "pet_health_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"tipo" varchar(8) NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet_health_files" ADD CONSTRAINT "pet_health_files_entry_id_pet_health_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."pet_health_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pet_health_files_entry_idx" ON "pet_health_files" USING btree ("entry_id","position");