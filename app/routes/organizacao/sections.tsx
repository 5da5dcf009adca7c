import { Form, useActionData, useLoaderData } from "react-router";
import { FormError, SelectField, TextField, ValidatedForm } from "~/components/form-fields";
import { OrganizationForm } from "~/components/organization-form";
import { useValidatedForm } from "~/components/use-validated-form";
import { formatCnpj, ORGANIZATION_ROLE_LABEL, ORGANIZATION_ROLES } from "~/lib/organizations";
import { invitationSchema, organizationLogoSchema } from "~/validation/organizations";
import { pixKeySchema } from "~/validation/pix";
import { PIX_CITY_MAX, PIX_NAME_MAX } from "~/lib/pix";
import { PhotoPicker } from "~/components/photo-picker";
import { imageUrl } from "~/lib/image-urls";
import type { loadOrganizationPage } from "./page.server";
import type { Intent, IntentAnswer, runOrganizationIntent } from "./intents.server";

/** The organisation page's sections and forms, each reading the page's data and its own form's reply. */

const ROLE_OPTIONS = ORGANIZATION_ROLES.map((role) => [role, ORGANIZATION_ROLE_LABEL[role]] as [string, string]);

/** The reply to the form of `intent` (of `alvo`'s row: a member's, a transfer's), if it was the one sent. */
export function useIntentResult(intent: Intent, alvo?: string) {
  const answer = useActionData<typeof runOrganizationIntent>() as IntentAnswer | undefined;
  return answer?.intent === intent && answer.alvo === alvo ? answer.result : undefined;
}

/** The first message of a refused button's form. */
function errorsOf(result: IntentAnswer["result"] | undefined): string[] | undefined {
  if (result?.status !== "error" || !result.error) return undefined;
  const messages = Object.values(result.error).flatMap((list) => list ?? []);
  return messages.length > 0 ? messages : undefined;
}

export function DataSection() {
  const { organization, admin } = useLoaderData<typeof loadOrganizationPage>();
  const lastResult = useIntentResult("dados");
  if (admin) {
    return (
      <OrganizationForm
        title="Dados da organização"
        submitLabel="Salvar"
        action="?acao=dados"
        lastResult={lastResult}
        note={
          organization.verificada
            ? "Se o nome ou o CNPJ mudar, a equipe da Adopet confere a organização de novo antes de devolver o selo."
            : undefined
        }
        defaultValue={{
          nome: organization.nome,
          cnpj: organization.cnpj ? formatCnpj(organization.cnpj) : "",
          cidade: organization.cidade ?? "",
          uf: organization.uf ?? "",
          sobre: organization.sobre ?? "",
        }}
      />
    );
  }
  return (
    <section className="panel" aria-labelledby="organizacao-dados">
      <h2 className="panel__title" id="organizacao-dados">
        Dados da organização
      </h2>
      <p className="organization__note">Só quem administra a organização altera os dados dela.</p>
      <dl className="organization__data">
        <dt>CNPJ</dt>
        <dd>{organization.cnpj ? formatCnpj(organization.cnpj) : "Sem CNPJ"}</dd>
        <dt>Cidade</dt>
        <dd>{organization.cidade ? `${organization.cidade} (${organization.uf})` : "Não informada"}</dd>
        <dt>Sobre</dt>
        <dd className="organization__about">{organization.sobre ?? "Nada escrito ainda."}</dd>
      </dl>
    </section>
  );
}

