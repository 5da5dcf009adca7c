// Grants or removes the operator role (issue 22): `npm run operador -- adicionar <email>` /
// `npm run operador -- remover <email>`. Nothing in the web interface can grant it. On the
// embedded database, stop the app first (one process per data directory).
import { openDatabase } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { setOperator } from "~/domain/moderation/operators.server";
import { readEnv } from "~/env.server";

const USAGE = "Uso: npm run operador -- adicionar <email>  |  npm run operador -- remover <email>";
const [command, email, ...rest] = process.argv.slice(2);
if ((command !== "adicionar" && command !== "remover") || !email || rest.length > 0) {
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
try {
  // A fresh installation: its first operator may come before its first start.
  await migrate(database.db);
  const done = await setOperator(database.db, email, command === "adicionar");
  if (!done.ok) {
    console.error(`Nenhuma conta com o e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(
      command === "adicionar"
        ? `${done.value.nome} agora é operador(a) da Adopet.`
        : `${done.value.nome} não é mais operador(a) da Adopet.`,
    );
  }
} finally {
  await database.close();
}
