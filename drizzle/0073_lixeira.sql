CREATE TABLE "trash_files" (
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"tipo" varchar(8) NOT NULL,
	"conteudo" "bytea" NOT NULL,
	CONSTRAINT "trash_files_item_id_position_pk" PRIMARY KEY("item_id","position")
);
--> statement-breakpoint
CREATE TABLE "trash_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"registro_id" uuid NOT NULL,
	"resumo" varchar(300) NOT NULL,
	"dados" jsonb NOT NULL,
	"arquivo" "bytea",
	"apagado_por" uuid,
	"apagado_em" timestamp with time zone NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trash_files" ADD CONSTRAINT "trash_files_item_id_trash_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."trash_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_apagado_por_users_id_fk" FOREIGN KEY ("apagado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_items_organization_idx" ON "trash_items" USING btree ("organization_id","apagado_em");--> statement-breakpoint
CREATE INDEX "trash_items_expiry_idx" ON "trash_items" USING btree ("expira_em");