ALTER TYPE "public"."application_status" ADD VALUE 'devolvida';--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "devolvida_em" timestamp with time zone;