import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout, quote } from "./layout.server";

export type PetNewsProps = { pet: string; texto: string; url: string };

export const petNewsSubject = (pet: string) => `Notícias de ${pet}`;

/** To those who favourited an animal: news from its foster home, published (issue 44). */
export function PetNewsEmail({ pet, texto, url }: PetNewsProps) {
  return (
    <EmailLayout preview={`Notícias de ${pet}: ${texto.slice(0, 80)}`}>
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {petNewsSubject(pet)}
      </Heading>
      <Text>{`${pet} espera pela adoção em um lar temporário, e mandou notícias:`}</Text>
      <Text style={{ ...quote, whiteSpace: "pre-line" }}>{texto}</Text>
      <EmailButton href={url}>{`Ver ${pet}`}</EmailButton>
      <Text>
        {`Você recebe este e-mail porque marcou ${pet} como favorito na Adopet. Para não receber mais, desmarque o coração na página dele.`}
      </Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
