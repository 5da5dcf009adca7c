CREATE TABLE "lost_found_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"perdido_id" uuid NOT NULL,
	"encontrado_id" uuid NOT NULL,
	"pontos" smallint NOT NULL,
	"distancia_km" double precision NOT NULL,
	"avisado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lost_found_photos" (
	"report_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_id" uuid NOT NULL,
	"hash" varchar(16) NOT NULL,
	CONSTRAINT "lost_found_photos_report_id_position_pk" PRIMARY KEY("report_id","position")
);
--> statement-breakpoint
CREATE TABLE "lost_found_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"status" varchar(12) DEFAULT 'aberto' NOT NULL,
	"especie" varchar(10) NOT NULL,
	"porte" varchar(12) NOT NULL,
	"sexo" varchar(6),
	"cores" varchar(12)[] NOT NULL,
	"nome" varchar(60),
	"data" date NOT NULL,
	"cidade_ibge" integer NOT NULL,
	"bairro" varchar(60),
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"ponto_no_mapa" boolean DEFAULT false NOT NULL,
	"descricao" varchar(1000),
	"final_feliz" varchar(1000),
	"expira_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lost_found_matches" ADD CONSTRAINT "lost_found_matches_perdido_id_lost_found_reports_id_fk" FOREIGN KEY ("perdido_id") REFERENCES "public"."lost_found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_matches" ADD CONSTRAINT "lost_found_matches_encontrado_id_lost_found_reports_id_fk" FOREIGN KEY ("encontrado_id") REFERENCES "public"."lost_found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_photos" ADD CONSTRAINT "lost_found_photos_report_id_lost_found_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lost_found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_photos" ADD CONSTRAINT "lost_found_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_reports" ADD CONSTRAINT "lost_found_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_reports" ADD CONSTRAINT "lost_found_reports_cidade_ibge_cities_codigo_fk" FOREIGN KEY ("cidade_ibge") REFERENCES "public"."cities"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_found_matches_pair_idx" ON "lost_found_matches" USING btree ("perdido_id","encontrado_id");--> statement-breakpoint
CREATE INDEX "lost_found_matches_found_idx" ON "lost_found_matches" USING btree ("encontrado_id");--> statement-breakpoint
CREATE INDEX "lost_found_open_idx" ON "lost_found_reports" USING btree ("especie","tipo","data") WHERE "lost_found_reports"."status" = 'aberto';--> statement-breakpoint
CREATE INDEX "lost_found_author_idx" ON "lost_found_reports" USING btree ("author_id");