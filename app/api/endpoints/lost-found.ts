import {
  createReport,
  findReport,
  listReports,
  reportMatches,
  setReportStatus,
} from "~/domain/lost-found/reports.server";
import { REPORT_PHOTOS_MAX } from "~/lib/lost-found";
import { writeAboutReport } from "~/domain/conversations/conversations.server";
import {
  admitShelter,
  findEmergency,
  listActiveEmergencies,
  openEmergency,
  registerShelterAnimals,
} from "~/domain/lost-found/emergencies.server";
import { searchEmergencyByPhoto } from "~/domain/lost-found/photo-search.server";
import { EMERGENCY_ANIMALS_MAX } from "~/lib/lost-found";
import { apiConversationMessageSchema } from "~/validation/conversations";
import {
  createdIdSchema,
  activeEmergenciesSchema,
  emergencyViewSchema,
  photoSearchResultsSchema,
  shelterAnimalsCreatedSchema,
  reportMessageSentSchema,
  lostFoundMatchesSchema,
  lostFoundReportSchema,
  lostFoundReportsSchema,
} from "~/openapi/responses";
import {
  admitShelterSchema,
  emergencySchema,
  photoSearchSchema,
  reportFormSchema,
  reportQuerySchema,
  reportStatusSchema,
} from "~/validation/lost-found";
import { apiFailure, parseJsonBody, validationFailed } from "~/web/api.server";
import { readApiReport, readPhotoSearch, readShelterAnimals } from "~/web/lost-found-forms.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { toApiMatch, toApiPhotoHit, toApiReport } from "~/presenters/lost-found";
import { formMaxBytes } from "~/web/body.server";
import { requiredCity } from "~/validation/fields";

/** Lost and found animals (issue 47): reports, public; written by people with a confirmed account. */

const report = idParam("lost-found-report", "do anúncio");
const emergency = idParam("emergency", "da emergência");
const NO_STORE = { "Cache-Control": "no-store" };

