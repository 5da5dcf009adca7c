import { z } from "zod";
import { petsNeedingFoster } from "~/domain/foster/needs.server";
import {
  decideNews,
  findNews,
  newsOf,
  pendingNewsFor,
  postNews,
  publishesNewsAtOnce,
  setNewsApproval,
} from "~/domain/foster/news.server";
import { ownOffer, pauseOffer, saveOffer, withdrawOffer } from "~/domain/foster/offers.server";
import { endPlacement, myFosteredPets, placementHistory, placePet } from "~/domain/foster/placements.server";
import { offersNear } from "~/domain/foster/search.server";
import { offerHomeFor } from "~/domain/foster/interest.server";
import { inviteFoster } from "~/domain/organizations/invitations.server";
import { FOSTER_RADIUS_KM } from "~/lib/foster";
import { DEFAULT_RADIUS_KM } from "~/lib/pets";
import {
  createdIdSchema,
  fosterNeedsSchema,
  fosterOfferResponseSchema,
  fosterOffersNearbySchema,
  myFosteredSchema,
  pendingNewsListSchema,
  petNewsListSchema,
  petNewsSchema,
  placementSchema as placementResponseSchema,
  placementsSchema,
} from "~/openapi/responses";
import {
  apiNewsApprovalSchema,
  FOSTER_MESSAGES,
  fosterNeedsQuerySchema,
  fosterOfferSchema,
  newsDecisionSchema,
  newsFormSchema,
  newsQuerySchema,
  offerPauseSchema,
  placementSchema,
} from "~/validation/foster";
import { readApiNews } from "~/web/pet-forms.server";
import { requiredCity } from "~/validation/fields";
import { PLACE_MESSAGES } from "~/validation/messages";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
import { getUser } from "~/web/auth.server";
import { notFound } from "~/services/outcome.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent, photoFile } from "../openapi/operation";
import { toApiFosterOffer, toApiNews, toApiOfferNearby, toApiPlacement } from "~/presenters/foster";
import { toApiPet } from "~/presenters/pets";
import { formMaxBytes } from "~/web/body.server";
import { MAX_PET_PHOTOS } from "~/validation/pets";

const NO_STORE = { "Cache-Control": "no-store" };
const PUBLIC_READ = { "Cache-Control": "public, max-age=30" };
const PRIVATE_READ = { "Cache-Control": "private, no-store" };
const organization = idParam("organization", "da organização");
const offer = idParam("foster-offer", "da oferta de lar temporário");
const pet = idParam("pet", "do animal");
const news = idParam("news", "da notícia");

/** `GET /organizacoes/:id/lares`'s query. */
const nearbyQuery = z.object({
  perto: z.string().max(60).optional().meta({
    description:
      "A cidade: o código IBGE, ou o nome; a até 50 km da cidade da organização ou da de um dos animais dela (padrão: a da organização).",
    example: "3303302",
  }),
  raio: z.coerce
    .number()
    .int()
    .min(1)
    .max(FOSTER_RADIUS_KM)
    .optional()
    .meta({ description: `Até quantos km (padrão e máximo: ${FOSTER_RADIUS_KM}).` }),
});

/**
 * The foster network (issue 44): a person's own offer of a home, the team finding and inviting
 * one and placing an animal there, the animals waiting for a home, and the foster's own.
 */
