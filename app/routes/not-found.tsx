import { data, Link } from "react-router";
import { pageMeta } from "~/lib/meta";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return pageMeta(
    "Página não encontrada | Adopet",
    "Esta página não existe. Veja os animais disponíveis para adoção na Adopet.",
  );
}

export default function NotFound() {
  return (
    <section className="message-page">
      <h1 className="message-page__title">Página não encontrada</h1>
      <p>O endereço que você procurou não existe ou foi removido.</p>
      <Link className="button" to="/">
        Voltar ao início
      </Link>
    </section>
  );
}
