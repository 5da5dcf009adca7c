import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { ReportType } from "~/lib/lost-found";
import { EmailButton, EmailLayout } from "./layout.server";

export const lostFoundMatchSubject = (tipo: ReportType) =>
  tipo === "perdido"
    ? "Um animal encontrado pode ser o seu"
    : "Alguém procura um animal parecido com o que você encontrou";

export type LostFoundMatchProps = {
  /** The author's first name. */
  nome: string;
  /** Their report's kind. */
  tipo: ReportType;
  /** The lost animal's name, on a lost report. */
  animal: string | null;
  /** The other report. */
  url: string;
  /** Their own report, where every likely match is listed. */
  meuUrl: string;
};

/** To both authors of a likely match (issue 47), once per pair. */
export function LostFoundMatchEmail({ nome, tipo, animal, url, meuUrl }: LostFoundMatchProps) {
  const lost = tipo === "perdido";
  return (
    <EmailLayout
      preview={lost ? "Veja as fotos e fale com quem o encontrou." : "Veja as fotos e fale com quem o procura."}
    >
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {lostFoundMatchSubject(tipo)}
      </Heading>
      <Text>
        {lost
          ? `Olá, ${nome}! Alguém encontrou um animal parecido com ${animal ?? "o seu"}: a mesma espécie, perto de onde ele se perdeu, e fotos parecidas. Veja se é ele e, se for, escreva para quem o encontrou pela Adopet.`
          : `Olá, ${nome}! Alguém procura um animal parecido com o que você encontrou: a mesma espécie, perto de onde você o viu, e fotos parecidas. Veja se é ele e, se for, escreva para quem o procura pela Adopet.`}
      </Text>
      <EmailButton href={url}>Ver o anúncio</EmailButton>
      <Text>{`Todas as correspondências possíveis ficam no seu anúncio: ${meuUrl}`}</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export const lostFoundRenewalSubject = (animal: string) => `O anúncio de ${animal} sai da lista em breve`;

export type LostFoundRenewalProps = {
  /** The author's first name. */
  nome: string;
  /** The report's title ("Procura-se: Mingau"). */
  titulo: string;
  /** How the e-mail names the animal ("Mingau", "o cão encontrado"). */
  animal: string;
  /** The day it leaves the list ("12 de dezembro de 2026"). */
  ate: string;
  /** The report's page, where its author renews or closes it. */
  url: string;
};

/** To a report's author a week before its 90 days end (issue 47): renew it, or tell the happy ending. */
export function LostFoundRenewalEmail({ nome, titulo, animal, ate, url }: LostFoundRenewalProps) {
  return (
    <EmailLayout preview="Se ainda procura, reabra o anúncio por mais 90 dias.">
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {lostFoundRenewalSubject(animal)}
      </Heading>
      <Text>
        {`Olá, ${nome}! O seu anúncio “${titulo}” fica na lista de perdidos e achados até ${ate}. Se ainda não houve reencontro, reabra o anúncio por mais 90 dias na página dele: ele continua sendo comparado com os novos anúncios.`}
      </Text>
      <EmailButton href={url}>Renovar o anúncio</EmailButton>
      <Text>Se já se reencontraram, marque como Reencontrado e conte o final feliz, se quiser.</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
