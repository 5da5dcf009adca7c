import type { Env } from "~/env.server";
import { openDatabase, type Database, type OpenOptions } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { hasDemoAccounts, seedDemoData, type DemoOptions } from "~/demo/seed.server";
import { recalculateNextDoses } from "~/domain/health/records.server";
import { defaultPublicUrl } from "~/lib/public-url";
import { openVault } from "~/services/vault.server";
import { logger } from "~/lib/log.server";

/** The demo's signed termo is sealed with the app's key, and its PDF names the site's address. */
function demoOptions(env: DemoEnv): DemoOptions {
  return {
    vault: openVault({ key: env.dataEncryptionKey, dataDir: env.dataDir, embedded: !env.databaseUrl }),
    publicUrl: env.publicUrl ?? defaultPublicUrl(env.host, env.port),
  };
}

type DemoEnv = Pick<Env, "databaseUrl" | "dataDir" | "dataEncryptionKey" | "publicUrl" | "host" | "port"> &
  Partial<Pick<Env, "publicSite">>;

type PrepareOptions = Pick<OpenOptions, "onLockCompromised" | "tuneEmbedded"> & {
  /** Told as each step ends, for the start's timings (server/startup-clock.ts). */
  lap?: (step: "database" | "migrations" | "demo") => void;
};

/** Opens the database, applies pending migrations and, when asked, loads the demo data. */
export async function prepareDatabase(
  env: Pick<Env, "databaseUrl" | "dataDir" | "demoData"> & Partial<Pick<Env, "preparedStatements">> & DemoEnv,
  log: (line: string) => void = (line) => logger.info(line),
  { onLockCompromised, tuneEmbedded, lap = () => undefined }: PrepareOptions = {},
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    preparedStatements: env.preparedStatements,
    onLockCompromised,
    tuneEmbedded,
  });
  lap("database");
  try {
    const migrations = await migrate(database.db);
    lap("migrations");
    log(
      `Banco de dados (${database.kind === "pglite" ? "embutido" : "PostgreSQL"}) em ${database.location}: ` +
        `${migrations.applied.length} migração(ões) aplicada(s), ${migrations.alreadyApplied} já existente(s).`,
    );
    const recalculated = await recalculateNextDoses(database.db);
    if (recalculated > 0) log(`Próxima dose calculada de novo para ${recalculated} animal(is).`);
    if (env.demoData && (await seedDemoData(database.db, demoOptions(env)))) {
      log("Dados de demonstração carregados (ver README para o login da ONG de exemplo).");
      lap("demo");
    }
    // Every start, as long as it holds: accounts anyone may sign in to, on a site others reach.
    if (env.publicSite && (env.demoData || (await hasDemoAccounts(database.db)))) {
      logger.warn(
        `ATENÇÃO: dados de demonstração num site público (PUBLIC_URL=${env.publicUrl}): as senhas das contas ` +
          "de demonstração estão publicadas no README e qualquer pessoa pode entrar nelas. Para um site de " +
          "verdade, desligue DEMO_DATA e comece com um banco de dados vazio.",
      );
    }
    // In the background: the statistics on disk serve until then.
    void database.refreshStatistics();
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
