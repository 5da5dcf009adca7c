import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { listInWords } from "~/lib/pets";
import { EmailButton, EmailLayout } from "./layout.server";

export type TransferRequestedProps = {
  /** The animals of one request, by name. */
  pets: string[];
  de: string;
  para: string;
  pedidoPor: string | null;
  url: string;
};

export const transferRequestedSubject = (pets: string[], de: string) =>
  `Pedido de transferência: ${pets.length === 1 ? pets[0] : `${pets.length} animais`}, de ${de}`;

/** To the administradores of the organisation an animal is offered to (issue 43): accept or decline it. */
export function TransferRequestedEmail({ pets, de, para, pedidoPor, url }: TransferRequestedProps) {
  const pet = listInWords(pets);
  const one = pets.length === 1;
  return (
    <EmailLayout preview={`${de} quer transferir ${pet} para ${para}.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`${de} quer transferir ${pet} para ${para}`}
      </Heading>
      <Text>
        {pedidoPor && pedidoPor !== de
          ? `${pedidoPor}, de ${de}, pediu para transferir ${pet} para ${para} na Adopet.`
          : `${de} pediu para transferir ${pet} para ${para} na Adopet.`}{" "}
        {one
          ? `Se vocês aceitarem, o animal passa para ${para} com a ficha, as fotos e o histórico; as candidaturas em aberto são encerradas com um aviso a quem se candidatou.`
          : `Cada animal é aceito ou recusado à parte. Aceito, passa para ${para} com a ficha, as fotos e o histórico; as candidaturas em aberto são encerradas com um aviso a quem se candidatou.`}
      </Text>
      <EmailButton href={url}>Ver o pedido</EmailButton>
      <Text>Qualquer administrador da organização pode aceitar ou recusar o pedido na página da organização.</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
