import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

export type EmailConfirmationProps = { nome: string; url: string };

export const emailConfirmationSubject = "Confirme seu e-mail";

/** To a new account (or one that asked again): the link that confirms its e-mail. */
export function EmailConfirmationEmail({ nome, url }: EmailConfirmationProps) {
  return (
    <EmailLayout preview="Confirme seu e-mail para publicar animais na Adopet.">
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        Confirme seu e-mail
      </Heading>
      <Text>{`Olá, ${nome}! Para terminar o seu cadastro na Adopet, confirme que este e-mail é seu.`}</Text>
      <EmailButton href={url}>Confirmar meu e-mail</EmailButton>
      <Text>
        Você já pode buscar animais e conversar com quem cuida deles. Depois de confirmar, você também pode publicar
        animais para adoção e cadastrar a sua ONG.
      </Text>
      <Text>Se não foi você quem criou a conta, ignore este e-mail.</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