export const lostFoundEndpoints = [
  endpoint({
    method: "get",
    path: "/perdidos-e-achados",
    access: "anyone",
    crossOrigin: true,
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Animais perdidos e encontrados",
      description:
        "Os anúncios abertos, os mais recentes primeiro (até 50): `tipo` (`perdido` ou `encontrado`), `perto` de uma cidade (nome, como `Niterói (RJ)`, ou código do IBGE) num `raio` em km (30 se não disser), `especie`, `desde` um dia; `emergencia`: os animais acolhidos pelos abrigos numa emergência.",
      query: reportQuerySchema,
      ok: { 200: answer("Os anúncios.", lostFoundReportsSchema) },
      errors: { 400: "Um filtro inválido, ou uma cidade que não existe." },
    },
    async handle({ request, context }) {
      const query = reportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return validationFailed(query.error);
      const list = await listReports(context.db, query.data);
      if (!list.ok) return apiFailure(list.failure);
      return Response.json({ anuncios: list.value.map(toApiReport) }, { headers: { "Cache-Control": "no-cache" } });
    },
  }),
  endpoint({
    method: "post",
    path: "/perdidos-e-achados",
    bodyLimit: formMaxBytes(REPORT_PHOTOS_MAX),
    access: "signed-in",
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Anunciar um animal perdido ou encontrado",
      description: `Multipart: \`tipo\`, \`especie\`, \`porte\`, \`sexo\` (se souber), \`cores\` (1 a 3 da lista), \`nome\` (de um perdido), \`data\`, \`cidade\` e \`bairro\`, ou um ponto (\`latitude\`, \`longitude\`) na cidade, guardado arredondado a cerca de 500 m (nunca um endereço), \`descricao\`, e de 1 a ${REPORT_PHOTOS_MAX} fotos em \`fotos\` (conferidas pelo conteúdo, sem metadados). Pede o e-mail confirmado; 10 anúncios por hora. O anúncio é comparado com os abertos do outro tipo: as correspondências prováveis vão por e-mail aos dois autores.`,
      requestBody: { content: { "multipart/form-data": { schema: reportFormSchema } } },
      ok: { 201: answer("O anúncio publicado.", createdIdSchema) },
      errors: {
        400: "Dados inválidos: um campo, uma foto que não é imagem, uma data no futuro, uma cidade que não existe, um ponto fora dela.",
        403: "O e-mail da conta ainda não foi confirmado.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, context, user }) {
      const read = await readApiReport(request);
      if (!read.ok) return read.response;
      const made = await createReport(context.db, context.jobs, user.id, requiredCity(read.input), read.photos);
      if (!made.ok) return apiFailure(made.failure);
      return Response.json({ id: made.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/perdidos-e-achados/{id}",
    access: "anyone",
    crossOrigin: true,
    params: { id: report },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Um anúncio",
      ok: { 200: answer("O anúncio.", lostFoundReportSchema) },
      errors: { 404: "Anúncio não encontrado." },
    },
    async handle({ params, context }) {
      const found = await findReport(context.db, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(toApiReport(found.value), { headers: { "Cache-Control": "no-cache" } });
    },
  }),
  endpoint({
    method: "patch",
    path: "/perdidos-e-achados/{id}",
    access: "signed-in",
    params: { id: report },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Fechar ou renovar um anúncio",
      description:
        "Só quem publicou. `status`: `reencontrado` (com o `final_feliz`, se quiser contar), `encerrado`, ou `aberto` (renova por mais 90 dias).",
      requestBody: { content: json(reportStatusSchema) },
      ok: { 200: answer("O anúncio, como ficou.", lostFoundReportSchema) },
      errors: { 403: "Só quem publicou o anúncio pode alterá-lo.", 404: "Anúncio não encontrado." },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, reportStatusSchema);
      if (!parsed.ok) return parsed.response;
      const changed = await setReportStatus(context.db, user.id, params.id, parsed.data);
      if (!changed.ok) return apiFailure(changed.failure);
      return Response.json(toApiReport(changed.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/perdidos-e-achados/{id}/mensagens",
    access: "signed-in",
    params: { id: report },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Escrever a quem publicou um anúncio",
      description:
        "Abre (ou continua) a sua conversa sobre o anúncio com quem o publicou, em `/conversas`: nenhum telefone é mostrado, a não ser que uma das partes compartilhe o seu WhatsApp na conversa. Só anúncios abertos.",
      requestBody: { content: json(apiConversationMessageSchema) },
      ok: { 201: answer("Mensagem enviada.", reportMessageSentSchema) },
      errors: {
        403: "O anúncio é seu, ou quem o publicou não recebe mais mensagens suas (ou o pedido veio de outro site).",
        404: "Anúncio não encontrado, ou já encerrado.",
      },
      traits: { body: true, limited: true },
    },
    // {texto} → 201 {id, conversa_id}.
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, apiConversationMessageSchema);
      if (!parsed.ok) return parsed.response;
      const sent = await writeAboutReport(context.db, context.jobs, {
        userId: user.id,
        reportId: params.id,
        texto: parsed.data.texto,
        clientKey: context.clientKey,
      });
      if (!sent.ok) return apiFailure(sent.failure);
      return Response.json(
        { id: sent.value.id, conversa_id: sent.value.conversationId },
        { status: 201, headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "get",
    path: "/perdidos-e-achados/{id}/correspondencias",
    access: "anyone",
    crossOrigin: true,
    params: { id: report },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "As correspondências possíveis de um anúncio",
      description:
        "Os anúncios do outro tipo que podem ser o mesmo animal: mesma espécie, até 30 km e 60 dias, porte, sexo e cores compatíveis; os mais parecidos primeiro (fotos, distância, dias, cores). Até 20.",
      ok: { 200: answer("As correspondências.", lostFoundMatchesSchema) },
      errors: { 404: "Anúncio não encontrado." },
    },
    async handle({ params, context }) {
      const matches = await reportMatches(context.db, params.id);
      if (!matches.ok) return apiFailure(matches.failure);
      return Response.json(
        { correspondencias: matches.value.map(toApiMatch) },
        { headers: { "Cache-Control": "no-cache" } },
      );
    },
  }),
  endpoint({
    method: "post",
    path: "/emergencias",
    access: "signed-in",
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Abrir uma emergência (operadores)",
      description:
        "Uma enchente, um desastre: `nome`, a área (`cidades`, como `Porto Alegre (RS)`, até 100) e os dias (`inicio`, `fim` se já se sabe). Enquanto durar, as organizações registram os animais que os seus abrigos acolheram, e os anúncios de animais perdidos na área são comparados primeiro com eles. Só operadores; para os demais, 404.",
      requestBody: { content: json(emergencySchema) },
      ok: { 201: answer("A emergência aberta.", createdIdSchema) },
      errors: { 404: "Não encontrado (quem não é operador)." },
      traits: { body: true },
    },
    async handle({ request, context, user }) {
      const parsed = await parseJsonBody(request, emergencySchema);
      if (!parsed.ok) return parsed.response;
      const opened = await openEmergency(context.db, user, parsed.data);
      if (!opened.ok) return apiFailure(opened.failure);
      return Response.json({ id: opened.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/emergencias",
    access: "anyone",
    crossOrigin: true,
    doc: {
      tags: ["Perdidos e achados"],
      summary: "As emergências em curso",
      description: "As que a página de perdidos e achados anuncia: as de hoje, a mais recente primeiro.",
      ok: { 200: answer("As emergências em curso.", activeEmergenciesSchema) },
    },
    async handle({ context }) {
      return Response.json({ emergencias: await listActiveEmergencies(context.db) }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/emergencias/{id}",
    access: "anyone",
    crossOrigin: true,
    params: { id: emergency },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Uma emergência",
      description:
        "A área, os dias e quantos animais os abrigos registraram; os animais, com filtros, em `GET /perdidos-e-achados?emergencia={id}`.",
      ok: { 200: answer("A emergência.", emergencyViewSchema) },
      errors: { 404: "Emergência não encontrada." },
    },
    async handle({ params, context }) {
      const found = await findEmergency(context.db, params.id);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json(found.value, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/emergencias/{id}/animais",
    bodyLimit: formMaxBytes(EMERGENCY_ANIMALS_MAX),
    access: "signed-in",
    params: { id: emergency },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Registrar os animais acolhidos por um abrigo",
      description: `Multipart: \`organizacao_id\` (a equipe dela registra: administradores e equipe), \`animais\` (uma lista em JSON de até ${EMERGENCY_ANIMALS_MAX}, cada um com \`especie\`, \`porte\`, \`sexo\`, \`cores\`, \`data\`, \`cidade\` onde foi encontrado, na área da emergência, \`bairro\`, \`descricao\`) e \`fotos\`, uma por animal, na mesma ordem. Todos ou nenhum: uma recusa diz qual (\`animais.2.cidade\`). Cada um vira um anúncio de animal encontrado da emergência, comparado na hora com os perdidos.`,
      ok: { 201: answer("Os animais registrados.", shelterAnimalsCreatedSchema) },
      errors: {
        403: "Quem registra não é da equipe da organização (ou o pedido veio de outro site).",
        404: "Emergência não encontrada.",
        409: "A emergência terminou.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const read = await readShelterAnimals(request);
      if (!read.ok) return read.response;
      const made = await registerShelterAnimals(context.db, context.jobs, user.id, params.id, {
        organizationId: read.value.organizacao_id,
        animals: read.value.animais.map(requiredCity),
        photos: read.value.photos,
      });
      if (!made.ok) return apiFailure(made.failure);
      return Response.json({ ids: made.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/emergencias/{id}/abrigos",
    access: "signed-in",
    params: { id: emergency },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Admitir um abrigo numa emergência (operadores)",
      description:
        "Registram animais acolhidos as organizações verificadas e as que um operador admite na emergência: `organizacao_id`, um abrigo ainda não verificado que a equipe da Adopet conhece. Só operadores; para os demais, 404.",
      requestBody: { content: json(admitShelterSchema) },
      ok: noContent("Admitido."),
      errors: { 404: "Não encontrado (quem não é operador, ou emergência ou organização desconhecida)." },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, admitShelterSchema);
      if (!parsed.ok) return parsed.response;
      const admitted = await admitShelter(context.db, user, params.id, parsed.data.organizacao_id);
      if (!admitted.ok) return apiFailure(admitted.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/emergencias/{id}/busca",
    bodyLimit: formMaxBytes(1),
    access: "anyone",
    params: { id: emergency },
    doc: {
      tags: ["Perdidos e achados"],
      summary: "Procurar um animal acolhido pela foto",
      description:
        "Multipart: uma foto do seu animal em `foto` (JPEG, PNG ou WebP) e, se quiser, `especie` e `cores` (até 3). Os animais abertos que os abrigos acolheram na emergência, os mais parecidos primeiro (até 24). A foto é lida e descartada: nada é guardado. 30 buscas por hora por conexão.",
      requestBody: { content: { "multipart/form-data": { schema: photoSearchSchema } } },
      ok: { 200: answer("Os animais, os mais parecidos primeiro.", photoSearchResultsSchema) },
      errors: {
        400: "Dados inválidos: sem foto, um arquivo que não é imagem, uma espécie ou cor fora da lista.",
        404: "Emergência não encontrada.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context }) {
      const read = await readPhotoSearch(request);
      if (!read.ok) return read.response;
      const found = await searchEmergencyByPhoto(context.db, params.id, {
        input: read.input,
        photo: read.photos[0]!,
        clientKey: context.clientKey,
      });
      if (!found.ok) return apiFailure(found.failure);
      return Response.json({ resultados: found.value.map(toApiPhotoHit) }, { headers: NO_STORE });
    },
  }),
];
