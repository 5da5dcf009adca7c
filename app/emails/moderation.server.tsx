import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout, quote } from "./layout.server";

const heading = { fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" };

export type ModerationNoticeProps = {
  nome: string;
  /** What happened, in a sentence or two each. */
  paragraphs: string[];
  /** The operator's reason, for a listing hidden or an account suspended. */
  motivo: string | null;
  /** Where to contest the decision (PRIVACY_CONTACT), when the installation set one. */
  contato: string | null;
  link: { href: string; label: string } | null;
};

/** To a caretaker or an account's owner: what moderation did (issue 22), and why. */
export function ModerationNoticeEmail({ nome, paragraphs, motivo, contato, link }: ModerationNoticeProps) {
  return (
    <EmailLayout preview={paragraphs[0] ?? ""}>
      <Heading as="h1" style={heading}>
        {`Olá, ${nome}!`}
      </Heading>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {motivo ? <Text style={quote}>{`Motivo: ${motivo}`}</Text> : null}
      {motivo ? (
        <Text>
          {contato
            ? `Se você discorda, escreva para ${contato} contando o seu lado.`
            : "Se você discorda, procure a equipe que mantém esta instalação da Adopet contando o seu lado."}
        </Text>
      ) : null}
      {link ? <EmailButton href={link.href}>{link.label}</EmailButton> : null}
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
