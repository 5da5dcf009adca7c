import { Fragment } from "react";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { colours, EmailButton, EmailLayout } from "./layout.server";

export type ConversationNoticeProps = {
  recipientNome: string;
  authorNome: string;
  petNome: string;
  /** Oldest first. */
  messages: { texto: string }[];
  threadUrl: string;
};

export const conversationNoticeSubject = ({
  authorNome,
  petNome,
}: Pick<ConversationNoticeProps, "authorNome" | "petNome">) => `${authorNome} escreveu sobre ${petNome} na Adopet`;

/** To one party of a conversation: messages they have not read for 10 minutes. */
export function ConversationNotice(props: ConversationNoticeProps) {
  const { recipientNome, authorNome, petNome, messages, threadUrl } = props;
  const several = messages.length > 1;
  return (
    <EmailLayout preview={`${authorNome} escreveu sobre ${petNome}`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Olá, ${recipientNome}!`}
      </Heading>
      <Text>
        {several
          ? `${authorNome} enviou ${messages.length} mensagens sobre ${petNome} que você ainda não leu:`
          : `${authorNome} enviou uma mensagem sobre ${petNome} que você ainda não leu:`}
      </Text>
      {messages.map((message, index) => (
        <Text
          key={index}
          style={{ backgroundColor: colours.panel, borderLeft: `4px solid ${colours.green}`, padding: "8px 12px" }}
        >
          {message.texto.split("\n").map((line, lineIndex) => (
            // Line breaks as <br>: mail programs and the plain-text part both keep them.
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
      <EmailButton href={threadUrl}>Responder na Adopet</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
