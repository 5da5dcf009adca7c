import { Link } from "react-router";
import { DogAndCat, Logo } from "~/components/art";
import { TITLE_FONT } from "~/fonts";
import type { PageHandle } from "~/lib/page-handle";

export const links = () => [TITLE_FONT];

// Text and two links: nothing here needs the app's scripts, and a phone's first visit
// should not wait for them.
export const handle: PageHandle = { scripts: false };

export function meta() {
  return [
    { title: "Adopet | Boas-vindas!" },
    { name: "description", content: "Adotar pode mudar uma vida. Encontre seu novo melhor amigo na Adopet." },
  ];
}

export default function Welcome() {
  return (
    <section className="welcome">
      <Logo className="welcome__logo" />
      <h1 className="welcome__title">Boas-vindas!</h1>
      <p className="welcome__text welcome__text--short">
        Que tal mudar sua vida adotando seu novo melhor amigo? Vem com a gente!
      </p>
      <p className="welcome__text welcome__text--long">
        Adotar pode mudar uma vida. Que tal buscar seu novo melhor amigo hoje? Vem com a gente!
      </p>
      <div className="welcome__actions">
        <Link className="button" to="/login">
          Já tenho conta
        </Link>
        <Link className="button" to="/cadastro">
          Quero me cadastrar
        </Link>
      </div>
      <DogAndCat className="welcome__art" />
    </section>
  );
}
