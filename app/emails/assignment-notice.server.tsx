import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { colours, EmailLayout } from "./layout.server";

export type AssignmentNoticeProps = {
  nome: string;
  items: { kind: "candidatura" | "conversa"; nome: string; organizacao: string; por: string; url: string }[];
};

export const assignmentNoticeSubject = (total: number) =>
  total === 1 ? "Uma tarefa foi atribuída a você na Adopet" : `${total} tarefas foram atribuídas a você na Adopet`;

const KIND = { candidatura: "Candidatura", conversa: "Conversa" } as const;

/** To a member assigned applications or conversations (issue 62): at most one an hour, listing them. */
export function AssignmentNoticeEmail({ nome, items }: AssignmentNoticeProps) {
  const several = new Set(items.map((item) => item.organizacao)).size > 1;
  return (
    <EmailLayout preview={items.map((item) => `${KIND[item.kind]} de ${item.nome}`).join(" · ")}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Olá, ${nome}`}
      </Heading>
      <Text>
        {items.length === 1 ? "Isto foi atribuído a você na Adopet:" : "Estes foram atribuídos a você na Adopet:"}
      </Text>
      {items.map((item) => (
        <Text key={item.url} style={{ margin: "0 0 12px" }}>
          <a href={item.url} style={{ color: colours.blue, fontWeight: 600 }}>
            {`${KIND[item.kind]} de ${item.nome}`}
          </a>
          <br />
          <span style={{ color: colours.grey }}>
            {several ? `${item.organizacao} · atribuída por ${item.por}` : `Atribuída por ${item.por}`}
          </span>
        </Text>
      ))}
      <Text>Você recebe no máximo um destes e-mails por hora, com tudo o que foi atribuído a você nesse tempo.</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
