import type { Env } from "~/env.server";
import { openDatabase, type Database, type OpenOptions } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { seedDemoData, type DemoOptions } from "~/demo/seed.server";
import { logger } from "~/services/log.server";

/** Opens the database, applies pending migrations and, when asked, loads the demo data. */
export async function prepareDatabase(
  env: Pick<Env, "databaseUrl" | "dataDir" | "demoData">,
  log: (line: string) => void = (line) => logger.info(line),
  onLockCompromised?: (error: Error) => void,
  tuneEmbedded?: OpenOptions["tuneEmbedded"],
  /** What the demo data's signed termo needs (DEMO_DATA). */
  demo?: DemoOptions,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    onLockCompromised,
    tuneEmbedded,
  });
  try {
    const migrations = await migrate(database.db);
    log(
      `Banco de dados (${database.kind === "pglite" ? "embutido" : "PostgreSQL"}) em ${database.location}: ` +
        `${migrations.applied.length} migração(ões) aplicada(s), ${migrations.alreadyApplied} já existente(s).`,
    );
    if (env.demoData && demo === undefined)
      throw new Error("DEMO_DATA pede a chave de criptografia (prepareDatabase).");
    if (env.demoData && demo && (await seedDemoData(database.db, demo))) {
      log("Dados de demonstração carregados (ver README para o login da ONG de exemplo).");
    }
    // In the background: the statistics on disk serve until then.
    void database.refreshStatistics();
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
