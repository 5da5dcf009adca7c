import { getInputProps } from "@conform-to/react";
import { Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/pet.apadrinhe";
import { FormError, SelectField, TextField, ValidatedForm } from "~/components/form-fields";
import { PixGift } from "~/components/pix-gift";
import { OrganizationTrust } from "~/components/caretaker-kind";
import { useValidatedForm } from "~/components/use-validated-form";
import { petPixCode } from "~/domain/giving/pix.server";
import { isSponsoring, startSponsorship } from "~/domain/giving/sponsorships.server";
import { pageMeta } from "~/lib/meta";
import { sponsorshipSchema } from "~/validation/pix";
import { getUser, requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { giftPageAmount, toGiftCode } from "~/web/gift-page.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/pets/:id/apadrinhe` (issue 46): a gift towards an animal waiting for a home, by Pix, straight
 * to the organisation that takes care of it: once (anyone; nothing of the giver is kept), or every
 * month as its padrinho (signed in: the month's code comes by e-mail on the chosen day).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = pageId(params.id, "pet");
  const amount = giftPageAmount(request);
  const code = await petPixCode(context.db, id, amount.centavos);
  if (!code.ok) throw pageFailure(code.failure);
  const { pet, organizacao } = code.value;
  const user = await getUser(request, context.db);
  return {
    pet,
    organizacao,
    chosen: amount.chosen,
    error: amount.error,
    code: amount.wanted ? toGiftCode(code.value) : null,
    recebedor: code.value.nomeRecebedor,
    signedIn: user !== null,
    padrinho: user ? await isSponsoring(context.db, user.id, id) : false,
  };
}

/** `Apadrinhar todo mês`: the padrinho's monthly amount and day. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "pet");
  const form = await parseForm(request, sponsorshipSchema);
  if (!form.ok) return form.response;
  const started = await startSponsorship(context.db, context.jobs, user.id, id, form.value);
  if (!started.ok) return formFailure(form, started.failure);
  return redirect("/apadrinhamentos", { headers: { "Set-Cookie": await setNotice("sponsorshipStarted") } });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Apadrinhe | Adopet" }];
  return pageMeta(
    `Apadrinhe ${loaded.pet.nome} | Adopet`,
    `Ajude ${loaded.organizacao.nome} com a ração e o veterinário de ${loaded.pet.nome}, por Pix.`,
  );
}

const DAYS = Array.from({ length: 28 }, (_, index) => [String(index + 1), String(index + 1)] as [string, string]);

function MonthlyForm({ pet }: { pet: string }) {
  const [form, fields, focus] = useValidatedForm(sponsorshipSchema, useActionData<typeof action>(), {
    valor_mensal: "",
    dia: "10",
  });
  return (
    <ValidatedForm form={form} focus={focus} method="post" className="panel" aria-labelledby="todo-mes">
      <h2 className="panel__title" id="todo-mes">
        Apadrinhe todo mês
      </h2>
      <p>
        {`Todo mês, no dia que você escolher, chega por e-mail um código Pix com o valor para ${pet}. Você para quando quiser, com um clique.`}
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <TextField
        meta={fields.valor_mensal}
        label="Valor por mês (R$)"
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
      />
      <SelectField meta={fields.dia} label="Dia do mês" options={DAYS} />
      <label className="choice">
        <input {...getInputProps(fields.nome_publico, { type: "checkbox" })} />
        Pode mostrar meu nome entre os padrinhos na página de transparência da organização
      </label>
      <button type="submit" className="button panel__submit">
        Apadrinhar todo mês
      </button>
    </ValidatedForm>
  );
}

export default function SponsorPet() {
  const { pet, organizacao, chosen, error, code, signedIn, padrinho, recebedor } = useLoaderData<typeof loader>();
  return (
    <section className="profile">
      <h1 className="profile__title">{`Apadrinhe ${pet.nome}`}</h1>
      <OrganizationTrust nome={organizacao.nome} verificada={organizacao.verificada} recebedor={recebedor} />
      <p>
        {`Enquanto espera um lar, ${pet.nome} precisa de ração, vacinas e veterinário. A sua doação vai por Pix direto para ${organizacao.nome}, que cuida ${pet.femea ? "dela" : "dele"}.`}
      </p>
      <PixGift
        code={code}
        chosen={chosen}
        error={error}
        recipient={organizacao.nome}
        verified={organizacao.verificada}
      />
      {padrinho ? (
        <p className="panel">
          {`Você já apadrinha ${pet.nome}. `}
          <Link to="/apadrinhamentos">Ver os seus apadrinhamentos</Link>
        </p>
      ) : signedIn ? (
        <MonthlyForm pet={pet.nome} />
      ) : (
        <p className="panel">
          <span>{`Quer ajudar ${pet.nome} todo mês? `}</span>
          <Link to={`/login?voltar=${encodeURIComponent(`/pets/${pet.id}/apadrinhe`)}`}>
            Entre para apadrinhar todo mês
          </Link>
        </p>
      )}
      <p>
        <Link to={`/pets/${pet.id}`}>{`Voltar para ${pet.nome}`}</Link>
      </p>
    </section>
  );
}
