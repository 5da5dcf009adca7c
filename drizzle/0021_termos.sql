CREATE TYPE "public"."termo_status" AS ENUM('emitido', 'assinado_adotante', 'assinado', 'cancelado');--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'adotada';--> statement-breakpoint
CREATE TABLE "adoptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"termo_id" uuid,
	"application_id" uuid,
	"pet_id" uuid,
	"adopter_id" uuid,
	"caretaker_id" uuid,
	"adopted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"termo_id" uuid NOT NULL,
	"parte" "application_actor" NOT NULL,
	"user_id" uuid,
	"nome_completo" varchar(120) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(500) NOT NULL,
	"texto_sha256" varchar(64) NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_templates" (
	"caretaker_id" uuid PRIMARY KEY NOT NULL,
	"texto" varchar(20000) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"pet_id" uuid,
	"adopter_id" uuid,
	"caretaker_id" uuid,
	"status" "termo_status" DEFAULT 'emitido' NOT NULL,
	"modelo" text NOT NULL,
	"pet_nome" varchar(20) NOT NULL,
	"responsavel_nome" varchar(80) NOT NULL,
	"prazo_castracao" date,
	"dados_adotante" "bytea",
	"texto_sha256" varchar(64),
	"codigo" varchar(16),
	"pdf" "bytea",
	"pdf_sha256" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_termo_id_termos_id_fk" FOREIGN KEY ("termo_id") REFERENCES "public"."termos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_adopter_id_users_id_fk" FOREIGN KEY ("adopter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_signatures" ADD CONSTRAINT "termo_signatures_termo_id_termos_id_fk" FOREIGN KEY ("termo_id") REFERENCES "public"."termos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_signatures" ADD CONSTRAINT "termo_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_templates" ADD CONSTRAINT "termo_templates_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termos" ADD CONSTRAINT "termos_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termos" ADD CONSTRAINT "termos_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termos" ADD CONSTRAINT "termos_adopter_id_users_id_fk" FOREIGN KEY ("adopter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termos" ADD CONSTRAINT "termos_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adoptions_termo_idx" ON "adoptions" USING btree ("termo_id");--> statement-breakpoint
CREATE INDEX "adoptions_adopter_idx" ON "adoptions" USING btree ("adopter_id");--> statement-breakpoint
CREATE INDEX "adoptions_caretaker_idx" ON "adoptions" USING btree ("caretaker_id","adopted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_signatures_party_idx" ON "termo_signatures" USING btree ("termo_id","parte");--> statement-breakpoint
CREATE UNIQUE INDEX "termos_application_idx" ON "termos" USING btree ("application_id") WHERE "termos"."status" <> 'cancelado';--> statement-breakpoint
CREATE UNIQUE INDEX "termos_codigo_idx" ON "termos" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "termos_pdf_idx" ON "termos" USING btree ("pdf_sha256");--> statement-breakpoint
CREATE INDEX "termos_adopter_idx" ON "termos" USING btree ("adopter_id");--> statement-breakpoint
CREATE INDEX "termos_caretaker_idx" ON "termos" USING btree ("caretaker_id");