import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { EmailButton, EmailLayout } from "./layout.server";

export type PasswordResetProps = { nome: string; url: string };

export const passwordResetSubject = "Crie uma nova senha na Adopet";

/** To a person who asked for a new password: the link, valid for an hour and once. */
export function PasswordResetEmail({ nome, url }: PasswordResetProps) {
  return (
    <EmailLayout preview="O link para criar uma nova senha vale por 1 hora.">
      <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "16px 0 8px" }}>
        {`Olá, ${nome}!`}
      </Heading>
      <Text>Recebemos um pedido para criar uma nova senha para a sua conta na Adopet.</Text>
      <EmailButton href={url}>Criar uma nova senha</EmailButton>
      <Text>
        O link vale por 1 hora e pode ser usado uma vez. Ao criar a nova senha, você sai da conta em todos os aparelhos.
      </Text>
      <Text>Se não foi você quem pediu, ignore este e-mail: a sua senha continua a mesma.</Text>
      <Text>Equipe Adopet</Text>
    </EmailLayout>
  );
}