/** The organisation's logo, for its administradores: choose an image, or take it off. */
export function LogoSection() {
  const { organization } = useLoaderData<typeof loadOrganizationPage>();
  const lastResult = useIntentResult("logo");
  const removal = errorsOf(useIntentResult("tirar_logo"));
  const [form, fields, focus] = useValidatedForm(organizationLogoSchema, lastResult);
  const current = organization.logoId ? imageUrl(organization.logoId, 320) : null;
  return (
    <section className="panel" aria-labelledby="organizacao-logo">
      <h2 className="panel__title" id="organizacao-logo">
        Logo
      </h2>
      <ValidatedForm form={form} focus={focus} action="?acao=logo" encType="multipart/form-data">
        <FormError id={form.errorId} errors={form.errors} />
        <PhotoPicker
          meta={fields.logo}
          current={current}
          onChosen={() => form.validate({ name: fields.logo.name })}
          label="Imagem do logo"
          square
          alt={`Logo de ${organization.nome}`}
          hint="Clique na imagem para escolher outra: PNG ou JPEG, até 5 MB. Ela aparece onde o nome da organização aparece."
        />
        <button type="submit" className="button panel__submit">
          Salvar o logo
        </button>
      </ValidatedForm>
      {current ? (
        <Form method="post" action="?acao=tirar_logo" className="organization__remove-logo">
          <FormError id="tirar-logo-erro" errors={removal} />
          <button type="submit" className="my-pet__action">
            Tirar o logo
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * Where gifts go (issue 46): administradores set the Pix key; the team sees it. Every change is
 * e-mailed to all administradores, so a hijacked account redirecting gifts does not go unseen.
 */
export function PixSection() {
  const { organization, admin, pix } = useLoaderData<typeof loadOrganizationPage>();
  const [form, fields, focus] = useValidatedForm(pixKeySchema, useIntentResult("pix"), {
    chave: pix?.chave ?? "",
    nome_recebedor: pix?.nomeRecebedor ?? "",
    cidade_recebedor: pix?.cidadeRecebedor ?? "",
  });
  const current = pix ? (
    <dl className="organization__data">
      <dt>Chave</dt>
      <dd>{`${pix.chave} (${pix.tipo})`}</dd>
      <dt>Quem recebe</dt>
      <dd>{`${pix.nomeRecebedor}, ${pix.cidadeRecebedor}`}</dd>
      <dt>Alterada em</dt>
      <dd>{pix.alteradaEm}</dd>
    </dl>
  ) : (
    <p className="organization__note">Ainda sem chave Pix: a organização não recebe doações pela Adopet.</p>
  );
  if (!admin) {
    return (
      <section className="panel" aria-labelledby="pix">
        <h2 className="panel__title" id="pix">
          Doações por Pix
        </h2>
        {current}
        <p className="organization__note">Só quem administra a organização altera a chave Pix.</p>
      </section>
    );
  }
  return (
    <ValidatedForm form={form} focus={focus} action="?acao=pix" className="panel" aria-labelledby="pix">
      <h2 className="panel__title" id="pix">
        Doações por Pix
      </h2>
      {current}
      <p className="organization__note">
        {`Com a chave, ${organization.nome} recebe doações e apadrinhamentos direto na conta, sem passar pela Adopet. A chave, o nome e a cidade aparecem no código Pix de quem doa. Cada alteração é avisada por e-mail a todos os administradores.`}
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <TextField
        meta={fields.chave}
        label="Chave Pix"
        autoComplete="off"
        maxLength={120}
        hint="CPF, CNPJ, e-mail, celular com DDD ou chave aleatória, como cadastrada no banco."
      />
      <TextField
        meta={fields.nome_recebedor}
        label="Nome de quem recebe"
        autoComplete="off"
        maxLength={PIX_NAME_MAX}
        hint={`Como o banco mostra a quem paga, até ${PIX_NAME_MAX} caracteres.`}
      />
      <TextField
        meta={fields.cidade_recebedor}
        label="Cidade de quem recebe"
        autoComplete="off"
        maxLength={PIX_CITY_MAX}
        hint={`Até ${PIX_CITY_MAX} caracteres.`}
      />
      <button type="submit" className="button panel__submit">
        Salvar a chave Pix
      </button>
    </ValidatedForm>
  );
}

export function MembersSection() {
  const { members, admin } = useLoaderData<typeof loadOrganizationPage>();
  return (
    <section className="panel organization__members" aria-labelledby="organizacao-membros">
      <h2 className="panel__title" id="organizacao-membros">
        Membros
      </h2>
      {admin ? (
        <p className="organization__note">
          Administradores cuidam dos membros, convites e dados da organização; a equipe cuida dos animais, candidaturas
          e conversas; o lar temporário recebe em casa os animais que a organização deixar com ele.
        </p>
      ) : null}
      <ul className="organization__list">
        {members.map((member) => (
          <MemberRow key={member.id} member={member} />
        ))}
      </ul>
    </section>
  );
}

type Member = Awaited<ReturnType<typeof loadOrganizationPage>>["members"][number];

function MemberRow({ member }: { member: Member }) {
  const { admin, me, settled } = useLoaderData<typeof loadOrganizationPage>();
  const roleErrors = errorsOf(useIntentResult("papel", member.id));
  const removeErrors = errorsOf(useIntentResult("remover", member.id));
  const trustErrors = errorsOf(useIntentResult("liberar", member.id));
  const self = member.id === me;
  return (
    <li className="organization__member">
      <div className="organization__member-head">
        <span className="organization__member-name">
          {member.nome}
          {self ? " (você)" : null}
        </span>
        <span>
          {ORGANIZATION_ROLE_LABEL[member.papel]} · desde {member.desde}
        </span>
      </div>
      {member.novoAte ? (
        <div className="organization__new-admin">
          <p className="organization__note">
            Administrador novo: até {member.novoAte} não altera a chave Pix nem muda o papel de outros membros ou os
            remove.
          </p>
          {settled && !self ? (
            <Form method="post" action={`?acao=liberar&membro=${member.id}`}>
              <FormError id={`liberar-erro-${member.id}`} errors={trustErrors} />
              <button type="submit" className="my-pet__action">
                Liberar {member.nome} agora
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {admin ? (
        <div className="organization__member-tools">
          <Form method="post" action={`?acao=papel&membro=${member.id}`} className="organization__role-form">
            <FormError id={`papel-erro-${member.id}`} errors={roleErrors} />
            <div className="field">
              <label className="field__label" htmlFor={`papel-${member.id}`}>
                Papel de {member.nome}
              </label>
              <select
                id={`papel-${member.id}`}
                name="papel"
                className="field__control"
                defaultValue={member.papel}
                aria-describedby={`papel-erro-${member.id}`}
              >
                {ROLE_OPTIONS.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="my-pet__action">
              Salvar papel
            </button>
          </Form>
          {self ? null : (
            // A confirmation without scripts: the button that removes is behind a second click.
            <details className="organization__remove">
              <summary className="my-pet__action my-pet__action--danger">Remover</summary>
              <Form method="post" action={`?acao=remover&membro=${member.id}`} className="organization__confirm">
                <FormError id={`remover-erro-${member.id}`} errors={removeErrors} />
                <p>{member.nome} deixa de fazer parte da organização. Para voltar, precisa de um novo convite.</p>
                <button type="submit" className="my-pet__action my-pet__action--danger">
                  Remover {member.nome}
                </button>
              </Form>
            </details>
          )}
        </div>
      ) : null}
    </li>
  );
}

export function InviteSection() {
  const { invitationDays } = useLoaderData<typeof loadOrganizationPage>();
  const [form, fields, focus] = useValidatedForm(invitationSchema, useIntentResult("convidar"), { papel: "equipe" });
  return (
    <ValidatedForm form={form} focus={focus} action="?acao=convidar" className="panel" aria-labelledby="convidar">
      <h2 className="panel__title" id="convidar">
        Convidar
      </h2>
      <p className="organization__note">
        A pessoa recebe um link por e-mail, que vale por {invitationDays} dias. Ela aceita com a conta desse e-mail (ou
        cria uma).
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="organization__invite">
        <TextField meta={fields.email} label="Email" type="email" autoComplete="off" maxLength={50} />
        <SelectField meta={fields.papel} label="Papel" options={ROLE_OPTIONS} />
      </div>
      <button type="submit" className="button panel__submit">
        Enviar convite
      </button>
    </ValidatedForm>
  );
}

export function PendingSection() {
  const { pending } = useLoaderData<typeof loadOrganizationPage>();
  return (
    <section className="panel" aria-labelledby="convites-pendentes">
      <h2 className="panel__title" id="convites-pendentes">
        Convites pendentes
      </h2>
      {pending.length === 0 ? (
        <p className="organization__note">Nenhum convite esperando resposta.</p>
      ) : (
        <ul className="organization__list">
          {pending.map((invitation) => (
            <PendingRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Pending = Awaited<ReturnType<typeof loadOrganizationPage>>["pending"][number];

function PendingRow({ invitation }: { invitation: Pending }) {
  const errors = errorsOf(useIntentResult("cancelar_convite", invitation.id));
  return (
    <li className="organization__member">
      <div className="organization__member-head">
        <span className="organization__member-name">{invitation.convidado}</span>
        <span>
          {invitation.papel} · vale até {invitation.expiraEm}
          {invitation.convidadoPor ? ` · enviado por ${invitation.convidadoPor}` : null}
        </span>
      </div>
      {/* A confirmation without scripts, as for removing a member. */}
      <details className="organization__remove">
        <summary className="my-pet__action my-pet__action--danger">Cancelar convite</summary>
        <Form
          method="post"
          action={`?acao=cancelar_convite&convite=${invitation.id}`}
          className="organization__confirm"
        >
          <FormError id={`cancelar-convite-erro-${invitation.id}`} errors={errors} />
          <p>O link enviado para {invitation.convidado} deixa de valer. Para convidar de novo, envie outro convite.</p>
          <button type="submit" className="my-pet__action my-pet__action--danger">
            Cancelar o convite de {invitation.convidado}
          </button>
        </Form>
      </details>
    </li>
  );
}

export function LeaveSection() {
  const errors = errorsOf(useIntentResult("sair"));
  return (
    <Form method="post" action="?acao=sair" className="panel" aria-labelledby="sair-organizacao">
      <h2 className="panel__title" id="sair-organizacao">
        Sair da organização
      </h2>
      <FormError id="sair-erro" errors={errors} />
      <p className="organization__note">
        Você deixa de ver e cuidar dos animais da organização. Para voltar, precisa de um novo convite.
      </p>
      <button type="submit" className="my-pet__action my-pet__action--danger organization__leave">
        Sair da organização
      </button>
    </Form>
  );
}

/** Animals passed to or from the organisation (issue 43), and the code another one asks for. */
export function TransfersSection() {
  const { organization, transfers } = useLoaderData<typeof loadOrganizationPage>();
  return (
    <section className="panel" aria-labelledby="transferencias">
      <h2 className="panel__title" id="transferencias">
        Transferências
      </h2>
      <p className="organization__note">
        Para receber um animal de outra organização, passe a quem a administra o código desta:{" "}
        <code className="organization__code">{organization.id}</code>. Para transferir um animal, abra a edição dele.
      </p>
      {transfers.length === 0 ? (
        <p className="organization__note">Nenhuma transferência ainda.</p>
      ) : (
        <ul className="organization__list">
          {transfers.map((transfer) => (
            <TransferRow key={transfer.id} transfer={transfer} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Transfer = ReturnType<typeof useLoaderData<typeof loadOrganizationPage>>["transfers"][number];

function TransferRow({ transfer }: { transfer: Transfer }) {
  const accepted = useIntentResult("aceitar_transferencia", transfer.id);
  const declined = useIntentResult("recusar_transferencia", transfer.id);
  const cancelled = useIntentResult("cancelar_transferencia", transfer.id);
  const errors = errorsOf(accepted ?? declined ?? cancelled);
  const action = (intent: Intent) => `?acao=${intent}&transferencia=${transfer.id}`;
  return (
    <li className="organization__member">
      <span className="organization__member-name">
        {transfer.pet} {transfer.recebida ? `de ${transfer.outra}` : `para ${transfer.outra}`}
      </span>
      <span>
        {transfer.status} · {transfer.em}
      </span>
      <FormError id={`transferencia-${transfer.id}-erro`} errors={errors} />
      {transfer.pendente ? (
        <div className="organization__actions">
          {transfer.recebida ? (
            <>
              <Form method="post" action={action("aceitar_transferencia")}>
                <button type="submit" className="button" aria-label={`Aceitar ${transfer.pet}`}>
                  Aceitar
                </button>
              </Form>
              <Form method="post" action={action("recusar_transferencia")}>
                <button type="submit" className="my-pet__action" aria-label={`Recusar ${transfer.pet}`}>
                  Recusar
                </button>
              </Form>
            </>
          ) : (
            <Form method="post" action={action("cancelar_transferencia")}>
              <button
                type="submit"
                className="my-pet__action"
                aria-label={`Cancelar a transferência de ${transfer.pet}`}
              >
                Cancelar pedido
              </button>
            </Form>
          )}
        </div>
      ) : null}
    </li>
  );
}
