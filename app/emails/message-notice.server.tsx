import { Fragment } from "react";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { colours, EmailButton, EmailLayout } from "./layout.server";

export type MessageNoticeProps = {
  recipientNome: string;
  senderNome: string;
  senderTelefone: string;
  petNome: string;
  texto: string;
  inboxUrl: string;
};

export const messageNoticeSubject = ({ petNome }: Pick<MessageNoticeProps, "petNome">) =>
  `Nova mensagem sobre ${petNome} na Adopet`;

/** To a caretaker: someone wrote about one of their animals. */
export function MessageNotice(props: MessageNoticeProps) {
  const { recipientNome, senderNome, senderTelefone, petNome, texto, inboxUrl } = props;
  return (
    <EmailLayout preview={`${senderNome} escreveu sobre ${petNome}`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Olá, ${recipientNome}!`}
      </Heading>
      <Text>{`${senderNome} escreveu sobre ${petNome}:`}</Text>
      <Text
        style={{
          backgroundColor: colours.panel,
          borderLeft: `4px solid ${colours.green}`,
          padding: "8px 12px",
        }}
      >
        {texto.split("\n").map((line, index) => (
          // Line breaks as <br>: mail programs and the plain-text part both keep them.
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
      <Text>{`Telefone de ${senderNome}: ${senderTelefone}`}</Text>
      <EmailButton href={inboxUrl}>Veja todas as suas mensagens</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
