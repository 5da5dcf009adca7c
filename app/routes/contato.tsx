import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/contato";
import { FormError, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { imageUrl } from "~/lib/image-urls";
import { findAvailablePet, resolveRecipient, type Candidate } from "~/domain/messages/messages.server";
import { CONTACT_MESSAGES, contatoSchema, contatoSignedInSchema } from "~/validation/messages-form";
import { getUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { deliverContact } from "~/web/messages.server";
import { pageMeta } from "~/lib/meta";
import { isId } from "~/lib/ids";

export async function loader({ request, context }: Route.LoaderArgs) {
  const petId = new URL(request.url).searchParams.get("pet");
  const pet = petId && isId(petId) ? await findAvailablePet(context.db, petId) : null;
  const user = await getUser(request, context.db);
  return {
    pet,
    petUnavailable: Boolean(petId) && !pet,
    // Signed in, the message goes to a conversation that knows who writes: no name or phone asked.
    sender: user ? { nome: user.nome } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const sender = await getUser(request, context.db);
  const form = await parseForm(request, sender ? contatoSignedInSchema : contatoSchema);
  if (!form.ok) return form.response;
  const { pet: petId, site, ...input } = form.value;
  const sent = redirect("/contato", { headers: { "Set-Cookie": await setNotice("messageSent") } });
  // The honeypot was filled: a bot. It is told what a person would be, and nothing is stored.
  if (site) return sent;

  const recipient = await resolveRecipient(context.db, { petId, nome__animal: input.nome__animal });
  if (!recipient.ok) {
    const { failure } = recipient;
    // Several pets share the name typed: the answer lists them to choose from.
    const extra = failure.kind === "conflict" ? { candidates: failure.candidates } : undefined;
    return formFailure(form, failure, { extra });
  }
  const delivered = await deliverContact(context, sender, recipient.value, input);
  if (!delivered.ok) return formFailure(form, delivered.failure);
  // A signed-in person's message is in their conversation about the pet: they follow it there.
  const { conversationId } = delivered.value;
  if (conversationId) {
    return redirect(`/mensagens/${conversationId}`, { headers: { "Set-Cookie": await setNotice("messageSent") } });
  }
  return sent;
}

export function meta() {
  return pageMeta("Enviar mensagem | Adopet", "Escreva para a pessoa ou ONG que cuida do animal que você quer adotar.");
}

function PetChoice({ pet }: { pet: Candidate }) {
  return (
    <>
      {pet.photoId ? (
        <img className="recipient__photo" src={imageUrl(pet.photoId, 160)} alt="" width={64} height={64} />
      ) : null}
      <span className="recipient__text">
        <strong>{pet.nome}</strong>
        <span>{pet.local}</span>
      </span>
    </>
  );
}

export default function Contato() {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  // A new page (after a message is sent, or a new link) starts from an empty form; the answer
  // to a refused submission (which is a navigation too) keeps the form and its errors.
  const [formKey, setFormKey] = useState(location.key);
  if (!actionData && location.key !== formKey) setFormKey(location.key);
  return <ContactForm key={formKey} />;
}

function ContactForm() {
  const { pet, petUnavailable, sender } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Several pets share the name typed: the answer lists them to choose from.
  const candidates = (actionData as { candidates?: Candidate[] } | undefined)?.candidates ?? null;
  // The signed-in form's schema has no name and phone: the browser checks what is shown.
  const schema = (sender ? contatoSignedInSchema : contatoSchema) as typeof contatoSchema;
  const [form, fields, focus] = useValidatedForm(schema, actionData, { nome__animal: pet?.nome ?? "" });
  return (
    <section className="contact">
      <ValidatedForm form={form} focus={focus} className="panel contact__form">
        <h1 className="panel__title contact__title">
          Envie uma mensagem para a pessoa ou instituição que está cuidando do animal:
        </h1>
        {sender ? (
          <p className="contact__note">
            Você escreve como <strong>{sender.nome}</strong>. Sua mensagem abre uma conversa com quem cuida do animal,
            em Mensagens. Seu telefone só aparece para essa pessoa se você escolher compartilhar o seu WhatsApp na
            conversa.
          </p>
        ) : null}
        {petUnavailable ? <p className="form-error">{CONTACT_MESSAGES.petGone}</p> : null}
        {pet ? (
          <div className="recipient">
            <PetChoice pet={pet} />
            <input type="hidden" name="pet" value={pet.id} />
            <Link to="/contato" className="recipient__change">
              Escrever sobre outro animal
            </Link>
          </div>
        ) : null}
        <FormError id={form.errorId} errors={form.errors} />
        {candidates ? (
          <fieldset className="choices">
            <legend className="choices__legend">{CONTACT_MESSAGES.choose}</legend>
            {candidates.map((candidate) => (
              <label key={candidate.id} className="choice">
                <input type="radio" name="pet" value={candidate.id} />
                <PetChoice pet={candidate} />
              </label>
            ))}
          </fieldset>
        ) : null}
        {sender ? null : (
          <>
            <TextField meta={fields.nome} label="Nome" placeholder="Insira seu nome completo" autoComplete="name" />
            <TextField
              meta={fields.telefone}
              label="Telefone"
              placeholder="Insira seu telefone e/ou whatsapp"
              type="tel"
              autoComplete="tel"
            />
          </>
        )}
        <TextField
          meta={fields.nome__animal}
          label="Nome do animal"
          placeholder="Por qual animal você se interessou?"
          readOnly={Boolean(pet)}
        />
        <TextAreaField
          meta={fields.contato__texto}
          label="Mensagem"
          placeholder="Escreva sua mensagem"
          maxLength={300}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={fields.site.id}>Não preencha este campo</label>
          <input {...getInputProps(fields.site, { type: "text" })} tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="button panel__submit">
          Enviar
        </button>
      </ValidatedForm>
    </section>
  );
}
