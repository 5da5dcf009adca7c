CREATE TABLE "pet_counts" (
	"species" "species" NOT NULL,
	"porte" "pet_size" NOT NULL,
	"idade" varchar(10) NOT NULL,
	"sexo" varchar(6) NOT NULL,
	"castrado" varchar(8) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "pet_counts_species_porte_idade_sexo_castrado_uf_pk" PRIMARY KEY("species","porte","idade","sexo","castrado","uf")
);
