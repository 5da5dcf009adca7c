-- pet_status gains `oculto` here; as this migration runs in one transaction, the value is first used by later ones.
CREATE TYPE "public"."hidden_by" AS ENUM('denuncias', 'operador', 'conta_suspensa');--> statement-breakpoint
CREATE TYPE "public"."report_category" AS ENUM('maus_tratos', 'venda_ou_golpe', 'anuncio_falso', 'conteudo_improprio', 'outro');--> statement-breakpoint
CREATE TYPE "public"."report_target" AS ENUM('pet', 'usuario', 'conversa');--> statement-breakpoint
ALTER TYPE "public"."pet_status" ADD VALUE 'oculto';--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alvo_tipo" "report_target" NOT NULL,
	"alvo_id" uuid NOT NULL,
	"categoria" "report_category" NOT NULL,
	"texto" varchar(1000) NOT NULL,
	"reporter_id" uuid,
	"reporter_key" varchar(64) NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolucao" varchar(40)
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "hidden_by" "hidden_by";--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "status_before_hidden" "pet_status";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("alvo_tipo","alvo_id") WHERE "reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reports_resolved_idx" ON "reports" USING btree ("resolved_at") WHERE "reports"."resolved_at" is not null;