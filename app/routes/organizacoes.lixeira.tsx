import { data, Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.lixeira";
import { organizationForMember } from "~/domain/organizations/organizations.server";
import { listTrash, restoreFromTrash } from "~/domain/organizations/trash.server";
import { formatDateTime } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { roleMay } from "~/lib/organizations";
import { TRASH_DAYS } from "~/lib/trash";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/organizacoes/:id/lixeira` (issue 63): what the organisation's team deleted in the last 30
 * days, for its administradores and equipe; an administrador restores each (`Restaurar`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const items = await listTrash(context.db, user.id, id);
  if (!items.ok) throw pageFailure(items.failure);
  return {
    organization: { id, nome: organization.value.nome, admin: roleMay(organization.value.papel, "administrar") },
    items: items.value.map((item) => ({
      id: item.id,
      resumo: item.resumo,
      // Written on the server: the time in Brasília, whatever the browser's time zone.
      apagado: `Apagado${item.apagadoPor ? ` por ${item.apagadoPor}` : ""} em ${formatDateTime(item.apagadoEm)}`,
      expira: `Pode ser restaurado até ${formatDateTime(item.expiraEm)}`,
    })),
  };
}

/** `?acao=restaurar&item=`: an administrador brings an item back. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const url = new URL(request.url);
  const itemId = url.searchParams.get("item");
  if (url.searchParams.get("acao") !== "restaurar") throw data("Ação desconhecida.", { status: 400 });
  if (!isId(itemId)) throw data("Este item não está mais na Lixeira.", { status: 404 });
  const restored = await restoreFromTrash(context.db, user.id, id, itemId);
  if (!restored.ok) throw pageFailure(restored.failure);
  return redirect(`/organizacoes/${id}/lixeira`, { headers: { "Set-Cookie": await setNotice("trashRestored") } });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Lixeira de ${loaded.organization.nome} | Adopet` : "Lixeira | Adopet",
    "O que a equipe apagou nos últimos 30 dias.",
  );
}

export default function OrganizationTrash() {
  const { organization, items } = useLoaderData<typeof loader>();
  return (
    <section className="profile organization-activity">
      <div className="panel">
        <h1 className="page-title">Lixeira</h1>
        <p>
          {`As despesas e os registros de saúde que a equipe de ${organization.nome} apagou ficam aqui por ${TRASH_DAYS} dias, com o comprovante ou os arquivos. `}
          {organization.admin
            ? "Restaure o que foi apagado por engano; depois desse prazo, o registro é apagado de vez."
            : "Um administrador pode restaurar o que foi apagado por engano; depois desse prazo, o registro é apagado de vez."}
        </p>
        {items.length === 0 ? (
          <p>A Lixeira está vazia.</p>
        ) : (
          <ul className="organization-activity__list" aria-label="Itens da Lixeira">
            {items.map((item) => (
              <li key={item.id} className="organization-activity__item trash__item">
                <p>
                  <strong>{item.resumo}</strong>
                </p>
                <p className="pet-health__detail">
                  {item.apagado}. {item.expira}.
                </p>
                {organization.admin ? (
                  <Form method="post" action={`?acao=restaurar&item=${item.id}`}>
                    <button type="submit" className="button" aria-label={`Restaurar: ${item.resumo}`}>
                      Restaurar
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="organization-activity__nav">
          <Link to={`/organizacoes/${organization.id}/hoje`}>Voltar para Hoje</Link>
        </p>
      </div>
    </section>
  );
}
