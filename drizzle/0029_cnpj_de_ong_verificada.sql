DROP INDEX "users_cnpj_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_cnpj_verified_idx" ON "users" USING btree ("cnpj") WHERE "users"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "users_cnpj_idx" ON "users" USING btree ("cnpj");