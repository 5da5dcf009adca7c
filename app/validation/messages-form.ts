import { z } from "zod";
import { contatoTextoField, nomeAnimalField, nomeField, telefoneField } from "./fields";

/** The contact form: the specification's fields, the chosen pet (if any) and a honeypot. */
export const contatoSchema = z.object({
  nome: nomeField,
  telefone: telefoneField,
  nome__animal: nomeAnimalField,
  contato__texto: contatoTextoField,
  pet: z.uuid().optional().catch(undefined),
  // Left empty by people (the field is hidden from them); bots fill every field.
  site: z.string().max(500).optional().catch("bot"),
});

/**
 * The contact form of a signed-in person: the message goes to their conversation, which knows
 * who they are, so neither a name nor a phone is asked (the phone is shared only by consent).
 */
export const contatoSignedInSchema = contatoSchema.omit({ nome: true, telefone: true });

/** `POST /api/messages`: the same rules, with the pet required and nothing unknown. */
export const apiMessageSchema = z.strictObject({
  petId: z.uuid({ error: "Informe o animal (petId)." }),
  nome: nomeField,
  telefone: telefoneField,
  nome__animal: nomeAnimalField,
  contato__texto: contatoTextoField,
});

export const CONTACT_MESSAGES = {
  noMatch:
    "Não encontramos nenhum animal disponível com esse nome. Confira o nome ou escolha o animal na página inicial.",
  choose: "Há mais de um animal com esse nome. Escolha para quem vai a mensagem:",
  chooseRequired: "Escolha um dos animais abaixo.",
  petGone: "Este animal não está mais disponível para adoção.",
  limitedClient: "Você enviou muitas mensagens seguidas.",
  limitedRecipient: "Quem cuida deste animal recebeu muitas mensagens agora.",
} as const;
