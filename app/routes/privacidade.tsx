import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/privacidade";
import { pageMeta } from "~/lib/meta";
import { REPORTS_KEPT_DAYS } from "~/lib/reports";

/** The installation's contact and retention, from its configuration (PRIVACY_CONTACT, APPLICATION_RETENTION_DAYS). */
export function loader({ context }: Route.LoaderArgs) {
  return context.privacy;
}

export function meta() {
  return pageMeta(
    "Política de privacidade | Adopet",
    "Quais dados a Adopet guarda, por quê, por quanto tempo, e como exercer os seus direitos (LGPD).",
  );
}

/** LGPD (Lei 13.709/2018): who controls the data, what is kept and why, for how long, the rights. */
export default function Privacidade() {
  const { contact, applicationRetentionDays } = useLoaderData<typeof loader>();
  return (
    <article className="legal">
      <h1 className="legal__title">Política de privacidade</h1>
      <p>
        A Adopet é um programa de código aberto que ONGs, protetores e prefeituras instalam para divulgar animais para
        adoção. Quem mantém esta instalação é o controlador dos dados pessoais nela guardados, nos termos da Lei Geral
        de Proteção de Dados (Lei 13.709/2018).
      </p>

      <h2 className="legal__subtitle">Contato</h2>
      {contact ? (
        <p>
          Para falar sobre os seus dados pessoais, escreva para: <strong className="legal__contact">{contact}</strong>
        </p>
      ) : (
        <p>Quem mantém esta instalação ainda não informou um contato para assuntos de privacidade.</p>
      )}

      <h2 className="legal__subtitle">Que dados guardamos, por quê e por quanto tempo</h2>
      <dl className="legal__list">
        <div>
          <dt>Conta</dt>
          <dd>
            E-mail, nome e senha (guardada só como um resumo criptográfico, nunca a própria senha), para você entrar;
            telefone, cidade, foto e o texto “sobre”, que você escolhe informar no perfil. Guardados até você excluir a
            conta.
          </dd>
        </div>
        <div>
          <dt>Animais publicados</dt>
          <dd>
            Os dados e as fotos dos animais, públicos enquanto estão disponíveis para adoção. Guardados até você
            removê-los ou excluir a conta.
          </dd>
        </div>
        <div>
          <dt>Mensagens</dt>
          <dd>
            O nome, o telefone e o texto de quem escreve sobre um animal sem ter conta, mostrados só a quem cuida dele,
            para que possa responder. Guardados até a conta de quem recebeu ser excluída. Quem escreve com a conta
            aberta entra numa conversa (abaixo), e o seu telefone não é mostrado.
          </dd>
        </div>
        <div>
          <dt>Conversas</dt>
          <dd>
            As mensagens trocadas entre quem se candidata a adotar e a organização que cuida do animal, vistas só por
            quem se candidatou e pelos administradores e pela equipe da organização, com a data e se já foram lidas. Uma
            mensagem não lida em 10 minutos é enviada por e-mail a quem deve lê-la. Guardadas até a conta de quem se
            candidatou ser excluída, ou até o animal sair da Adopet com a conta de quem o publicou: a conversa sai para
            os dois lados. Quando alguém da equipe exclui a conta, o que escreveu pela organização fica na conversa, sem
            o seu nome. O telefone do seu perfil só aparece para a outra pessoa, como link para o WhatsApp, se você
            escolher compartilhar nessa conversa, e deixa de aparecer quando você para. Se você denunciar uma conversa,
            a moderação da Adopet lê as últimas mensagens dela.
          </dd>
        </div>
        <div>
          <dt>Bloqueios</dt>
          <dd>
            Quem você bloqueou, para recusar os contatos dessa pessoa. De um visitante bloqueado guardamos o nome que
            ele informou, os últimos 4 dígitos do telefone (para você reconhecer) e, no lugar do número, um código
            calculado com uma chave secreta da Adopet, que serve para reconhecer o mesmo número de novo. Guardados até
            você desbloquear ou excluir a sua conta.
          </dd>
        </div>
        <div>
          <dt>Lar temporário</dt>
          <dd>
            A sua oferta de lar temporário: cidade, quais animais e quantos você pode receber, até quando, se há outros
            animais, crianças e telas na casa, e as suas observações. Só administradores e equipe de organizações a até
            50 km a encontram, com o seu primeiro nome, a cidade e o que você oferece; nunca o sobrenome, o telefone, o
            e-mail ou o endereço. Guardada até você retirá-la ou excluir a conta; pausada, ninguém a encontra. Se uma
            organização convidar você, o convite vai para o seu e-mail sem que ela o veja; ao aceitar, você entra na
            equipe como lar temporário, e administradores e equipe passam a ver o seu nome, e-mail e telefone.
          </dd>
        </div>
        <div>
          <dt>Animais no seu lar temporário</dt>
          <dd>
            Que animal ficou com você e quando (chegada, fim previsto, volta), visto só pela equipe da organização; a
            página do animal diz só que ele está em um lar temporário, nunca onde. As notícias que você envia (texto e
            fotos, sem os metadados das fotos) ficam com o animal: só a equipe e você as veem até a equipe publicar, e
            publicadas aparecem na página dele e vão por e-mail para quem o marcou como favorito. Ao excluir a conta, as
            estadias terminam e as notícias publicadas continuam, sem o seu nome. Se a equipe marcar na sua casa a
            visita de quem quer adotar o animal, você vê o primeiro nome dessa pessoa e o dia; ela sabe só que a visita
            é no lar temporário, e o endereço quem passa é a equipe.
          </dd>
        </div>
        <div>
          <dt>Candidaturas de adoção</dt>
          <dd>
            As respostas ao questionário, vistas só por quem se candidatou e por quem cuida do animal, com o histórico
            da candidatura e as notas de quem cuida. As respostas de candidaturas encerradas (recusadas, desistidas, ou
            de um animal já adotado ou removido) são apagadas {applicationRetentionDays} dias depois do encerramento; a
            candidatura aprovada de um animal adotado fica como registro da adoção. Se a visita for no lar temporário
            onde o animal está, quem o acolhe vê o seu primeiro nome e o dia da visita, e nada mais.
          </dd>
        </div>
        <div>
          <dt>Termo de adoção</dt>
          <dd>
            O texto assinado, o CPF, o endereço e o CEP de quem adota, e de cada assinatura o nome digitado, a data e a
            hora, o endereço de conexão, o navegador e o resumo criptográfico (SHA-256) do texto, que são a prova da
            assinatura eletrônica (Lei nº 14.063/2020). O CPF, o endereço e o PDF assinado ficam criptografados e são
            vistos só por quem adota e por quem cuidava do animal; quem confere um termo em “Verificar um termo” vê só
            os nomes e as datas. Como o termo é um contrato, ele é guardado por 10 anos depois da assinatura (prazo do
            art. 205 do Código Civil para reclamar o que foi combinado), mesmo que alguma das contas seja excluída, e
            depois apagado; um termo cancelado antes das duas assinaturas é apagado {applicationRetentionDays} dias
            depois.
          </dd>
        </div>
        <div>
          <dt>Acompanhamento depois da adoção</dt>
          <dd>
            As notícias e fotos que quem adotou manda nos acompanhamentos, e a data da castração com a foto do atestado,
            vistas só por quem adotou e por quem cuidava do animal. Apagadas quando a conta de quem adotou é excluída. A
            devolução do animal, com o motivo, fica no histórico da candidatura.
          </dd>
        </div>
        <div>
          <dt>Finais felizes</dt>
          <dd>
            A história e a foto que quem adotou decide contar. Até quem cuidava do animal aprovar, só as duas partes as
            veem; publicadas, aparecem em “Finais felizes” e na página de quem cuidava do animal, assinadas só pelo
            primeiro nome de quem adotou. Saem do ar e são apagadas quando quem adotou as retira, quando o animal é
            devolvido ou quando a conta de quem adotou é excluída.
          </dd>
        </div>
        <div>
          <dt>Favoritos e alertas</dt>
          <dd>Os animais que você marcou e as buscas que pediu para receber por e-mail, até você os excluir.</dd>
        </div>
        <div>
          <dt>Denúncias e moderação</dt>
          <dd>
            O que foi denunciado, o motivo e o texto da denúncia, e quem denunciou (a conta, ou um resumo criptográfico
            do endereço de conexão de quem não tem conta, nunca o próprio endereço), vistos só pela equipe de moderação.
            Quem foi denunciado nunca sabe quem denunciou. Apagados {REPORTS_KEPT_DAYS} dias depois da decisão; as
            decisões da moderação (quem decidiu, o quê, quando e por quê) ficam num registro que ninguém pode alterar.
          </dd>
        </div>
        <div>
          <dt>Segurança</dt>
          <dd>
            Sessões de login (30 dias sem uso), aparelhos e endereços de onde você já entrou (90 dias sem uso), links
            para criar uma nova senha (válidos por 1 hora, esquecidos um dia depois) e contadores de tentativas, que
            protegem a sua conta contra abusos e expiram sozinhos.
          </dd>
        </div>
      </dl>
      <p>
        Telefone, e-mail e endereço nunca aparecem em páginas públicas nem nos registros do servidor. A Adopet não vende
        nem compartilha dados pessoais; os e-mails que ela envia (avisos de mensagens, candidaturas, alertas) saem pelo
        servidor de e-mail desta instalação.
      </p>

      <h2 className="legal__subtitle">Os seus direitos</h2>
      <ul className="legal__rights">
        <li>
          <strong>Acesso e portabilidade:</strong> baixe tudo o que guardamos sobre você em{" "}
          <Link to="/perfil/dados" reloadDocument>
            Baixar meus dados
          </Link>
          , um arquivo JSON.
        </li>
        <li>
          <strong>Correção:</strong> mude os seus dados em <Link to="/perfil">Meu perfil</Link> e os dos seus animais em{" "}
          <Link to="/meus-pets">Meus animais</Link>.
        </li>
        <li>
          <strong>Exclusão:</strong> exclua a sua conta e os dados ligados a ela em{" "}
          <Link to="/perfil/excluir">Excluir conta</Link> (os termos de adoção assinados ficam pelo prazo legal dito
          acima).
        </li>
        <li>
          <strong>Informação, revogação e reclamação:</strong> fale com o contato acima; você também pode reclamar à
          Autoridade Nacional de Proteção de Dados (ANPD).
        </li>
      </ul>
      <p className="legal__more">
        Veja também os <Link to="/termos-de-uso">Termos de uso</Link>.
      </p>
    </article>
  );
}
