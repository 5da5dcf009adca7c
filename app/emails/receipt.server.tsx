import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

export const donationReceiptSubject = (pet: string) => `Recebemos o seu apadrinhamento de ${pet}`;

export type DonationReceiptProps = {
  /** The padrinho's first name. */
  nome: string;
  pet: string;
  organizacao: string;
  /** "R$ 30,00". */
  valor: string;
  /** "novembro de 2026". */
  mes: string;
  /** The receipt's PDF, behind the padrinho's login. */
  receiptUrl: string;
};

/** To a padrinho when the organisation confirms a month's gift (by hand, or from its statement). */
export function DonationReceiptEmail({ nome, pet, organizacao, valor, mes, receiptUrl }: DonationReceiptProps) {
  return (
    <EmailLayout preview={`${organizacao} confirmou o Pix de ${valor} de ${mes}.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {donationReceiptSubject(pet)}
      </Heading>
      <Text>{`Olá, ${nome}! ${organizacao} confirmou o seu Pix de ${valor} de ${mes} para ${pet}. Obrigado por cuidar de quem ainda espera um lar.`}</Text>
      <EmailButton href={receiptUrl}>Baixar o recibo (PDF)</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
