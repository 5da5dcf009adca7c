import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { colours, EmailButton, EmailLayout } from "./layout.server";

export type AlertEmailProps = {
  nome: string;
  /** The search in words. */
  descricao: string;
  /** How many new pets match (more than are shown). */
  total: number;
  pets: { nome: string; resumo: string; local: string; url: string; foto: string | null }[];
  /** An alert of lost or found animals (issue 47): its items are reports. */
  tipo?: "perdido" | "encontrado";
  feedUrl: string;
  alertsUrl: string;
  unsubscribeUrl: string;
};

export const alertEmailSubject = ({ total, pets, tipo }: Pick<AlertEmailProps, "total" | "pets" | "tipo">) =>
  tipo
    ? total === 1
      ? `${pets[0]!.nome}: novo anúncio de perdidos e achados na Adopet`
      : `${total} novos anúncios de perdidos e achados na Adopet`
    : total === 1
      ? `${pets[0]!.nome} está esperando um lar: novo animal na Adopet`
      : `${total} novos animais para adoção na Adopet`;

const link = { color: colours.blue, fontWeight: 600 };

/** To a person with an alert: the new pets that match their search, with photos. */
export function AlertEmail(props: AlertEmailProps) {
  const { nome, descricao, total, pets, tipo, feedUrl, alertsUrl, unsubscribeUrl } = props;
  const intro = tipo
    ? total === 1
      ? "Um novo anúncio combina com o seu alerta"
      : `${total} novos anúncios combinam com o seu alerta`
    : total === 1
      ? "Um novo animal combina com o seu alerta"
      : `${total} novos animais combinam com o seu alerta`;
  return (
    <EmailLayout preview={`${intro}: ${descricao}`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Olá, ${nome}!`}
      </Heading>
      <Text>{`${intro}: ${descricao}.`}</Text>
      {pets.map((pet) => (
        <Section key={pet.url} style={{ borderTop: `1px solid ${colours.panel}`, padding: "12px 0" }}>
          {pet.foto ? (
            <a href={pet.url}>
              <img
                src={pet.foto}
                alt={`Foto de ${pet.nome}`}
                width="120"
                height="120"
                style={{ borderRadius: "8px", objectFit: "cover", float: "left", marginRight: "16px" }}
              />
            </a>
          ) : null}
          <Text style={{ margin: "0 0 4px", fontSize: "18px" }}>
            <a href={pet.url} style={link}>
              {pet.nome}
            </a>
          </Text>
          <Text style={{ margin: "0 0 4px" }}>{pet.resumo}</Text>
          <Text style={{ margin: 0, color: colours.grey }}>{pet.local}</Text>
        </Section>
      ))}
      <Section style={{ padding: "16px 0 8px", clear: "both" }}>
        <EmailButton href={feedUrl}>
          {total > pets.length ? `Ver todos os ${total} ${tipo ? "anúncios" : "animais"}` : "Ver na Adopet"}
        </EmailButton>
      </Section>
      <Text style={{ fontSize: "13px", lineHeight: "20px", color: colours.grey }}>
        Você recebe este e-mail porque criou um alerta na Adopet.{" "}
        <a href={alertsUrl} style={{ color: colours.grey }}>
          Gerenciar alertas
        </a>
        {" · "}
        <a href={unsubscribeUrl} style={{ color: colours.grey }}>
          Cancelar este alerta
        </a>
      </Text>
    </EmailLayout>
  );
}
