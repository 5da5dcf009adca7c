// Loads more pets into the configured database (DATA_DIR or DATABASE_URL), for
// benchmarks: `npm run seed -- --pets 10000` (a million on PostgreSQL takes minutes). The app must not be running on
// the same embedded database (its lock refuses a second process).
import { parseArgs } from "node:util";
import { SingleBar } from "cli-progress";
import { prepareDatabase } from "~/setup.server";
import { seedManyPets } from "~/demo/seed.server";
import { readEnv } from "~/env.server";

const { values } = parseArgs({ options: { pets: { type: "string", default: "10000" } } });
const total = Number(values.pets);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error("Use --pets com um número inteiro entre 1 e 1.000.000.");
  process.exit(1);
}

const env = readEnv();
const database = await prepareDatabase(env);
const started = performance.now();
const bar = new SingleBar({
  format: "{bar} {percentage}% | {value}/{total} animais | {eta_formatted} restantes",
  barCompleteChar: "█",
  barIncompleteChar: "░",
  hideCursor: true,
  etaBuffer: 50,
});
bar.start(total, 0);
try {
  await seedManyPets(database.db, total, { onProgress: (done) => bar.update(done) });
  bar.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${total} animais carregados em ${seconds} s (${database.location}).`);
} finally {
  await database.close();
}
