import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { formatDateTime } from "~/lib/dates";
import { EmailButton, EmailLayout } from "./layout.server";

export type PixKeyChangedProps = {
  organizacao: string;
  /** Who changed it. */
  por: string;
  alteradaEm: Date;
  /** "CNPJ", "E-mail", … */
  tipo: string;
  chave: string;
  /** The receiver's name and city, as the codes carry them. */
  recebedor: string;
  url: string;
};

export const pixKeyChangedSubject = (organizacao: string) => `A chave Pix de ${organizacao} foi alterada`;

/** To every administrador when the organisation's Pix key changes (issue 46): gifts now go there. */
export function PixKeyChangedEmail({ organizacao, por, alteradaEm, tipo, chave, recebedor, url }: PixKeyChangedProps) {
  return (
    <EmailLayout preview={`As doações pela Adopet agora vão para a chave ${chave}.`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {pixKeyChangedSubject(organizacao)}
      </Heading>
      <Text>{`${por || "Um administrador"} alterou a chave Pix de ${organizacao} na Adopet em ${formatDateTime(alteradaEm)}.`}</Text>
      <Text>{`As doações e os apadrinhamentos feitos pela Adopet agora vão para a chave ${chave} (${tipo}), de ${recebedor}.`}</Text>
      <Text>
        Se ninguém da equipe fez esta alteração, confira a chave nas configurações da organização, troque a sua senha e
        avise os outros administradores.
      </Text>
      <EmailButton href={url}>Conferir a chave Pix</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
