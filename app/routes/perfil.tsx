import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/perfil";
import { ChoiceGroup, FormError, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { CityField } from "~/components/city-field";
import { PhotoPicker } from "~/components/photo-picker";
import { useValidatedForm } from "~/components/use-validated-form";
import { toOwnUser } from "~/presenters/accounts";
import { findUser, updateProfile } from "~/domain/accounts/accounts.server";
import { CONFIRMATION_MESSAGES, perfilSchema } from "~/validation/accounts";
import { requireUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { pageMeta } from "~/lib/meta";
import { ORGANIZATION_ROLE_LABEL } from "~/lib/organizations";
import { membershipsOf } from "~/domain/organizations/membership.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const row = await findUser(context.db, user.id);
  if (!row) throw redirect("/login");
  return { profile: toOwnUser(row), organizations: await membershipsOf(context.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await parseForm(request, perfilSchema, { maxFiles: 1, hideFields: ["foto"] });
  if (!form.ok) return form.response;
  const { foto, ...fields } = form.value;
  const updated = await updateProfile(context.db, user.id, {
    ...fields,
    ...(foto ? { photo: Buffer.from(await foto.arrayBuffer()) } : {}),
  });
  if (!updated.ok) return formFailure(form, updated.failure, { fields: { photo: "foto" } });
  return redirect("/perfil", { headers: { "Set-Cookie": await setNotice("profileSaved") } });
}

// The photo comes first on the page, last in the schema.
const FIELD_ORDER = ["foto", "nome", "telefone", "cidade", "perfil__sobre", "tipo", "cnpj", "nome_publico"];

export function meta() {
  return pageMeta("Perfil | Adopet", "Seu perfil na Adopet, como aparece para quem recebe sua mensagem.");
}

export default function Perfil() {
  const { profile, organizations } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(
    perfilSchema,
    lastResult,
    {
      nome: profile.nome,
      telefone: profile.telefone ?? "",
      // With its state, so a name several states have is saved again as it is.
      cidade: profile.cidade && profile.uf ? `${profile.cidade} (${profile.uf})` : (profile.cidade ?? ""),
      perfil__sobre: profile.perfil__sobre ?? "",
      tipo: profile.tipo,
      cnpj: profile.cnpj ?? "",
      nome_publico: profile.nome_publico ?? "",
    },
    FIELD_ORDER,
  );
  // An ONG's fields, once the account is (or is being made) an ONG; without JavaScript, after a refusal.
  const ong = (fields.tipo.value ?? profile.tipo) === "ong";
  return (
    <section className="profile">
      <p className="profile__lead">Esse é o perfil que aparece para responsáveis ou ONGs que recebem sua mensagem.</p>
      {profile.email_confirmado ? null : (
        <Form method="post" action="/perfil/confirmacao" className="panel profile__confirm">
          <p>{CONFIRMATION_MESSAGES.pending}</p>
          <button type="submit" className="button">
            Reenviar e-mail de confirmação
          </button>
        </Form>
      )}
      <ValidatedForm form={form} focus={focus} encType="multipart/form-data" className="panel profile__form">
        <h1 className="page-title">Perfil</h1>
        <FormError id={form.errorId} errors={form.errors} />
        <PhotoPicker
          meta={fields.foto}
          current={profile.foto}
          onChosen={() => form.validate({ name: fields.foto.name })}
        />
        <TextField meta={fields.nome} label="Nome" autoComplete="name" />
        <TextField meta={fields.telefone} label="Telefone" type="tel" autoComplete="tel" />
        <CityField
          meta={fields.cidade}
          label="Cidade"
          hint={
            profile.cidade && profile.cidade_ibge === null
              ? "Escolha sua cidade entre as sugestões: a que está salva não está na lista de cidades do IBGE."
              : undefined
          }
        />
        <TextAreaField meta={fields.perfil__sobre} label="Sobre" maxLength={300} />
        <ChoiceGroup
          meta={fields.tipo}
          legend="Tipo de conta"
          type="radio"
          hint="Uma ONG informa o CNPJ e o nome pelo qual é conhecida; as páginas mostram “ONG”."
          options={[
            ["pessoa", "Pessoa"],
            ["ong", "ONG"],
          ]}
        />
        {ong ? (
          <>
            <TextField meta={fields.cnpj} label="CNPJ" placeholder="00.000.000/0000-00" maxLength={18} />
            <TextField
              meta={fields.nome_publico}
              label="Nome público da ONG"
              maxLength={80}
              autoComplete="organization"
            />
          </>
        ) : null}
        <button type="submit" className="button panel__submit">
          Salvar
        </button>
      </ValidatedForm>
      {organizations.length > 0 ? (
        <nav className="panel profile__organizations" aria-labelledby="perfil-organizacoes">
          <h2 className="panel__title" id="perfil-organizacoes">
            Suas organizações
          </h2>
          <ul>
            {organizations.map((organization) => (
              <li key={organization.id}>
                <Link to={`/organizacoes/${organization.id}/configuracoes`}>{organization.nome}</Link> ·{" "}
                {ORGANIZATION_ROLE_LABEL[organization.papel]}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav className="profile__more" aria-label="Conta">
        <Link to="/perfil/senha">Alterar senha</Link>
        <Link to="/organizacoes/nova">Criar organização</Link>
        <Link to="/perfil/dados" reloadDocument download>
          Baixar meus dados
        </Link>
        <Link to="/perfil/excluir">Excluir minha conta</Link>
      </nav>
    </section>
  );
}
