import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta("Termos de uso | Adopet", "As regras para usar a Adopet: adoção responsável, sem venda de animais.");
}

/** The rules of the site, in plain Portuguese. */
export default function TermosDeUso() {
  return (
    <article className="legal">
      <h1 className="legal__title">Termos de uso</h1>
      <p>
        A Adopet aproxima quem quer adotar de quem cuida de animais à espera de um lar. Ao criar uma conta, você
        concorda com estas regras.
      </p>

      <h2 className="legal__subtitle">Adoção, não venda</h2>
      <p>
        Na Adopet não se vende animal. Quem cuida pode pedir uma taxa de adoção, informada no campo próprio, para cobrir
        vacinas, castração e cuidados; anúncios que oferecem animais à venda são recusados.
      </p>

      <h2 className="legal__subtitle">Anúncios verdadeiros</h2>
      <p>
        Publique só animais que estão sob os seus cuidados, com fotos e informações verdadeiras (idade, saúde,
        castração, vacinas), e marque-os como adotados quando encontrarem um lar.
      </p>

      <h2 className="legal__subtitle">Respeito e segurança</h2>
      <p>
        Trate com respeito quem escreve e quem se candidata. Use os dados de contato que receber só para a adoção. Quem
        cuida do animal decide as adoções e pode recusar uma candidatura, dizendo o motivo.
      </p>

      <h2 className="legal__subtitle">Maus-tratos são crime</h2>
      <p>
        Praticar abuso ou maus-tratos contra animais é crime (Lei 9.605/1998, art. 32), com pena maior quando se trata
        de cães e gatos (Lei 14.064/2020). Numa emergência, ligue 190; denuncie também à polícia, a uma delegacia de
        proteção animal ou ao Ministério Público.
      </p>

      <h2 className="legal__subtitle">Contas e anúncios</h2>
      <p>
        Quem mantém esta instalação pode remover anúncios e contas que descumpram estes termos. Você pode excluir a sua
        conta quando quiser; veja na <Link to="/privacidade">Política de privacidade</Link> o que acontece com os seus
        dados.
      </p>
    </article>
  );
}
