import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout, quote } from "./layout.server";

const heading = { fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" };

export type NewApplicationProps = {
  caretakerNome: string;
  adopterNome: string;
  petNome: string;
  applicationUrl: string;
};

export const newApplicationSubject = ({ petNome }: Pick<NewApplicationProps, "petNome">) =>
  `Nova candidatura para adotar ${petNome}`;

/** To a caretaker: someone applied to adopt one of their animals. */
export function NewApplicationEmail({ caretakerNome, adopterNome, petNome, applicationUrl }: NewApplicationProps) {
  return (
    <EmailLayout preview={`${adopterNome} quer adotar ${petNome}`}>
      <Heading as="h1" style={heading}>
        {`Olá, ${caretakerNome}!`}
      </Heading>
      <Text>{`${adopterNome} respondeu ao seu questionário e quer adotar ${petNome}.`}</Text>
      <Text>Leia as respostas e diga em que pé está a candidatura: quem se candidatou acompanha cada passo.</Text>
      <EmailButton href={applicationUrl}>Ver a candidatura</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type StatusChangeProps = {
  adopterNome: string;
  petNome: string;
  /** The new status, in words. */
  statusLabel: string;
  /** What it means and what happens next. */
  explanation: string;
  /** The caretaker's reason, for a refusal. */
  motivo: string | null;
  applicationUrl: string;
};

export const statusChangeSubject = ({ petNome, statusLabel }: Pick<StatusChangeProps, "petNome" | "statusLabel">) =>
  `Sua candidatura para adotar ${petNome}: ${statusLabel}`;

/** To an adopter: their application moved. */
export function StatusChangeEmail(props: StatusChangeProps) {
  const { adopterNome, petNome, statusLabel, explanation, motivo, applicationUrl } = props;
  return (
    <EmailLayout preview={`${petNome}: ${statusLabel}`}>
      <Heading as="h1" style={heading}>
        {`Olá, ${adopterNome}!`}
      </Heading>
      <Text>{`Sua candidatura para adotar ${petNome} mudou para: ${statusLabel}.`}</Text>
      <Text>{explanation}</Text>
      {motivo ? <Text style={quote}>{`Motivo: ${motivo}`}</Text> : null}
      <EmailButton href={applicationUrl}>Acompanhar a candidatura</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
