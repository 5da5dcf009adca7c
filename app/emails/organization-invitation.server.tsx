import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

export type OrganizationInvitationProps = {
  organizacao: string;
  /** Whether an operator checked the organisation (issue 60): a copied name reads like the real one. */
  verificada: boolean;
  convidadoPor: string | null;
  papel: string;
  url: string;
};

export const organizationInvitationSubject = (organizacao: string) => `Convite para a equipe de ${organizacao}`;

/** To the person invited to an organisation (issue 43): the link to accept or decline. */
export function OrganizationInvitationEmail({
  organizacao,
  verificada,
  convidadoPor,
  papel,
  url,
}: OrganizationInvitationProps) {
  return (
    <EmailLayout preview={`Você foi convidado para a equipe de ${organizacao} na Adopet.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Convite para ${organizacao}`}
      </Heading>
      <Text>
        {convidadoPor
          ? `${convidadoPor} convidou você para fazer parte de ${organizacao} na Adopet, como ${papel}.`
          : `Você foi convidado para fazer parte de ${organizacao} na Adopet, como ${papel}.`}
      </Text>
      <Text>
        {verificada
          ? `${organizacao} é uma organização verificada: a equipe da Adopet conferiu os dados dela, como o CNPJ.`
          : `${organizacao} não é uma organização verificada: a equipe da Adopet ainda não conferiu quem ela é. Aceite só se você conhece quem convidou.`}
      </Text>
      <EmailButton href={url}>Ver o convite</EmailButton>
      <Text>
        O convite vale por 7 dias e só pode ser aceito uma vez, com uma conta da Adopet neste e-mail. Se você ainda não
        tem conta, cadastre-se com este e-mail antes de aceitar.
      </Text>
      <Text>Se você não esperava este convite, pode recusá-lo pelo mesmo link ou ignorar este e-mail.</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
