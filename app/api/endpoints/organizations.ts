import { z } from "zod";
import { PANEL_MAX_MONTHS } from "~/lib/panel";
import { ACTIVITY_KINDS, activityFiltersOf } from "~/lib/organizations";
import { membershipsOf } from "~/domain/organizations/membership.server";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  findInvitation,
  invitationSeenBy,
  inviteMember,
  listPendingInvitations,
  looksLikeInvitationToken,
} from "~/domain/organizations/invitations.server";
import { changeMemberRole, removeMember, trustNewAdministrator } from "~/domain/organizations/members.server";
import {
  createOrganization,
  listMembers,
  organizationForMember,
  updateOrganization,
} from "~/domain/organizations/organizations.server";
import {
  activitySchema,
  createdIdSchema,
  invitationsSchema,
  invitationViewSchema,
  membersSchema,
  organizationSchema,
  panelSchema,
  organizationsSchema,
  organizationSummarySchema,
  organizationAnimalsSchema,
  todaySchema,
  dailySummarySchema,
} from "~/openapi/responses";
import {
  invitationSchema,
  memberRoleSchema,
  dailySummaryChoiceSchema,
  organizationPatchSchema,
  apiOrganizationSchema,
  readPanelRange,
} from "~/validation/organizations";
import { notFound } from "~/services/outcome.server";
import { apiError, apiFailure, imageFromDataUrl, parseJsonBody } from "~/web/api.server";
import { namedCity, requiredCity } from "~/validation/fields";
import { JSON_WITH_PHOTO_MAX_BYTES } from "~/web/body.server";
import { getUser } from "~/web/auth.server";
import { listActivity, parseActivityCursor } from "~/domain/organizations/activity.server";
import { organizationPanel } from "~/domain/organizations/panel.server";
import { endpoint, idParam, type PathParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { toApiPanel } from "~/presenters/panel";
import { toApiOrganizationAnimal } from "~/presenters/pets";
import { organizationToday } from "~/domain/organizations/today.server";
import { setDailySummary } from "~/domain/organizations/daily-summary.server";
import { ANIMALS_PAGE_SIZE, listOrganizationAnimals } from "~/domain/pets/organization-animals.server";
import { animalsQuerySchema, readAnimalFilters } from "~/validation/organization-animals";
import {
  toApiActivity,
  toApiInvitations,
  toApiMembers,
  toApiMembership,
  toApiOrganization,
  toApiToday,
} from "~/presenters/organizations";

/** Organisations (issue 43): an ONG as a team, its data and its members. */

const organization = idParam("organization", "da organização");
const activityQuery = z.object({
  antes: z.string().optional().meta({ description: "O `proxima` da página anterior." }),
  acao: z.enum(ACTIVITY_KINDS).optional().meta({ description: "Só este tipo." }),
  pessoa: z.uuid().optional().meta({ description: "Só o que esta pessoa fez (o `membro.id`)." }),
});
const member = idParam("member", "da pessoa");
const invitation = idParam("invitation", "do convite");
const panelQuery = z.object({
  de: z
    .string()
    .optional()
    .meta({ description: "O primeiro mês, AAAA-MM (padrão: onze meses antes de `ate`).", example: "2026-01" }),
  ate: z.string().optional().meta({ description: "O último mês, AAAA-MM (padrão: o mês atual).", example: "2026-12" }),
});

/** The token of an invitation's link (as e-mailed); one of another shape is no invitation. */
const invitationToken: PathParam = {
  schema: z.string().meta({ description: "O código do link do convite, como chegou por e-mail." }),
  parse: (raw) => (looksLikeInvitationToken(raw) ? raw : undefined),
  refused: () => apiFailure(notFound("invitation").failure),
};
const NO_STORE = { "Cache-Control": "no-store" };

export const organizationEndpoints = [
  endpoint({
    method: "get",
    path: "/organizacoes",
    access: "signed-in",
    doc: {
      tags: ["Organizações"],
      summary: "As suas organizações",
      description: "As organizações de que você é membro, com o seu papel em cada uma.",
      ok: { 200: answer("As organizações, por nome.", organizationsSchema) },
    },
    async handle({ context, user }) {
      const memberships = await membershipsOf(context.db, user.id);
      return Response.json({ organizacoes: memberships.map(toApiMembership) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes",
    access: "signed-in",
    doc: {
      tags: ["Organizações"],
      summary: "Criar uma organização",
      description:
        "Quem cria é o primeiro administrador. O CNPJ é opcional (um grupo de protetores pode não ter); " +
        "o selo de verificada é dado depois pela equipe da Adopet.",
      requestBody: { content: json(apiOrganizationSchema) },
      ok: { 201: answer("A organização criada (`Location` diz seu endereço).", createdIdSchema) },
      errors: {
        403: "O e-mail da conta ainda não foi confirmado.",
        409: "O CNPJ é de uma organização verificada.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, apiOrganizationSchema);
      if (!parsed.ok) return parsed.response;
      const created = await createOrganization(context.db, user.id, requiredCity(parsed.data));
      if (!created.ok) return apiFailure(created.failure);
      return Response.json(
        { id: created.value },
        { status: 201, headers: { Location: `/adopet/api/organizacoes/${created.value}`, ...NO_STORE } },
      );
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Ver uma organização",
      description: "Só para os membros dela.",
      ok: { 200: answer("A organização.", organizationSchema) },
      errors: { 404: "Organização não encontrada (ou você não é membro dela)." },
    },
    async handle({ params, context, user }) {
      const found = await organizationForMember(context.db, user.id, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(toApiOrganization(found.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/organizacoes/{id}",
    bodyLimit: JSON_WITH_PHOTO_MAX_BYTES,
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Alterar os dados de uma organização",
      description:
        "Só administradores. O que vem muda, o que falta fica como está. Um nome ou CNPJ novo tira o selo de " +
        "verificada até a equipe da Adopet conferir de novo. `logo__upload`: uma imagem PNG ou JPEG como data URL " +
        "(base64), ou null para tirar o logo. Tudo muda junto, ou nada.",
      requestBody: { content: json(organizationPatchSchema) },
      ok: noContent("Alterada."),
      errors: {
        403: "Só quem administra a organização pode alterá-la.",
        404: "Organização não encontrada (ou você não é membro dela).",
        409: "O CNPJ é de uma organização verificada.",
        413: "O logo passa de 5 MB.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, organizationPatchSchema, { maxBytes: JSON_WITH_PHOTO_MAX_BYTES });
      if (!parsed.ok) return parsed.response;
      const { logo__upload, ...fields } = namedCity(parsed.data);
      const logo = imageFromDataUrl(logo__upload, "logo__upload");
      if (!logo.ok) return logo.response;
      const updated = await updateOrganization(context.db, user.id, params.id, { ...fields, logo: logo.image });
      if (!updated.ok) return apiFailure(updated.failure, { fields: { logo: "logo__upload" } });
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/membros",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Os membros de uma organização",
      description: "Só para os membros dela: administradores primeiro, depois equipe e lares temporários.",
      ok: { 200: answer("Os membros.", membersSchema) },
      errors: { 404: "Organização não encontrada (ou você não é membro dela)." },
    },
    async handle({ params, context, user }) {
      const members = await listMembers(context.db, user.id, params.id);
      if (!members.ok) return apiFailure(members.failure);
      return Response.json(toApiMembers(members.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/convites",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Convidar alguém para a organização",
      description:
        "Só administradores. Envia por e-mail um link que vale 7 dias, usado uma vez, aceito só pela conta desse " +
        "e-mail. Um convite ainda sem resposta para o mesmo e-mail é substituído.",
      requestBody: { content: json(invitationSchema) },
      ok: { 201: answer("O convite criado (o e-mail sai em seguida).", createdIdSchema) },
      errors: {
        403: "Só quem administra a organização pode convidar.",
        404: "Organização não encontrada (ou você não é membro dela).",
        409: "Esta pessoa já faz parte da organização.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, invitationSchema);
      if (!parsed.ok) return parsed.response;
      const invited = await inviteMember(context.db, context.jobs, user.id, params.id, parsed.data);
      if (!invited.ok) return apiFailure(invited.failure);
      return Response.json({ id: invited.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/convites",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Os convites esperando resposta",
      description:
        "Só administradores. Os convites ainda válidos, dos mais antigos aos mais novos: um convite deixa de valer " +
        "quando é respondido, cancelado, substituído, quando passam 7 dias ou quando quem o enviou deixa de ter o " +
        "papel que podia enviá-lo.",
      ok: { 200: answer("Os convites.", invitationsSchema) },
      errors: {
        403: "Só quem administra a organização vê os convites.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ params, context, user }) {
      const pending = await listPendingInvitations(context.db, user.id, params.id);
      if (!pending.ok) return apiFailure(pending.failure);
      return Response.json(toApiInvitations(pending.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/organizacoes/{id}/convites/{conviteId}",
    access: "signed-in",
    params: { id: organization, conviteId: invitation },
    doc: {
      tags: ["Organizações"],
      summary: "Cancelar um convite",
      description: "Só administradores. O link do convite para de valer na hora; fica no registro de atividade.",
      ok: noContent("Cancelado."),
      errors: {
        403: "Só quem administra a organização cancela convites.",
        404: "Convite não encontrado nesta organização, ou já respondido ou cancelado.",
      },
    },
    async handle({ params, context, user }) {
      const cancelled = await cancelInvitation(context.db, user.id, params.id, params.conviteId);
      if (!cancelled.ok) return apiFailure(cancelled.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/convites/{token}",
    access: "anyone",
    params: { token: invitationToken },
    doc: {
      tags: ["Organizações"],
      summary: "Ver um convite pelo seu link",
      description:
        "O que a página do link mostra: a organização, o papel, quem convidou e o que foi feito do convite. Abrir não muda nada; o e-mail convidado só aparece inteiro para a conta dele.",
      ok: { 200: answer("O convite.", invitationViewSchema) },
      errors: { 404: "Nenhum convite com esse código." },
    },
    async handle({ request, params, context }) {
      const invitation = await findInvitation(context.db, params.token);
      if (!invitation) return apiFailure(notFound("invitation").failure);
      const { viewer, email } = invitationSeenBy(invitation, await getUser(request, context.db));
      return Response.json(
        {
          organizacao: {
            id: invitation.organizationId,
            nome: invitation.organizacao,
            verificada: invitation.verificada,
          },
          papel: invitation.papel,
          convidado_por: invitation.convidadoPor,
          email,
          quem_abre: viewer,
          status: invitation.status,
        },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/convites/{token}/aceitar",
    access: "signed-in",
    params: { token: invitationToken },
    doc: {
      tags: ["Organizações"],
      summary: "Aceitar um convite",
      description: "Com a conta do e-mail para onde o convite foi enviado; uma vez só, em até 7 dias.",
      ok: { 200: answer("A organização de que você agora é membro, com o seu papel.", organizationSummarySchema) },
      errors: {
        400: "O convite não vale mais (respondido, expirado, cancelado ou substituído).",
        403: "O convite foi enviado para outro e-mail.",
        404: "Nenhum convite com esse código.",
      },
    },
    async handle({ params, context, user }) {
      const accepted = await acceptInvitation(context.db, user.id, params.token);
      if (!accepted.ok) return apiFailure(accepted.failure);
      const [joined] = (await membershipsOf(context.db, user.id)).filter(
        (membership) => membership.id === accepted.value.organizationId,
      );
      return Response.json(toApiMembership(joined!), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/convites/{token}/recusar",
    access: "anyone",
    params: { token: invitationToken },
    doc: {
      tags: ["Organizações"],
      summary: "Recusar um convite",
      description: "Quem tem o link pode recusar, com ou sem conta.",
      ok: noContent("Recusado."),
      errors: {
        400: "O convite não vale mais (respondido, expirado, cancelado ou substituído).",
        404: "Nenhum convite com esse código.",
      },
    },
    async handle({ params, context }) {
      const declined = await declineInvitation(context.db, params.token);
      if (!declined.ok) return apiFailure(declined.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/organizacoes/{id}/membros/{usuarioId}",
    access: "signed-in",
    params: { id: organization, usuarioId: member },
    doc: {
      tags: ["Organizações"],
      summary: "Mudar o papel de um membro",
      description: "Só administradores. A organização mantém ao menos um administrador.",
      requestBody: { content: json(memberRoleSchema) },
      ok: noContent("Papel alterado."),
      errors: {
        403: "Só quem administra a organização pode mudar papéis.",
        404: "Organização ou membro não encontrado.",
        409: "É o último administrador.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, memberRoleSchema);
      if (!parsed.ok) return parsed.response;
      const changed = await changeMemberRole(
        context.db,
        context.jobs,
        user.id,
        params.id,
        params.usuarioId,
        parsed.data.papel,
      );
      if (!changed.ok) return apiFailure(changed.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/membros/{usuarioId}/liberar",
    access: "signed-in",
    params: { id: organization, usuarioId: member },
    doc: {
      tags: ["Organizações"],
      summary: "Liberar um administrador novo antes de 72 horas",
      description:
        "Quem se torna administrador (por convite ou mudança de papel) espera 72 horas para alterar a chave Pix e " +
        "mudar o papel de outros membros ou removê-los. Um administrador mais antigo pode liberar antes; fica no " +
        "registro de atividade.",
      ok: noContent("Liberado."),
      errors: {
        403: "Só um administrador de mais de 72 horas libera outro.",
        404: "Organização ou administrador não encontrado.",
      },
    },
    async handle({ params, context, user }) {
      const trusted = await trustNewAdministrator(context.db, user.id, params.id, params.usuarioId);
      if (!trusted.ok) return apiFailure(trusted.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/organizacoes/{id}/membros/{usuarioId}",
    access: "signed-in",
    params: { id: organization, usuarioId: member },
    doc: {
      tags: ["Organizações"],
      summary: "Remover um membro, ou sair da organização",
      description:
        "Administradores removem qualquer membro; qualquer membro sai com o próprio id. O último administrador não sai.",
      ok: noContent("Removido."),
      errors: {
        403: "Só quem administra a organização pode remover outra pessoa.",
        404: "Organização ou membro não encontrado.",
        409: "É o último administrador.",
      },
    },
    async handle({ params, context, user }) {
      const removed = await removeMember(context.db, context.jobs, user.id, params.id, params.usuarioId);
      if (!removed.ok) return apiFailure(removed.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/atividade",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "O registro de atividade",
      description:
        "Só administradores: quem fez o quê e quando (animais publicados, alterados e removidos, candidaturas movidas " +
        "com as decisões e seus motivos, atribuídas, termos emitidos e assinados, convites, entradas, papéis, saídas, " +
        "dados da organização), o mais novo primeiro, 50 por página; guardado por dois anos.",
      query: activityQuery,
      ok: { 200: answer("Uma página do registro.", activitySchema) },
      errors: {
        400: "Página inválida.",
        403: "Só quem administra a organização vê o registro.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ request, params, context, user }) {
      const query = new URL(request.url).searchParams;
      const cursor = parseActivityCursor(query.get("antes"));
      if (cursor === null) return apiError(400, "Dados inválidos.", { antes: ["Página inválida."] });
      const filters = activityFiltersOf(query);
      if (!filters) return apiError(400, "Dados inválidos.", { acao: ["Escolha um tipo e uma pessoa da lista."] });
      const page = await listActivity(context.db, user.id, params.id, cursor, filters);
      if (!page.ok) return apiFailure(page.failure);
      return Response.json(toApiActivity(page.value.entries, page.value.next), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/painel",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Os números da organização, mês a mês",
      description:
        "Para os membros dela. Por mês (de Brasília): animais que entraram, adoções, devoluções, a mediana de dias " +
        "da publicação à adoção, as candidaturas recebidas por status e quanto tempo a primeira resposta levou; " +
        `e o total do período. No máximo ${PANEL_MAX_MONTHS} meses; sem \`de\` e \`ate\`, os últimos 12. ` +
        "Só contagens e medianas, sem dados de ninguém. Os mesmos números em CSV: a página do painel.",
      query: panelQuery,
      ok: { 200: answer("Os números, mês a mês e no total.", panelSchema) },
      errors: {
        400: "Mês inválido, fora de ordem, ou um período longo demais.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ request, params, context, user }) {
      const query = new URL(request.url).searchParams;
      const read = readPanelRange({ de: query.get("de"), ate: query.get("ate") }, new Date());
      if (!read.ok) return apiError(400, "Dados inválidos.", read.errors);
      const panel = await organizationPanel(context.db, user.id, params.id, read.range);
      if (!panel.ok) return apiFailure(panel.failure);
      return Response.json(toApiPanel(panel.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/hoje",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Dia da equipe"],
      summary: "O dia de um membro na organização (Hoje)",
      description:
        "O que espera por você, em números, cada um igual ao total da lista que ele abre. Administradores e equipe: " +
        "`candidaturas` (as suas primeiro), `conversas` que aguardam resposta, `doses` atrasadas e dos próximos 7 dias " +
        "(os animais em lares temporários também), `noticias` dos lares a aprovar, os animais que precisam de " +
        "`lar_temporario` (urgentes primeiro), `perdidos_e_achados` com anúncios parecidos e `acompanhamentos` " +
        "(sem resposta, castrações). Só administradores: `transferencias` a aceitar e linhas do `extrato` a decidir. " +
        "Um lar temporário vê só o seu: `meus_animais`, as `doses` deles e as suas `noticias` que aguardam aprovação. " +
        "Um bloco que o seu papel não vê não vem.",
      ok: { 200: answer("Os blocos do seu papel.", todaySchema) },
      errors: { 404: "Organização não encontrada (ou você não é membro dela)." },
    },
    async handle({ params, context, user }) {
      const today = await organizationToday(context.db, user.id, params.id, new Date());
      if (!today.ok) return apiFailure(today.failure);
      return Response.json(toApiToday(today.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "put",
    path: "/organizacoes/{id}/resumo-diario",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Dia da equipe"],
      summary: "Ligar ou desligar o resumo diário por e-mail",
      description:
        "Todo dia às 7h (horário de Brasília), cada membro recebe por e-mail os números de `Hoje` que pedem algo, " +
        "se houver algum. `ativo: false` para de enviar; `ativo: true` volta a enviar. Vale para você, nesta organização.",
      requestBody: { content: json(dailySummaryChoiceSchema) },
      ok: { 200: answer("Como ficou.", dailySummarySchema) },
      errors: { 404: "Organização não encontrada (ou você não é membro dela)." },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, dailySummaryChoiceSchema);
      if (!parsed.ok) return parsed.response;
      const set = await setDailySummary(context.db, user.id, params.id, parsed.data.ativo);
      if (!set.ok) return apiFailure(set.failure);
      return Response.json({ ativo: set.value.on }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/animais",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Dia da equipe"],
      summary: "Os animais da organização",
      description:
        "Para administradores e equipe: os animais da organização (os removidos não), com filtros, busca pelo nome e " +
        `ordem, ${ANIMALS_PAGE_SIZE} por página. Cada um traz as doses atrasadas e as dos próximos 7 dias. ` +
        "Os filtros são os mesmos da página `Animais` e os totais, os mesmos de `GET /organizacoes/{id}/hoje`.",
      query: animalsQuerySchema,
      ok: { 200: answer("Uma página de animais.", organizationAnimalsSchema) },
      errors: {
        400: "Filtro inválido.",
        403: "Um lar temporário vê os seus animais em `GET /meus-lares`, não os da organização.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ request, params, context, user }) {
      const read = readAnimalFilters(new URL(request.url).searchParams);
      if (!read.ok) return apiError(400, "Dados inválidos.", read.errors);
      const listed = await listOrganizationAnimals(context.db, user.id, params.id, read.filters, new Date());
      if (!listed.ok) return apiFailure(listed.failure);
      return Response.json(
        {
          animais: listed.value.items.map(toApiOrganizationAnimal),
          pagina: listed.value.page,
          total: listed.value.total,
          paginas: listed.value.pageCount,
        },
        { headers: NO_STORE },
      );
    },
  }),
];
