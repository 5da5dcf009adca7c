import { z } from "zod";
import { createAlert, deleteAlert, listAlerts, setAlertFrequency, unsubscribe } from "~/domain/alerts/alerts.server";
import { addFavorite, listFavorites, removeFavorite } from "~/domain/favorites/favorites.server";
import { fileReport } from "~/domain/moderation/reports.server";
import { suggestCities } from "~/domain/places/cities.server";
import { caretakerStories, findStory, listStories, parseStoryCursor } from "~/domain/termos/happy-endings.server";
import { findCaretakerPage } from "~/domain/caretakers/caretaker-page.server";
import { UFS } from "~/lib/pets";
import { REPORT_MESSAGES } from "~/lib/reports";
import {
  alertListSchema,
  alertSchema,
  caretakerPageSchema,
  citiesSchema,
  createdIdSchema,
  favoritesSchema,
  reportFiledSchema,
  storiesSchema,
  storySchema,
} from "~/openapi/responses";
import { alertCreateSchema, alertPatchSchema, apiUnsubscribeSchema } from "~/validation/alerts";
import { apiReportSchema } from "~/validation/reports";
import { notFound } from "~/services/outcome.server";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { getUser, requireApiUser } from "~/web/auth.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { toApiAlert } from "~/presenters/alerts";
import { toApiPet } from "~/presenters/pets";
import { toApiStory } from "~/presenters/stories";

const story = idParam("story", "da história");
const pet = idParam("pet", "do animal");
const alert = idParam("alert", "do alerta");
const PUBLIC_READ = { "Cache-Control": "public, max-age=30" };
const NO_STORE = { "Cache-Control": "no-store" };

/** The happy endings' page, as the document shows it. */
const storiesQuery = z.object({
  antes: z.string().optional().meta({
    description: "O `proxima` da página anterior: traz as histórias publicadas antes da última dela.",
    example: "2026-11-20T10:00:00.000Z_0b7f4a52-2d7e-4f63-9a43-6f1c1b8c2f10",
  }),
});

/** The city suggestions' query, as the document shows it. */
const citiesQuery = z.object({
  q: z.string().max(60).optional().meta({ description: "O que a pessoa está digitando.", example: "sao goncalo" }),
  uf: z.enum(UFS).optional(),
});

/** The city suggestions' query, as `GET /cidades` reads it. */
const citiesParams = z.object({
  // What a person is typing: anything unreadable is no suggestion, never an error.
  q: z.string().max(60).catch("").default(""),
  uf: z.enum(UFS).optional().catch(undefined),
});

