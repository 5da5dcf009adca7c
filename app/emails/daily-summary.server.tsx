import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { countText as text, type TodayCount as Count } from "~/lib/organization-today";
import { colours, EmailButton, EmailLayout } from "./layout.server";

export type DailySummaryProps = {
  nome: string;
  organizacao: string;
  /** The sections of `Hoje` with work waiting, each with its counts above zero. */
  sections: { title: string; counts: Count[] }[];
  url: string;
  stopUrl: string;
};

export const dailySummarySubject = (organizacao: string) => `Hoje em ${organizacao}: o que espera por você`;

/** Each morning at 7 (issue 62), to a member with something to do: the counts of their `Hoje`. */
export function DailySummaryEmail({ nome, organizacao, sections, url, stopUrl }: DailySummaryProps) {
  return (
    <EmailLayout preview={sections.map((section) => `${section.title}: ${text(section.counts[0]!)}`).join(" · ")}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Bom dia, ${nome}`}
      </Heading>
      <Text>{`O que espera por você hoje em ${organizacao}:`}</Text>
      {sections.map((section) => (
        <Text key={section.title} style={{ margin: "0 0 12px" }}>
          <strong>{section.title}</strong>
          {section.counts.map((entry) => (
            <span key={entry.one}>
              <br />
              {entry.to ? (
                <a href={entry.to} style={{ color: colours.blue }}>
                  {text(entry)}
                </a>
              ) : (
                text(entry)
              )}
            </span>
          ))}
        </Text>
      ))}
      <EmailButton href={url}>Abrir o Hoje</EmailButton>
      <Text style={{ fontSize: "13px", lineHeight: "20px", color: colours.grey }}>
        {`Você recebe este resumo porque faz parte de ${organizacao} na Adopet. `}
        <a href={stopUrl} style={{ color: colours.grey }}>
          Não receber mais o resumo diário
        </a>
      </Text>
    </EmailLayout>
  );
}
