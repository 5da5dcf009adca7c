// Before the end-to-end suite's server starts (playwright.config.ts): its database, with the demo
// data, and an operator made as a real site makes one: an account, then what `npm run operador --
// adicionar` does. No demo account is an operator (their passwords are published); this one's
// password is drawn for the run and handed to the tests by the environment.
import { createUser } from "./factories";
import { setOperator } from "~/domain/moderation/operators.server";
import { readEnv } from "~/env.server";
import { prepareDatabase } from "~/setup.server";

const email = process.env.ADOPET_E2E_OPERATOR_EMAIL;
const senha = process.env.ADOPET_E2E_OPERATOR_SENHA;
if (!email || !senha) throw new Error("ADOPET_E2E_OPERATOR_EMAIL e ADOPET_E2E_OPERATOR_SENHA são necessários.");

const database = await prepareDatabase(readEnv(), (line) => console.log(line));
try {
  await createUser(database.db, { email, senha, nome: "Otávio Moderador" });
  const made = await setOperator(database.db, email, true);
  if (!made.ok) throw new Error(`Operador não criado: ${made.failure.kind}`);
  console.log(`${made.value.nome} agora é operador(a) da Adopet.`);
} finally {
  await database.close();
}
