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
