import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout, quote } from "./layout.server";

export type FosterInterestProps = {
  /** The person's first name: the team reads no more of someone outside it. */
  nome: string;
  pet: string;
  cidade: string;
  /** What the home offers, in words ("gatos de porte pequeno, até 2 de uma vez; tem tela nas janelas"). */
  oferta: string;
  url: string;
};

export const fosterInterestSubject = (nome: string, pet: string) => `${nome} pode ser lar temporário de ${pet}`;

/** To the team of an animal that needs a foster home: a person offers theirs (issue 44). */
export function FosterInterestEmail({ nome, pet, cidade, oferta, url }: FosterInterestProps) {
  return (
    <EmailLayout preview={`${nome}, de ${cidade}, pode ser lar temporário de ${pet}.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {fosterInterestSubject(nome, pet)}
      </Heading>
      <Text>{`${nome}, de ${cidade}, viu na Adopet que ${pet} precisa de lar temporário e ofereceu a própria casa.`}</Text>
      <Text style={quote}>{oferta}</Text>
      <Text>
        Na página de lares temporários da organização vocês encontram a oferta e convidam a pessoa; ao aceitar, ela
        entra na equipe como lar temporário, e vocês veem o contato dela.
      </Text>
      <EmailButton href={url}>Ver a oferta</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type FosterVisitProps = {
  /** The foster's first name. */
  lar: string;
  /** The adopter's first name: the foster reads no more of them. */
  nome: string;
  pet: string;
  /** "05/12/2026, 15:00"; null: the team will arrange the day. */
  quando: string | null;
  url: string;
};

export const fosterVisitSubject = (nome: string, pet: string) => `${nome} vai visitar ${pet} no seu lar temporário`;

/** To a foster home: the team arranged an adoption visit at their home (issue 44). */
export function FosterVisitEmail({ lar, nome, pet, quando, url }: FosterVisitProps) {
  const when = quando ? `A visita está marcada para ${quando}.` : "A equipe vai combinar o dia com você.";
  return (
    <EmailLayout preview={`${nome} quer adotar ${pet}. ${when}`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {fosterVisitSubject(nome, pet)}
      </Heading>
      <Text>{`Olá, ${lar}! ${nome} se candidatou para adotar ${pet}, e a equipe combinou que a visita para conhecer ${pet} será no seu lar temporário. ${when}`}</Text>
      <Text>
        A equipe passa o endereço a quem vai visitar: fale com ela se o dia não der certo para você ou se tiver dúvidas.
      </Text>
      <EmailButton href={url}>Ver meus lares temporários</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
