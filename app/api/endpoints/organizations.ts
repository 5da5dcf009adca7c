import { membershipsOf } from "~/domain/organizations/membership.server";
import {
  createOrganization,
  listMembers,
  organizationForMember,
  updateOrganization,
} from "~/domain/organizations/organizations.server";
import { createdIdSchema, membersSchema, organizationSchema, organizationsSchema } from "~/openapi/responses";
import { organizationPatchSchema, organizationSchema as organizationInputSchema } from "~/validation/organizations";
import { apiFailure, parseJsonBody } from "~/web/api.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { toApiMembers, toApiMembership, toApiOrganization } from "../presenters/organizations";

/** Organisations (issue 43): an ONG as a team, its data and its members. */

const organization = idParam("organization", "da organização");
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
      requestBody: { content: json(organizationInputSchema) },
      ok: { 201: answer("A organização criada (`Location` diz seu endereço).", createdIdSchema) },
      errors: {
        403: "O e-mail da conta ainda não foi confirmado.",
        409: "O CNPJ é de uma organização verificada.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, organizationInputSchema);
      if (!parsed.ok) return parsed.response;
      const created = await createOrganization(context.db, user.id, parsed.data);
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
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "Alterar os dados de uma organização",
      description:
        "Só administradores. O que vem muda, o que falta fica como está. Um nome ou CNPJ novo tira o selo de " +
        "verificada até a equipe da Adopet conferir de novo.",
      requestBody: { content: json(organizationPatchSchema) },
      ok: noContent("Alterada."),
      errors: {
        403: "Só quem administra a organização pode alterá-la.",
        404: "Organização não encontrada (ou você não é membro dela).",
        409: "O CNPJ é de uma organização verificada.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, organizationPatchSchema);
      if (!parsed.ok) return parsed.response;
      const updated = await updateOrganization(context.db, user.id, params.id, parsed.data);
      if (!updated.ok) return apiFailure(updated.failure);
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
];
