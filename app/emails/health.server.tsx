import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

export type HealthReminderProps = {
  /** The recipient's first name. */
  nome: string;
  pet: string;
  /** "Vacina V10: a dose é hoje (12/12/2026)." — one line per dose due today or in 7 days. */
  doses: string[];
  /** "Meloxicam, 1 gota: às 08:00 e 20:00." — one line per medication given today. */
  medicamentos: string[];
  /** The adopter may turn these reminders off on the record's page. */
  adotante: boolean;
  url: string;
};

export const healthReminderSubject = (pet: string, doses: number) =>
  doses > 0 ? `Lembrete de saúde de ${pet}: dose chegando` : `Medicamentos de ${pet} hoje`;

/** To whoever holds the animal (its foster, its team or its adopter): doses due, medication for the day (issue 45). */
export function HealthReminderEmail({ nome, pet, doses, medicamentos, adotante, url }: HealthReminderProps) {
  return (
    <EmailLayout preview={[...doses, ...medicamentos].join(" ")}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {healthReminderSubject(pet, doses.length)}
      </Heading>
      <Text>{`Olá, ${nome}! Um lembrete do registro de saúde de ${pet}.`}</Text>
      {doses.length > 0 ? (
        <>
          <Text style={{ fontWeight: 600, margin: "16px 0 4px" }}>Doses</Text>
          {doses.map((line) => (
            <Text key={line} style={{ margin: "0 0 4px" }}>
              {line}
            </Text>
          ))}
        </>
      ) : null}
      {medicamentos.length > 0 ? (
        <>
          <Text style={{ fontWeight: 600, margin: "16px 0 4px" }}>Medicamentos de hoje</Text>
          {medicamentos.map((line) => (
            <Text key={line} style={{ margin: "0 0 4px" }}>
              {line}
            </Text>
          ))}
        </>
      ) : null}
      <Text>Depois de dar a dose, registre no registro de saúde: assim o próximo lembrete sai na data certa.</Text>
      <EmailButton href={url}>{`Abrir o registro de saúde de ${pet}`}</EmailButton>
      {adotante ? <Text>{`Não quer mais estes lembretes? Desligue na página de saúde de ${pet}.`}</Text> : null}
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
