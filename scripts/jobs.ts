// The operator's view of the job queue: `npm run jobs -- falhas` lists the jobs that failed
// for good (with their reason), `npm run jobs -- repetir <id>` runs one again. On the embedded
// database, stop the app first (one process per data directory); on PostgreSQL, any time.
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { readEnv } from "~/env.server";
import { startJobQueue } from "~/jobs/queue.server";
import { isId } from "~/lib/ids";

const USAGE = "Uso: npm run jobs -- falhas [--limite N]  |  npm run jobs -- repetir <id>";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { limite: { type: "string", default: "50" } },
});
const [command, id] = positionals;
const limit = Number(values.limite);
if (
  !(command === "falhas" && positionals.length === 1 && Number.isInteger(limit) && limit > 0) &&
  !(command === "repetir" && positionals.length === 2 && isId(id))
) {
  console.error(USAGE);
  process.exit(2);
}

const env = readEnv();
let database;
try {
  database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, preparedStatements: env.preparedStatements });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const queue = await startJobQueue(database, [], { work: false });
try {
  if (command === "falhas") {
    const failed = await queue.failed(limit);
    if (failed.length === 0) console.log("Nenhuma tarefa falhou.");
    for (const job of failed) {
      console.log(`${job.failedAt.toISOString()}  ${job.name}  ${job.attempts} tentativa(s)  ${job.id}`);
      console.log(`    ${job.error}`);
    }
    if (failed.length > 0) console.log(`\nPara repetir uma: npm run jobs -- repetir <id>`);
  } else if (await queue.retry(id!)) {
    console.log(`Tarefa ${id} será executada de novo.`);
  } else {
    console.error(`Nenhuma tarefa com o id ${id}.`);
    process.exitCode = 1;
  }
} finally {
  await queue.stop();
  await database.close();
}