export const fosterEndpoints = [
  endpoint({
    method: "get",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Sua oferta de lar temporário",
      ok: { 200: answer("A oferta.", fosterOfferResponseSchema) },
      errors: { 404: "Você ainda não ofereceu um lar temporário." },
    },
    async handle({ context, user }) {
      const offer = await ownOffer(context.db, user.id);
      if (!offer) return apiFailure(notFound("foster-offer").failure);
      return Response.json(toApiFosterOffer(offer), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "put",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Oferecer um lar temporário, ou mudar a oferta",
      description:
        "A oferta inteira. Só organizações a até 50 km veem a oferta, com o seu primeiro nome, a cidade e o que você oferece; telefone, e-mail e endereço só depois que você aceitar receber um animal. `pausado`: true pausa (ninguém encontra a oferta), false retoma; sem ele, fica como estava.",
      requestBody: { content: json(fosterOfferSchema) },
      ok: { 200: answer("A oferta salva.", fosterOfferResponseSchema) },
      errors: {
        403: "Confirme seu e-mail antes de oferecer um lar temporário.",
        400: "Dados inválidos: um campo faltando, uma cidade fora da lista do IBGE, uma data que já passou.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, fosterOfferSchema);
      if (!parsed.ok) return parsed.response;
      const saved = await saveOffer(context.db, user.id, requiredCity(parsed.data), new Date());
      if (!saved.ok) return apiFailure(saved.failure);
      return Response.json(toApiFosterOffer(saved.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Pausar ou retomar sua oferta de lar temporário",
      description: "`pausado`: true, nenhuma organização encontra a oferta; false, ela volta a ser encontrada.",
      requestBody: { content: json(offerPauseSchema) },
      ok: { 200: answer("A oferta como ficou.", fosterOfferResponseSchema) },
      errors: { 404: "Você ainda não ofereceu um lar temporário." },
      traits: { body: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, offerPauseSchema);
      if (!parsed.ok) return parsed.response;
      const paused = await pauseOffer(context.db, user.id, parsed.data.pausado, new Date());
      if (!paused.ok) return apiFailure(paused.failure);
      return Response.json(toApiFosterOffer(paused.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/lares/meu",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Retirar sua oferta de lar temporário",
      description: "A oferta é apagada, com tudo o que dizia.",
      ok: noContent("Retirada."),
      errors: { 404: "Você ainda não ofereceu um lar temporário." },
    },
    async handle({ context, user }) {
      const withdrawn = await withdrawOffer(context.db, user.id);
      if (!withdrawn.ok) return apiFailure(withdrawn.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/lares",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Lar temporário"],
      summary: "Lares temporários perto de uma cidade",
      description:
        "Para administradores e equipe da organização. As ofertas ativas (não pausadas, dentro da data) a até `raio` km, mais perto primeiro (até 100): o primeiro nome, a cidade e o que a pessoa oferece; nunca sobrenome, telefone, e-mail ou endereço.",
      query: nearbyQuery,
      ok: { 200: answer("As ofertas perto.", fosterOffersNearbySchema) },
      errors: {
        400: "Cidade desconhecida, ou a mais de 50 km da cidade da organização e das cidades dos animais dela (ou a organização não tem cidade e `perto` faltou), ou `raio` fora de 1 a 50.",
        403: "Lar temporário da organização: só administradores e equipe procuram lares.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
      traits: { limited: true },
    },
    async handle({ request, params, context, user }) {
      const query = nearbyQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return apiError(400, "Dados inválidos.", { raio: [FOSTER_MESSAGES.raio] });
      const found = await offersNear(
        context.db,
        user.id,
        params.id,
        { perto: query.data.perto || undefined, raio: query.data.raio ?? FOSTER_RADIUS_KM },
        new Date(),
      );
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(
        {
          perto: { codigo: found.value.center.codigo, cidade: found.value.center.rotulo },
          lares: found.value.lares.map(toApiOfferNearby),
        },
        { headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/lares/{larId}/convites",
    access: "signed-in",
    params: { id: organization, larId: offer },
    doc: {
      tags: ["Lar temporário"],
      summary: "Convidar quem ofereceu um lar temporário",
      description:
        "Para administradores e equipe. A pessoa da oferta (de `GET /organizacoes/{id}/lares`) recebe por e-mail um convite para entrar na organização como lar temporário, que vale 7 dias; só a conta dela aceita. A equipe não vê o e-mail dela. Um convite ainda sem resposta para a mesma pessoa é substituído.",
      ok: { 201: answer("O convite criado (o e-mail sai em seguida).", createdIdSchema) },
      errors: {
        403: "Lar temporário da organização: só administradores e equipe convidam.",
        404: "Organização não encontrada (ou você não é membro dela), ou oferta pausada, vencida ou retirada.",
        409: "Esta pessoa já faz parte da organização.",
      },
      traits: { limited: true },
    },
    async handle({ params, context, user }) {
      const invited = await inviteFoster(context.db, context.jobs, user.id, params.id, params.larId);
      if (!invited.ok) return apiFailure(invited.failure);
      return Response.json({ id: invited.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/lar",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Lar temporário"],
      summary: "As estadias de um animal em lares temporários",
      description:
        "Para administradores e equipe da organização do animal: a atual primeiro, com o contato de quem acolhe.",
      ok: { 200: answer("As estadias.", placementsSchema) },
      errors: {
        403: "Lar temporário da organização: só administradores e equipe.",
        404: "Animal não encontrado (ou não é da sua organização).",
      },
    },
    async handle({ params, context, user }) {
      const history = await placementHistory(context.db, user.id, params.id);
      if (!history.ok) return apiFailure(history.failure);
      return Response.json({ estadias: history.value.map(toApiPlacement) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/lar",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Lar temporário"],
      summary: "Levar um animal para um lar temporário",
      description:
        "Para administradores e equipe. `lar_id`: uma oferta (de `GET /organizacoes/{id}/lares`) de quem já entrou na organização, ou a conta de um membro. O animal continua disponível para adoção; a página dele diz `Em lar temporário`, nunca onde. Deixa de precisar de lar temporário.",
      requestBody: { content: json(placementSchema) },
      ok: { 201: answer("A estadia.", placementResponseSchema) },
      errors: {
        400: "Dados inválidos: `inicio` futuro, `fim_previsto` antes do início.",
        403: "Lar temporário da organização: só administradores e equipe.",
        404: "Animal não encontrado (ou não é da sua organização), ou lar temporário não encontrado.",
        409: "O animal já está em um lar temporário, não está disponível, ou a pessoa ainda não aceitou o convite.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, placementSchema);
      if (!parsed.ok) return parsed.response;
      const placed = await placePet(context.db, user.id, params.id, parsed.data, new Date());
      if (!placed.ok) return apiFailure(placed.failure);
      return Response.json(toApiPlacement(placed.value), { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/pets/{id}/lar",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Lar temporário"],
      summary: "Encerrar a estadia no lar temporário",
      description: "O animal volta para a organização hoje; as datas ficam no histórico dele.",
      ok: { 200: answer("A estadia encerrada.", placementResponseSchema) },
      errors: {
        403: "Lar temporário da organização: só administradores e equipe.",
        404: "Animal não encontrado (ou não é da sua organização), ou ele não está em um lar temporário.",
      },
    },
    async handle({ params, context, user }) {
      const ended = await endPlacement(context.db, user.id, params.id, new Date());
      if (!ended.ok) return apiFailure(ended.failure);
      return Response.json(toApiPlacement(ended.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/lar-temporario/precisam",
    access: "anyone",
    crossOrigin: true,
    publicCache: true,
    doc: {
      tags: ["Lar temporário"],
      summary: "Animais que precisam de lar temporário",
      description:
        "Os animais disponíveis cuja organização procura um lar temporário: os urgentes primeiro, depois o prazo mais próximo, depois (com `perto`) os mais perto, cada um com `distancia_km`.",
      query: fosterNeedsQuerySchema,
      ok: { 200: answer("Uma página de animais (12).", fosterNeedsSchema) },
      errors: { 400: "Cidade de `perto` não encontrada, ou um filtro inválido." },
    },
    async handle({ request, context }) {
      const query = fosterNeedsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return apiError(400, "Dados inválidos.", z.flattenError(query.error).fieldErrors);
      const found = await petsNeedingFoster(context.db, {
        perto: query.data.perto,
        raio: query.data.raio ?? DEFAULT_RADIUS_KM,
        especie: query.data.especie,
        page: query.data.pagina ?? 1,
      });
      if (found.perto?.encontrada === false) {
        return apiError(400, PLACE_MESSAGES.unknown, { perto: [PLACE_MESSAGES.unknown] });
      }
      return Response.json(
        {
          pets: found.items.map(toApiPet),
          pagina: found.page,
          total: found.total,
          paginas: found.pageCount,
          ...(found.perto?.encontrada && { perto: { codigo: found.perto.codigo, cidade: found.perto.rotulo } }),
        },
        { headers: PUBLIC_READ },
      );
    },
  }),
  endpoint({
    method: "get",
    path: "/meus-lares",
    access: "signed-in",
    doc: {
      tags: ["Lar temporário"],
      summary: "Os animais no seu lar temporário",
      description:
        "Cada animal com você agora, com a organização dele, as datas da estadia e as visitas de adoção que a equipe marcou na sua casa.",
      ok: { 200: answer("Os animais.", myFosteredSchema) },
    },
    async handle({ context, user }) {
      const fostered = await myFosteredPets(context.db, user.id);
      return Response.json(
        {
          lares: fostered.map((item) => ({
            estadia_id: item.placementId,
            inicio: item.inicio,
            fim_previsto: item.fimPrevisto,
            pet: toApiPet(item.pet),
            organizacao: { id: item.pet.organizacao.id, nome: item.pet.organizacao.nome },
            visitas: item.visitas.map((visit) => ({ nome: visit.nome, em: visit.em?.toISOString() ?? null })),
          })),
        },
        { headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/noticias",
    bodyLimit: formMaxBytes(MAX_PET_PHOTOS),
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Lar temporário"],
      summary: "Enviar notícias de um animal",
      description:
        "Para o lar temporário do animal (agora) e a equipe da organização. Em multipart: `texto` (até 1.000 caracteres) e até 5 `fotos` (JPEG, PNG ou WebP, 5 MB cada, conferidas pelo conteúdo e sem metadados). As do lar temporário ficam `pendente` até a equipe publicar (ou são publicadas na hora, se a organização escolheu assim); as da equipe são publicadas na hora. Publicadas, aparecem na página do animal e vão por e-mail para quem o marcou como favorito.",
      requestBody: {
        content: {
          "multipart/form-data": { schema: newsFormSchema.extend({ fotos: z.array(photoFile).max(5).optional() }) },
        },
      },
      ok: { 201: answer("A notícia.", petNewsSchema) },
      errors: {
        400: "Dados inválidos: texto vazio ou longo demais, mais de 5 fotos, um arquivo que não é imagem.",
        404: "Animal não encontrado (ou ele não está no seu lar temporário).",
        415: "O corpo não é multipart/form-data.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const body = await readApiNews(request);
      if (!body.ok) return body.response;
      const posted = await postNews(context.db, context.jobs, user.id, params.id, body.value, new Date());
      if (!posted.ok) return apiFailure(posted.failure);
      const made = await findNews(context.db, posted.value.id);
      return Response.json(toApiNews(made!), { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/lar/interesse",
    access: "signed-in",
    params: { id: pet },
    doc: {
      tags: ["Lar temporário"],
      summary: "Oferecer o seu lar temporário para um animal",
      description:
        "Para quem tem uma oferta ativa (`PUT /lares/meu`): a equipe do animal recebe por e-mail a sua oferta (o primeiro nome, a cidade e o que você oferece), uma vez por animal. Só para animais disponíveis que precisam de lar temporário.",
      ok: noContent("A equipe foi avisada."),
      errors: {
        404: "Animal não encontrado, ou você não tem uma oferta de lar temporário ativa.",
        409: "O animal não precisa de lar temporário agora.",
      },
      traits: { limited: true },
    },
    async handle({ params, context, user }) {
      const sent = await offerHomeFor(context.db, context.jobs, user.id, params.id);
      if (!sent.ok) return apiFailure(sent.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/noticias",
    access: "anyone",
    crossOrigin: true,
    publicCache: true,
    params: { id: pet },
    doc: {
      tags: ["Lar temporário"],
      summary: "As notícias de um animal",
      description:
        "As publicadas, mais recentes primeiro (até 20). Com a sessão de administradores e equipe da organização do animal, também as pendentes e as recusadas; com a do lar temporário que as escreveu, também as suas. `status` deixa só as de um status.",
      query: newsQuerySchema,
      ok: { 200: answer("As notícias.", petNewsListSchema) },
      errors: { 400: "`status` inválido.", 404: "Animal não encontrado." },
    },
    async handle({ request, params, context }) {
      const query = newsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return apiError(400, "Dados inválidos.", { status: [FOSTER_MESSAGES.noticia.filtro] });
      // The team and the author read more than the public: their answer is theirs alone.
      const viewer = await getUser(request, context.db);
      const found = await newsOf(context.db, viewer?.id ?? null, params.id, query.data.status);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json({ noticias: found.value.map(toApiNews) }, { headers: viewer ? PRIVATE_READ : PUBLIC_READ });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/noticias",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Lar temporário"],
      summary: "Notícias dos lares temporários esperando a equipe",
      description:
        "Para administradores e equipe da organização: as notícias pendentes dos seus animais, mais antigas primeiro, para publicar ou recusar (`PATCH /pets/{id}/noticias/{noticiaId}`).",
      ok: { 200: answer("As notícias pendentes.", pendingNewsListSchema) },
      errors: {
        403: "Lar temporário da organização: só administradores e equipe publicam notícias.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ params, context, user }) {
      const waiting = await pendingNewsFor(context.db, user.id, params.id);
      if (!waiting.ok) return apiFailure(waiting.failure);
      return Response.json(
        {
          sem_aprovacao: await publishesNewsAtOnce(context.db, params.id),
          noticias: waiting.value.map((item) => ({ ...toApiNews(item), pet: { id: item.petId, nome: item.pet } })),
        },
        { headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "put",
    path: "/organizacoes/{id}/noticias/aprovacao",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Lar temporário"],
      summary: "Publicar as notícias dos lares temporários sem aprovação, ou não",
      description:
        "Para administradores e equipe. `sem_aprovacao`: true, as notícias dos lares vão para a página do animal na hora; false, esperam alguém da equipe publicar.",
      requestBody: { content: json(apiNewsApprovalSchema) },
      ok: { 200: answer("Como ficou.", apiNewsApprovalSchema) },
      errors: {
        403: "Lar temporário da organização: só administradores e equipe decidem.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, apiNewsApprovalSchema);
      if (!parsed.ok) return parsed.response;
      const set = await setNewsApproval(context.db, user.id, params.id, parsed.data.sem_aprovacao);
      if (!set.ok) return apiFailure(set.failure);
      return Response.json({ sem_aprovacao: parsed.data.sem_aprovacao }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/pets/{id}/noticias/{noticiaId}",
    access: "party",
    params: { id: pet, noticiaId: news },
    doc: {
      tags: ["Lar temporário"],
      summary: "Publicar ou recusar notícias do lar temporário",
      description:
        "Para administradores e equipe da organização do animal, uma vez: `publicada` (aparece na página e vai por e-mail para quem favoritou) ou `recusada` (as fotos são apagadas).",
      requestBody: { content: json(newsDecisionSchema) },
      ok: { 200: answer("A notícia como ficou.", petNewsSchema) },
      errors: {
        404: "Notícia não encontrada (ou o animal não é da sua organização).",
        409: "A notícia já foi publicada ou recusada.",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, newsDecisionSchema);
      if (!parsed.ok) return parsed.response;
      const decided = await decideNews(
        context.db,
        context.jobs,
        user.id,
        params.id,
        params.noticiaId,
        parsed.data.status,
        new Date(),
      );
      if (!decided.ok) return apiFailure(decided.failure);
      const item = await findNews(context.db, params.noticiaId);
      return Response.json(toApiNews(item!), { headers: NO_STORE });
    },
  }),
];
