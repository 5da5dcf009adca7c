import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

export const sponsorshipMonthSubject = (pet: string) => `Seu Pix do mês para ${pet}`;

export type SponsorshipMonthProps = {
  /** The padrinho's first name. */
  nome: string;
  pet: string;
  organizacao: string;
  /** "R$ 30,00". */
  valor: string;
  /** The month's code, to paste in the bank's app. */
  brCode: string;
  /** The receiver's name and city, to check in the bank's app. */
  recebedor: string;
  /** Their sponsorships' page, with the QR code. */
  pageUrl: string;
  /** One click to stop (signed link). */
  stopUrl: string;
};

/** To a padrinho, on their day each month (issue 46): the month's Pix code. */
export function SponsorshipMonthEmail(props: SponsorshipMonthProps) {
  const { nome, pet, organizacao, valor, brCode, recebedor, pageUrl, stopUrl } = props;
  return (
    <EmailLayout preview={`O Pix de ${valor} para ${pet} deste mês.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {sponsorshipMonthSubject(pet)}
      </Heading>
      <Text>{`Olá, ${nome}! Obrigado por apadrinhar ${pet}. Este é o código Pix de ${valor} deste mês, que vai direto para ${organizacao}.`}</Text>
      <Text style={{ fontWeight: 600, margin: "16px 0 4px" }}>Pix copia e cola</Text>
      {/* A pre block: the plain-text part keeps the code on one line (its spaces are not wrap points). */}
      <pre
        style={{
          fontFamily: "monospace",
          fontSize: "13px",
          whiteSpace: "pre-wrap",
          wordBreak: "break-all",
          margin: "0 0 16px",
        }}
      >
        {brCode}
      </pre>
      <Text>{`Copie o código e cole no app do seu banco, na opção Pix copia e cola. Confira: o Pix vai para ${recebedor}.`}</Text>
      <EmailButton href={pageUrl}>Ver o QR code</EmailButton>
      <Text>{`Para parar de apadrinhar ${pet}, use este link: ${stopUrl}`}</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export const sponsorshipEndedSubject = (pet: string, adotado: boolean, femea = false) =>
  adotado ? `${pet} foi ${femea ? "adotada" : "adotado"}! Obrigado, padrinho` : `${pet} não está mais na Adopet`;

export type SponsorshipEndedProps = {
  nome: string;
  pet: string;
  organizacao: string;
  /** Adopted; otherwise the listing was removed. */
  adotado: boolean;
  /** The animal is female: the words agree with her. */
  femea: boolean;
  /** The organisation's other animals. */
  othersUrl: string;
};

/** To a padrinho when the animal is adopted or leaves the site: the sponsorship ends, with thanks. */
export function SponsorshipEndedEmail({ nome, pet, organizacao, adotado, femea, othersUrl }: SponsorshipEndedProps) {
  const dele = femea ? "dela" : "dele";
  return (
    <EmailLayout preview={adotado ? `${pet} encontrou um lar.` : `O apadrinhamento de ${pet} terminou.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {sponsorshipEndedSubject(pet, adotado, femea)}
      </Heading>
      <Text>
        {adotado
          ? `Olá, ${nome}! ${pet} encontrou um lar. A sua ajuda cuidou ${dele} enquanto esperava: obrigado!`
          : `Olá, ${nome}! ${organizacao} tirou o anúncio de ${pet} da Adopet.`}
      </Text>
      <Text>{`O apadrinhamento terminou: você não recebe mais códigos Pix para ${pet}.`}</Text>
      <Text>{`${organizacao} cuida de outros animais que esperam um lar. Se quiser, apadrinhe um deles.`}</Text>
      <EmailButton href={othersUrl}>Ver os animais</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export const sponsorshipTransferredSubject = (pet: string, agora: string) => `${pet} agora está com ${agora}`;

export type SponsorshipTransferredProps = {
  nome: string;
  pet: string;
  femea: boolean;
  /** The organisation the sponsorship paid, and the one the animal is with now. */
  antes: string;
  agora: string;
  verificada: boolean;
  url: string;
};

/**
 * To a padrinho whose animal went to another organisation (issue 60): the sponsorship waits for
 * their choice, since its codes paid the one that no longer cares for the animal.
 */
export function SponsorshipTransferredEmail({
  nome,
  pet,
  femea,
  antes,
  agora,
  verificada,
  url,
}: SponsorshipTransferredProps) {
  const dele = femea ? "dela" : "dele";
  return (
    <EmailLayout preview={`O apadrinhamento de ${pet} espera a sua escolha.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {sponsorshipTransferredSubject(pet, agora)}
      </Heading>
      <Text>{`Olá, ${nome}! ${antes} passou ${pet} para ${agora}, que cuida ${dele} a partir de agora.`}</Text>
      <Text>
        {verificada
          ? `${agora} é uma organização verificada pela equipe da Adopet.`
          : `${agora} ainda não foi verificada pela equipe da Adopet.`}
      </Text>
      <Text>
        {`O seu apadrinhamento fica parado, sem códigos Pix, até você escolher: continuar apadrinhando ${pet} com ${agora}, ou parar.`}
      </Text>
      <EmailButton href={url}>Escolher</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
