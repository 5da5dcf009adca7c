import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { daysText } from "~/lib/dates";
import type { Sex } from "~/lib/pets";
import { EmailButton, EmailLayout, quote } from "./layout.server";

const heading = { fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" };

export type CheckinProps = {
  adopterNome: string;
  petNome: string;
  petSexo: Sex | null;
  dia: number;
  checkinUrl: string;
};

/** `Como está o {animal}?`, with the article of the animal's sex (none when it is not known). */
export const checkinSubject = ({ petNome, petSexo }: Pick<CheckinProps, "petNome" | "petSexo">) =>
  `Como está ${petSexo === "femea" ? "a " : petSexo === "macho" ? "o " : ""}${petNome}?`;

/** To an adopter: a check-in, answered through a link that needs no login. */
export function CheckinEmail({ adopterNome, petNome, dia, checkinUrl }: CheckinProps) {
  return (
    <EmailLayout preview={`Conte como ${petNome} está, ${daysText(dia)} depois da adoção`}>
      <Heading as="h1" style={heading}>
        {`Olá, ${adopterNome}!`}
      </Heading>
      <Text>{`Já faz ${daysText(dia)} que ${petNome} foi para casa com você. Como ${petNome} está?`}</Text>
      <Text>
        Conte em poucas palavras e, se quiser, mande até 3 fotos: quem cuidava do animal acompanha e fica feliz com as
        notícias. O link vale por 14 dias e não pede login.
      </Text>
      <EmailButton href={checkinUrl}>Contar as novidades</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type CheckinUnansweredProps = {
  caretakerNome: string;
  adopterNome: string;
  petNome: string;
  dia: number;
  adoptionUrl: string;
};

export const checkinUnansweredSubject = ({ petNome }: Pick<CheckinUnansweredProps, "petNome">) =>
  `O acompanhamento de ${petNome} ficou sem resposta`;

/** To a caretaker: a check-in went unanswered for 7 days. */
export function CheckinUnansweredEmail({
  caretakerNome,
  adopterNome,
  petNome,
  dia,
  adoptionUrl,
}: CheckinUnansweredProps) {
  return (
    <EmailLayout preview={`${adopterNome} não respondeu ao acompanhamento de ${daysText(dia)}`}>
      <Heading as="h1" style={heading}>
        {`Olá, ${caretakerNome}!`}
      </Heading>
      <Text>{`${adopterNome} não respondeu ao acompanhamento de ${daysText(dia)} da adoção de ${petNome}, enviado há uma semana.`}</Text>
      <Text>Vale a pena procurar a pessoa pela conversa da candidatura, ou combinar uma visita.</Text>
      <EmailButton href={adoptionUrl}>Ver a adoção</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type CastrationReminderProps = {
  adopterNome: string;
  petNome: string;
  /** Days before the deadline: 14, 3 or 0 (the day). */
  dias: number;
  prazo: string;
  adoptionUrl: string;
};

export const castrationReminderSubject = ({
  petNome,
  dias,
  prazo,
}: Pick<CastrationReminderProps, "petNome" | "dias" | "prazo">) =>
  dias === 0
    ? `Hoje é o prazo para castrar ${petNome}`
    : `${dias === 1 ? "Falta" : "Faltam"} ${daysText(dias)} para castrar ${petNome} (até ${prazo})`;

/** To an adopter: the castration the termo set a deadline for. */
export function CastrationReminderEmail({ adopterNome, petNome, dias, prazo, adoptionUrl }: CastrationReminderProps) {
  return (
    <EmailLayout preview={castrationReminderSubject({ petNome, dias, prazo })}>
      <Heading as="h1" style={heading}>
        {`Olá, ${adopterNome}!`}
      </Heading>
      <Text>
        {dias === 0
          ? `Hoje, ${prazo}, é o prazo do termo de adoção para castrar ${petNome}.`
          : `O termo de adoção combina a castração de ${petNome} até ${prazo}: ${dias === 1 ? "falta" : "faltam"} ${daysText(dias)}.`}
      </Text>
      <Text>
        A castração evita crias indesejadas e doenças. Quando ela estiver feita, avise na página da adoção (com a foto
        do atestado, se tiver): quem cuidava do animal acompanha por lá.
      </Text>
      <EmailButton href={adoptionUrl}>Informar a castração</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type AdoptionReturnedProps = {
  caretakerNome: string;
  adopterNome: string;
  petNome: string;
  motivo: string;
  adoptionUrl: string;
};

export const adoptionReturnedSubject = ({
  adopterNome,
  petNome,
}: Pick<AdoptionReturnedProps, "adopterNome" | "petNome">) => `${adopterNome} registrou a devolução de ${petNome}`;

/** To a caretaker: the adopter recorded that the animal went back. */
export function AdoptionReturnedEmail({
  caretakerNome,
  adopterNome,
  petNome,
  motivo,
  adoptionUrl,
}: AdoptionReturnedProps) {
  return (
    <EmailLayout preview={adoptionReturnedSubject({ adopterNome, petNome })}>
      <Heading as="h1" style={heading}>
        {`Olá, ${caretakerNome}!`}
      </Heading>
      <Text>{`${adopterNome} registrou na Adopet a devolução de ${petNome}, com este motivo:`}</Text>
      <Text style={quote}>{motivo}</Text>
      <Text>
        O acompanhamento da adoção terminou. Combine a entrega com a pessoa, se ainda não combinaram; quando quiser, o
        anúncio pode voltar ao ar (na página do animal, em Meus pets, marque-o como disponível).
      </Text>
      <EmailButton href={adoptionUrl}>Ver a adoção</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}

export type StorySharedProps = {
  caretakerNome: string;
  adopterNome: string;
  petNome: string;
  historia: string;
  adoptionUrl: string;
};

export const storySharedSubject = ({ adopterNome, petNome }: Pick<StorySharedProps, "adopterNome" | "petNome">) =>
  `${adopterNome} contou o final feliz de ${petNome}`;

/** To a caretaker: a story waits for their approval before it is published. */
export function StorySharedEmail({ caretakerNome, adopterNome, petNome, historia, adoptionUrl }: StorySharedProps) {
  return (
    <EmailLayout preview={storySharedSubject({ adopterNome, petNome })}>
      <Heading as="h1" style={heading}>
        {`Olá, ${caretakerNome}!`}
      </Heading>
      <Text>{`${adopterNome} contou como está a vida com ${petNome}:`}</Text>
      <Text style={quote}>{historia}</Text>
      <Text>
        A história só aparece em Finais felizes e na sua página depois que você aprovar. Veja a foto e decida na página
        da adoção.
      </Text>
      <EmailButton href={adoptionUrl}>Ver e aprovar</EmailButton>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
