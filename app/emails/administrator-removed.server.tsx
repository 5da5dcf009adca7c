import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { formatDateTime } from "~/lib/dates";
import { EmailButton, EmailLayout } from "./layout.server";

export type AdministratorRemovedProps = {
  organizacao: string;
  /** Who did it. */
  por: string;
  em: Date;
  /** The new role's label ("equipe", "lar temporário"), or null when removed from the organisation. */
  novoPapel: string | null;
  url: string;
};

export const administratorRemovedSubject = (organizacao: string) => `Você não administra mais ${organizacao} na Adopet`;

/**
 * To an administrador demoted or removed by another (issue 60): a takeover began with the
 * founder's demotion, and nobody told the founder.
 */
export function AdministratorRemovedEmail({ organizacao, por, em, novoPapel, url }: AdministratorRemovedProps) {
  return (
    <EmailLayout preview={`${por} tirou você da administração de ${organizacao}.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {administratorRemovedSubject(organizacao)}
      </Heading>
      <Text>
        {novoPapel
          ? `${por} mudou o seu papel em ${organizacao} de administrador para ${novoPapel}, em ${formatDateTime(em)}.`
          : `${por} removeu você de ${organizacao}, onde você era administrador, em ${formatDateTime(em)}.`}
      </Text>
      <Text>
        Se você não esperava isso, fale com os outros administradores e com a equipe da Adopet. Durante 30 dias, você
        continua recebendo os avisos de mudança da chave Pix da organização.
      </Text>
      <EmailButton href={url}>Abrir a Adopet</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