/** The community: happy endings, city suggestions, favourites, search alerts and reports. */
export const communityEndpoints = [
  endpoint({
    method: "get",
    path: "/responsaveis/{id}",
    access: "anyone",
    crossOrigin: true,
    params: { id: idParam("user", "de quem publica") },
    doc: {
      tags: ["Animais"],
      summary: "A página de quem cuida de animais",
      description:
        "O que a página pública de uma pessoa ou ONG que publicou animais mostra: o perfil (sem telefone nem e-mail), os animais disponíveis, quantos já foram adotados, as organizações por que publica e os finais felizes. Quem nunca publicou não tem página.",
      ok: { 200: answer("A página.", caretakerPageSchema) },
      errors: { 404: "Ninguém com página pública com esse id." },
    },
    async handle({ params, context }) {
      const page = await findCaretakerPage(context.db, params.id);
      if (!page) return apiFailure(notFound("user").failure);
      const stories = await caretakerStories(context.db, page.id);
      return Response.json(
        { ...page, disponiveis: page.disponiveis.map(toApiPet), historias: stories.map(toApiStory) },
        { headers: PUBLIC_READ },
      );
    },
  }),
  endpoint({
    method: "get",
    path: "/finais-felizes",
    access: "anyone",
    crossOrigin: true,
    doc: {
      tags: ["Finais felizes"],
      summary: "Os finais felizes publicados",
      description:
        "Histórias de quem adotou, publicadas com a aprovação de quem cuidava do animal: as mais novas primeiro, 12 por página.",
      query: storiesQuery,
      ok: { 200: answer("Uma página de histórias.", storiesSchema) },
      errors: { 400: "Página inválida." },
    },
    // `proxima` is the `antes` of the next page (null on the last).
    async handle({ request, context }) {
      const cursor = parseStoryCursor(new URL(request.url).searchParams.get("antes"));
      if (cursor === null) return apiError(400, "Dados inválidos.", { antes: ["Página inválida."] });
      const { stories, next } = await listStories(context.db, cursor);
      return Response.json({ historias: stories.map(toApiStory), proxima: next }, { headers: PUBLIC_READ });
    },
  }),
  endpoint({
    method: "get",
    path: "/finais-felizes/{id}",
    access: "anyone",
    crossOrigin: true,
    params: { id: story },
    doc: {
      tags: ["Finais felizes"],
      summary: "Ver um final feliz",
      description: "Só uma história publicada.",
      ok: { 200: answer("A história.", storySchema) },
      errors: { 404: "História não encontrada." },
    },
    async handle({ params, context }) {
      const found = await findStory(context.db, params.id);
      if (!found) return story.refused();
      return Response.json(toApiStory(found), { headers: PUBLIC_READ });
    },
  }),
  endpoint({
    method: "get",
    path: "/cidades",
    access: "anyone",
    doc: {
      tags: ["Cidades"],
      summary: "Sugerir cidades brasileiras (IBGE)",
      description:
        "Até 8 municípios para o que se digita, sem diferença de acentos e maiúsculas, cada um com o ponto da sua sede (latitude e longitude).",
      query: citiesQuery,
      ok: { 200: answer("As cidades.", citiesSchema) },
    },
    // The list never changes between releases: browsers and proxies may keep an answer for a day.
    async handle({ request, context }) {
      const { q, uf } = citiesParams.parse(Object.fromEntries(new URL(request.url).searchParams));
      const found = await suggestCities(context.db, q, { uf });
      return Response.json(
        {
          cidades: found.map((city) => ({
            ibge: city.codigo,
            nome: city.nome,
            uf: city.uf,
            rotulo: city.rotulo,
            latitude: city.latitude,
            longitude: city.longitude,
          })),
        },
        { headers: { "Cache-Control": "public, max-age=86400" } },
      );
    },
  }),
  endpoint({
    method: "get",
    path: "/favoritos",
    access: "signed-in",
    doc: {
      tags: ["Favoritos"],
      summary: "Seus favoritos",
      ok: { 200: answer("Os animais, o último marcado primeiro.", favoritesSchema) },
    },
    // Each pet with its status (adotado, removido…).
    async handle({ context, user }) {
      const favorites = await listFavorites(context.db, user.id);
      return Response.json(
        {
          favoritos: favorites.map(({ pet, markedAt }) => ({
            pet: toApiPet(pet),
            favoritado_em: markedAt.toISOString(),
          })),
        },
        { headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "put",
    path: "/favoritos/{petId}",
    access: "signed-in",
    params: { petId: pet },
    doc: {
      tags: ["Favoritos"],
      summary: "Marcar um animal como favorito",
      ok: noContent("Marcado (de novo também)."),
      errors: { 404: "Animal não encontrado." },
      traits: { limited: true },
    },
    async handle({ params, context, user }) {
      const added = await addFavorite(context.db, user.id, params.petId);
      if (!added.ok) return apiFailure(added.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/favoritos/{petId}",
    access: "signed-in",
    params: { petId: pet },
    doc: {
      tags: ["Favoritos"],
      summary: "Desmarcar um favorito",
      ok: noContent("Desmarcado."),
      errors: { 404: "Animal não encontrado." },
    },
    async handle({ params, context, user }) {
      await removeFavorite(context.db, user.id, params.petId);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/alertas",
    access: "signed-in",
    doc: {
      tags: ["Alertas"],
      summary: "Seus alertas de novos animais",
      ok: { 200: answer("Os alertas, mais novos primeiro.", alertListSchema) },
    },
    async handle({ context, user }) {
      const alerts = await listAlerts(context.db, user.id);
      return Response.json({ alertas: alerts.map(toApiAlert) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/alertas",
    access: "signed-in",
    doc: {
      tags: ["Alertas"],
      summary: "Criar um alerta",
      description:
        "`filtros` são os parâmetros de `GET /pets`; a mesma busca de novo devolve o alerta que já existe (200). Com `tipo` (`perdido` ou `encontrado`), o alerta é de anúncios de perdidos e achados `perto` de uma cidade (obrigatório), num `raio`, de uma `especie` ou de todas.",
      requestBody: { content: json(alertCreateSchema) },
      ok: { 200: answer("O alerta já existia.", createdIdSchema), 201: answer("O alerta criado.", createdIdSchema) },
      errors: { 409: "Limite de alertas da conta atingido." },
      traits: { body: true, limited: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, alertCreateSchema);
      if (!parsed.ok) return parsed.response;
      const created = await createAlert(context.db, user.id, parsed.data);
      if (!created.ok) return apiFailure(created.failure, { fields: { perto: "filtros.perto" } });
      const { id } = created.value;
      return Response.json(
        { id },
        {
          status: created.value.created ? 201 : 200,
          headers: { Location: `/adopet/api/alertas/${id}`, ...NO_STORE },
        },
      );
    },
  }),
  // Declared before `/alertas/{id}`, which would otherwise take its requests.
  endpoint({
    method: "post",
    path: "/alertas/cancelamento",
    access: "anyone",
    doc: {
      tags: ["Alertas"],
      summary: "Cancelar um alerta pelo link do e-mail",
      description:
        "O `token` do link `Cancelar alerta` de um e-mail de alerta; não precisa de sessão. O alerta é apagado e não envia mais e-mails. Um alerta já cancelado continua cancelado (204). Com a sessão, `DELETE /alertas/{id}` faz o mesmo.",
      requestBody: { content: json(apiUnsubscribeSchema) },
      ok: noContent("Cancelado."),
      errors: { 400: "Link incompleto ou que não foi feito aqui." },
      traits: { body: true },
    },
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiUnsubscribeSchema);
      if (!parsed.ok) return parsed.response;
      const cancelled = await unsubscribe(context.db, parsed.data.token);
      if (!cancelled.ok) return apiFailure(cancelled.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/alertas/{id}",
    access: "party",
    params: { id: alert },
    doc: {
      tags: ["Alertas"],
      summary: "Mudar a frequência de um alerta",
      requestBody: { content: json(alertPatchSchema) },
      ok: { 200: answer("O alerta.", alertSchema) },
      errors: { 404: "Alerta não encontrado." },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, alertPatchSchema);
      if (!parsed.ok) return parsed.response;
      const changed = await setAlertFrequency(context.db, user.id, params.id, parsed.data.frequencia);
      if (!changed.ok) return apiFailure(changed.failure);
      return Response.json(toApiAlert(changed.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/alertas/{id}",
    access: "party",
    params: { id: alert },
    doc: {
      tags: ["Alertas"],
      summary: "Apagar um alerta",
      ok: noContent("Apagado."),
      errors: { 404: "Alerta não encontrado." },
    },
    async handle({ params, context, user }) {
      const deleted = await deleteAlert(context.db, user.id, params.id);
      if (!deleted.ok) return apiFailure(deleted.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/denuncias",
    access: "anyone",
    doc: {
      tags: ["Denúncias"],
      summary: "Denunciar um anúncio, uma conta ou uma conversa",
      description:
        "Qualquer pessoa denuncia um anúncio (`pet`) ou uma conta (`usuario`); uma mensagem recebida pelo formulário de contato (`conversa`, com o id da mensagem), só quem a recebeu (com sessão).",
      requestBody: { content: json(apiReportSchema) },
      ok: { 201: answer("Denúncia recebida.", reportFiledSchema) },
      errors: { 401: "Uma conversa só pode ser denunciada com sessão.", 404: "O alvo não foi encontrado." },
      traits: { body: true, limited: true },
    },
    // A listing or a profile, anyone; a conversation, only a party to it (the session is read after the body).
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiReportSchema);
      if (!parsed.ok) return parsed.response;
      const user =
        parsed.data.alvo.tipo === "conversa"
          ? await requireApiUser(request, context.db)
          : await getUser(request, context.db);
      const filed = await fileReport(
        context.db,
        context.jobs,
        parsed.data,
        { userId: user?.id ?? null, clientKey: context.clientKey },
        context.moderation,
      );
      if (!filed.ok) return apiFailure(filed.failure);
      return Response.json({ id: filed.value.id, message: REPORT_MESSAGES.sent }, { status: 201, headers: NO_STORE });
    },
  }),
];
