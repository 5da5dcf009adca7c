CREATE TYPE "public"."application_actor" AS ENUM('adotante', 'responsavel');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('nova', 'em_analise', 'entrevista', 'visita', 'aprovada', 'recusada', 'desistiu', 'em_espera');--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" "application_status" NOT NULL,
	"actor" "application_actor" NOT NULL,
	"motivo" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"texto" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"adopter_id" uuid NOT NULL,
	"caretaker_id" uuid NOT NULL,
	"status" "application_status" DEFAULT 'nova' NOT NULL,
	"perguntas" jsonb,
	"respostas" jsonb,
	"motivo" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers_erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"caretaker_id" uuid PRIMARY KEY NOT NULL,
	"perguntas" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "reserved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_adopter_id_users_id_fk" FOREIGN KEY ("adopter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_idx" ON "applications" USING btree ("pet_id","adopter_id") WHERE "applications"."status" not in ('recusada', 'desistiu');--> statement-breakpoint
CREATE UNIQUE INDEX "applications_approved_idx" ON "applications" USING btree ("pet_id") WHERE "applications"."status" = 'aprovada';--> statement-breakpoint
CREATE INDEX "applications_caretaker_idx" ON "applications" USING btree ("caretaker_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("caretaker_id","status");--> statement-breakpoint
CREATE INDEX "applications_adopter_idx" ON "applications" USING btree ("adopter_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_pet_idx" ON "applications" USING btree ("pet_id","status");--> statement-breakpoint
CREATE INDEX "applications_closed_idx" ON "applications" USING btree ("updated_at") WHERE "applications"."respostas" is not null;