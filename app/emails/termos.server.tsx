import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

const heading = { fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" };

export type TermoIssuedProps = { adopterNome: string; petNome: string; responsavelNome: string; termoUrl: string };

export const termoIssuedSubject = ({ petNome }: Pick<TermoIssuedProps, "petNome">) =>
  `O termo de adoção de ${petNome} está pronto para você assinar`;

/** To an adopter: the caretaker issued the termo of their approved application. */
export function TermoIssuedEmail({ adopterNome, petNome, responsavelNome, termoUrl }: TermoIssuedProps) {
  return (
    <EmailLayout preview={`Assine o termo de adoção de ${petNome}`}>
      <Heading as="h1" style={heading}>
        {`Olá, ${adopterNome}!`}
      </Heading>
      <Text>{`${responsavelNome} emitiu o termo de adoção de ${petNome}.`}</Text>
      <Text>
        Leia o termo com calma, informe seu CPF e seu endereço e assine pelo celular ou pelo computador. Depois, quem
        cuida do animal assina também, e vocês dois podem baixar o termo assinado em PDF.
      </Text>
      <EmailButton href={termoUrl}>Ler e assinar o termo</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type TermoSignedProps = { caretakerNome: string; adopterNome: string; petNome: string; termoUrl: string };

export const termoSignedSubject = ({ petNome }: Pick<TermoSignedProps, "petNome">) =>
  `O termo de adoção de ${petNome} foi assinado: falta a sua assinatura`;

/** To a caretaker: the adopter signed; the caretaker countersigns to complete the adoption. */
export function TermoSignedEmail({ caretakerNome, adopterNome, petNome, termoUrl }: TermoSignedProps) {
  return (
    <EmailLayout preview={`${adopterNome} assinou o termo de adoção de ${petNome}`}>
      <Heading as="h1" style={heading}>
        {`Olá, ${caretakerNome}!`}
      </Heading>
      <Text>{`${adopterNome} assinou o termo de adoção de ${petNome}.`}</Text>
      <Text>Assine também para concluir a adoção: o animal passa a constar como adotado.</Text>
      <EmailButton href={termoUrl}>Assinar o termo</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
