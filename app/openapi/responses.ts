import { z } from "zod";
import { APPLICATION_STATUSES, QUESTION_TYPES, VISIT_PLACES } from "~/lib/applications";
import { ALERT_FREQUENCIES } from "~/lib/alerts";
import { STORY_STATUSES } from "~/lib/happy-endings";
import { REPORT_CATEGORIES, REPORT_TARGETS } from "~/lib/reports";
import { TERMO_STATUSES } from "~/lib/termos";
import { FOSTER_SPECIES, FOSTER_URGENCIES, NEWS_STATUSES } from "~/lib/foster";
import { ACTIVITY_KINDS, ORGANIZATION_ROLES } from "~/lib/organizations";
import { HEALTH_ROLES } from "~/lib/health";
import { VACCINE_CODES } from "~/lib/vaccines";
import { TRASH_KINDS } from "~/lib/trash";
import { AGE_UNITS, CASTRATION, COMPANIONS, SEXES, SIZES, SPECIES, UFS, VACCINES } from "~/lib/pets";
import { alertFiltersSchema } from "~/validation/alerts";

/**
 * What the API answers (issue 23), as Zod schemas: the OpenAPI document is generated from
 * them, the mappers that build the answers are typed by them (`ApiPet`…), and the
 * integration tests check every answer they receive against the document.
 */

const id = z.uuid().meta({ description: "Identificador (UUID).", example: "0b7f4a52-2d7e-4f63-9a43-6f1c1b8c2f10" });
const dateTime = z.iso.datetime({ offset: true }).meta({ example: "2026-11-24T13:05:00.000Z" });
const imagePath = z
  .string()
  .meta({ description: "Endereço da imagem neste site.", example: "/adopet/imagens/…/640.webp" });

/** Every error: a message to show, and per field what is wrong with it. */
export const apiErrorSchema = z
  .object({
    message: z.string().meta({ description: "O que aconteceu, em português, para mostrar a quem usa." }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Mensagens por campo (campos aninhados com ponto: `filtros.perto`)." }),
  })
  .meta({
    id: "Erro",
    description: "Resposta de erro.",
    example: { message: "Dados inválidos.", errors: { nome: ["Informe o nome."] } },
  });

/** A second open application names the first. */
export const applicationConflictSchema = apiErrorSchema
  .extend({ candidatura_id: id.optional().meta({ description: "A candidatura que já está aberta." }) })
  .meta({ id: "CandidaturaRepetida" });

export const noticeSchema = z
  .object({ message: z.string() })
  .meta({ id: "Aviso", description: "Uma mensagem de confirmação, em português." });

const caretakerKind = z.enum(["pessoa", "ong"]).meta({ description: "`pessoa` (protetor) ou `ong`." });

export const apiPetSchema = z
  .object({
    id,
    imagem: imagePath.nullable().meta({ description: "A foto de capa (640 px), ou null sem foto." }),
    nome: z.string().meta({ example: "Bolinha" }),
    idade: z.string().meta({ description: "A idade por extenso.", example: "2 anos" }),
    porte: z.string().meta({ description: "O porte por extenso.", example: "Médio" }),
    perfil: z.string().meta({ description: "O perfil, até 300 caracteres." }),
    local: z.string().meta({ description: "Cidade e UF por extenso.", example: "Niterói (RJ)" }),
    especie: z.enum(SPECIES),
    idade_valor: z.number().int(),
    idade_unidade: z.enum(AGE_UNITS),
    porte_codigo: z.enum(SIZES),
    cidade: z.string(),
    uf: z.string().meta({ description: "A sigla do estado.", example: "RJ" }),
    cidade_ibge: z
      .number()
      .int()
      .nullable()
      .meta({ description: "O código IBGE do município, ou null para uma cidade digitada antes da lista." }),
    status: z
      .enum(["disponivel", "reservado", "adotado", "removido", "oculto"])
      .meta({ description: "`reservado`: disponível, prometido a uma candidatura aprovada." }),
    fotos: z.array(z.object({ srcset: z.string(), url: imagePath })),
    responsavel: z.object({ id, nome: z.string(), tipo: caretakerKind, verificada: z.boolean() }),
    organizacao: z
      .object({ id, nome: z.string(), verificada: z.boolean() })
      .meta({ description: "A organização dona do animal, em nome de quem quem cuida dele responde." }),
    publicado_em: dateTime,
    sexo: z.enum(SEXES).nullable(),
    castrado: z.enum(CASTRATION).nullable(),
    castracao_data: z.iso.date().nullable().meta({ description: "A data marcada, quando `castrado` é `agendado`." }),
    vacinas: z.array(z.enum(VACCINES)),
    vermifugado: z.boolean().nullable(),
    fiv_felv_negativo: z
      .boolean()
      .meta({ description: "Os últimos testes de FIV e FeLV do registro de saúde deram negativo." }),
    microchip: z.string().nullable().meta({ description: "15 dígitos." }),
    raca: z
      .string()
      .nullable()
      .meta({ description: "A raça; SRD (sem raça definida) para a maioria.", example: "SRD" }),
    pelagem: z.string().nullable().meta({ description: "A cor e o tipo do pelo.", example: "Caramelo, pelo curto" }),
    convive_com: z.array(z.enum(COMPANIONS)),
    necessidades_especiais: z.string().nullable(),
    historia: z.string().nullable(),
    taxa_adocao: z.number().nullable().meta({ description: "Em reais (0 a 1.000).", example: 50 }),
    precisa_lar_temporario: z.boolean().meta({ description: "A organização procura um lar temporário para ele." }),
    urgencia: z.enum(FOSTER_URGENCIES).meta({ description: "Quão urgente é o lar temporário." }),
    prazo_lar: z.iso.date().nullable().meta({ description: "Até quando o lar temporário é preciso; null: sem prazo." }),
    em_lar_temporario: z.boolean().meta({ description: "Está em um lar temporário agora (nunca onde)." }),
    distancia_km: z.number().optional().meta({ description: "Só com `perto`: a distância da cidade buscada, em km." }),
  })
  .meta({ id: "Pet", description: "Um animal. Nunca o telefone ou o e-mail de quem cuida dele." });
export type ApiPet = z.output<typeof apiPetSchema>;

/** The animals a person takes care of (their own, and their organisations'), as `/meus-pets` lists them. */
export const caredForPetsSchema = z
  .object({
    pets: z.array(
      z.object({
        pet: apiPetSchema,
        candidaturas: z.object({
          total: z.number().int(),
          novas: z.number().int().meta({ description: "As novas, ainda sem resposta." }),
        }),
      }),
    ),
  })
  .meta({ id: "AnimaisSobCuidado" });

export const petPageSchema = z
  .object({
    pets: z.array(apiPetSchema),
    pagina: z.number().int(),
    limite: z.number().int(),
    total: z.number().int(),
    total_limitado: z.boolean().meta({ description: "Mais de `total` (1.000) animais atendem: a contagem parou ali." }),
    paginas: z.number().int(),
  })
  .meta({ id: "PaginaDePets" });

export const publicUserSchema = z
  .object({
    id,
    nome: z.string(),
    tipo: caretakerKind,
    nome_publico: z.string().nullable().meta({ description: "O nome público de uma ONG." }),
    verificada: z.boolean().meta({ description: "Uma ONG cujo CNPJ a equipe conferiu." }),
    cidade: z.string().nullable(),
    uf: z.string().nullable(),
    cidade_ibge: z.number().int().nullable(),
    perfil__sobre: z.string().nullable(),
    foto: imagePath.nullable(),
  })
  .meta({ id: "UsuarioPublico", description: "O que qualquer pessoa vê de uma conta." });

export const ownUserSchema = publicUserSchema
  .extend({
    email: z.email(),
    telefone: z.string().nullable(),
    cnpj: z.string().nullable(),
    email_confirmado: z.boolean().meta({
      description:
        "Se o e-mail já foi confirmado pelo link enviado no cadastro: antes disso a conta não publica animais nem cadastra ONG.",
    }),
  })
  .meta({ id: "UsuarioProprio", description: "A sua conta, como só você a vê (nunca a senha)." });

export type ApiPublicUser = z.output<typeof publicUserSchema>;
export type ApiOwnUser = z.output<typeof ownUserSchema>;

const questionSchema = z
  .object({
    id: z.string().meta({ example: "moradia" }),
    tipo: z.enum(QUESTION_TYPES),
    enunciado: z.string().meta({ example: "Você mora em casa ou apartamento?" }),
    obrigatoria: z.boolean(),
    opcoes: z.array(z.string()).optional().meta({ description: "Só em `escolha_unica` e `escolha_multipla`." }),
  })
  .meta({ id: "Pergunta" });

/** `GET /modelo-do-termo`: the organisation's termo template and its check-in days. */
export const termoTemplateResponseSchema = z
  .object({
    texto: z.string().meta({ description: "O texto, com os campos entre chaves, como {nome_adotante}." }),
    padrao: z.boolean().meta({ description: "Se é o modelo padrão da Adopet (a organização ainda não salvou o seu)." }),
    dias: z
      .array(z.int())
      .meta({ description: "Quantos dias depois da adoção a Adopet pede notícias a quem adotou (até 6)." }),
  })
  .meta({ id: "ModeloDoTermo" });

export const questionnaireResponseSchema = z
  .object({ perguntas: z.array(questionSchema) })
  .meta({ id: "Questionario" });

const answer = z
  .union([z.string(), z.boolean(), z.array(z.string())])
  .meta({ description: "Texto, true/false (`sim_nao`), uma opção, ou uma lista de opções." });

const applicationStatus = z.enum(APPLICATION_STATUSES);

const applicationSummarySchema = z
  .object({
    id,
    status: applicationStatus,
    motivo: z.string().nullable(),
    criada_em: dateTime,
    atualizada_em: dateTime,
    pet: z.object({ id, nome: z.string(), status: z.string(), imagem: imagePath.nullable() }),
    adotante: z.object({ id, nome: z.string() }),
    responsavel: z.object({ id, nome: z.string() }),
    organizacao: z
      .object({ id, nome: z.string() })
      .meta({ description: "A organização dona do animal, cuja equipe responde pela candidatura." }),
    atribuida_a: z.object({ id, nome: z.string() }).nullable().optional().meta({
      description:
        "Só para a equipe: o membro que responde por ela (null: toda a equipe). Muda com `PATCH /candidaturas/{id}` {atribuida_a}.",
    }),
    visita: z
      .object({
        local: z.enum(VISIT_PLACES),
        em: dateTime.nullable().meta({ description: "O dia e a hora combinados; null: a combinar." }),
      })
      .nullable()
      .meta({
        description:
          "No passo `visita`: onde (na casa de quem adota, ou no lar temporário onde o animal está) e quando; null nos outros. Muda com `PATCH /candidaturas/{id}` {visita}.",
      }),
  })
  .meta({ id: "Candidatura" });

export const applicationDetailSchema = applicationSummarySchema
  .extend({
    perguntas: z.array(questionSchema).nullable().meta({ description: "As perguntas como eram ao enviar." }),
    respostas: z.record(z.string(), answer).nullable(),
    respostas_apagadas_em: dateTime.nullable(),
    historico: z.array(
      z.object({
        status: applicationStatus,
        por: z.enum(["adotante", "responsavel"]).nullable(),
        motivo: z.string().nullable(),
        em: dateTime,
      }),
    ),
    acoes: z.array(applicationStatus).meta({ description: "Para onde quem lê pode mover a candidatura agora." }),
    conversa_id: id.nullable().meta({ description: "A conversa de quem se candidatou com quem cuida do animal." }),
    adotante: z.object({
      id,
      nome: z.string(),
      telefone: z.string().nullable().optional().meta({
        description:
          "Só para quem cuida do animal, enquanto a candidatura está em aberto e nenhum dos dois bloqueou o outro (senão, null).",
      }),
      cidade: z.string().nullable().optional(),
      uf: z.string().nullable().optional(),
    }),
    notas: z
      .array(z.object({ texto: z.string(), em: dateTime }))
      .optional()
      .meta({ description: "As notas privadas de quem cuida do animal (só para essa pessoa)." }),
  })
  .meta({ id: "CandidaturaDetalhada" });

export type ApiApplication = z.output<typeof applicationSummarySchema>;
export type ApiApplicationDetail = z.output<typeof applicationDetailSchema>;

export const applicationListSchema = z
  .object({
    enviadas: z.array(applicationSummarySchema),
    recebidas: z.array(applicationSummarySchema),
    recebidas_total: z.number().int(),
    pagina: z.number().int(),
    paginas: z.number().int(),
  })
  .meta({ id: "Candidaturas" });

export const applicationCreatedSchema = z.object({ id, status: applicationStatus }).meta({ id: "CandidaturaCriada" });

export const inboxSchema = z
  .object({
    recebidas: z.array(
      z.object({
        id,
        pet: z.object({ id, nome: z.string(), imagem: imagePath.nullable() }),
        nome: z.string(),
        telefone: z.string(),
        contato__texto: z.string(),
        enviada_em: dateTime,
        lida: z.boolean(),
      }),
    ),
    enviadas: z.array(
      z.object({ id, pet: z.object({ id, nome: z.string() }), contato__texto: z.string(), enviada_em: dateTime }),
    ),
  })
  .meta({ id: "Mensagens" });

export const messageSentSchema = z
  .object({
    id,
    mensagem: z.string().meta({ example: "Mensagem enviada com sucesso!" }),
    conversa_id: id.nullable().meta({
      description:
        "A conversa sobre o animal, quando quem escreve entrou na conta: a mensagem abre (ou continua) a conversa com quem cuida dele. Null para quem escreve sem conta.",
    }),
  })
  .meta({ id: "MensagemEnviada" });

/** Whom a person blocked (issue 20): accounts, from a conversation, and visitors' phones, from a message. */
export const blocksSchema = z
  .object({
    bloqueios: z
      .array(
        z.object({
          id,
          descricao: z.string().meta({
            description:
              "Quem: o nome da conta, ou o nome e o fim do telefone de um visitante (o telefone não é guardado).",
            example: "Rui, telefone terminado em 4444",
          }),
          criado_em: dateTime,
        }),
      )
      .meta({ description: "Os mais recentes primeiro (até 200)." }),
  })
  .meta({ id: "Bloqueios" });

export const storySchema = z
  .object({
    id,
    titulo: z.string().meta({ example: "Farofa e Ana" }),
    historia: z.string().meta({ description: "Contada por quem adotou, como escreveu (até 2.000 caracteres)." }),
    adotante: z.string().meta({ description: "Só o primeiro nome de quem adotou.", example: "Ana" }),
    adotado_em: z.iso.date().meta({ description: "O dia da adoção (horário de Brasília).", example: "2026-11-15" }),
    publicado_em: dateTime,
    imagem: imagePath.nullable().meta({ description: "A foto da história, ou a primeira do animal (640 px)." }),
    pagina: z.string().meta({ example: "/adopet/finais-felizes/0b7f4a52-2d7e-4f63-9a43-6f1c1b8c2f10" }),
    pet: z.object({ id, nome: z.string(), especie: z.enum(SPECIES) }),
    responsavel: z.object({ id, nome: z.string().meta({ description: "O nome público (de uma ONG, o dela)." }) }),
  })
  .meta({ id: "FinalFeliz" });
export type ApiStory = z.output<typeof storySchema>;

/** A caretaker's public page (a person or an ONG who published animals): never a phone or an e-mail. */
export const caretakerPageSchema = z
  .object({
    id,
    nome: z.string().meta({ description: "O nome público de uma ONG, ou o nome da pessoa." }),
    tipo: caretakerKind,
    verificada: z.boolean(),
    foto: imagePath.nullable(),
    local: z.string().nullable().meta({ example: "Niterói (RJ)" }),
    sobre: z.string().nullable(),
    disponiveis: z.array(apiPetSchema).meta({ description: "Os animais disponíveis para adoção." }),
    adotados: z.number().int().meta({ description: "Quantos animais já foram adotados." }),
    organizacoes: z.array(
      z.object({
        id,
        nome: z.string(),
        verificada: z.boolean(),
        local: z.string().nullable(),
        logo: imagePath.nullable(),
      }),
    ),
    historias: z.array(storySchema).meta({ description: "Os finais felizes mais recentes (até 6)." }),
  })
  .meta({ id: "PaginaDoResponsavel" });

export const storiesSchema = z
  .object({
    historias: z.array(storySchema),
    proxima: z.string().nullable().meta({
      description: "O `antes` da página seguinte; null na última.",
      example: "2026-11-20T10:00:00.000Z_0b7f4a52-2d7e-4f63-9a43-6f1c1b8c2f10",
    }),
  })
  .meta({ id: "FinaisFelizes" });

export const applicationAnimalsSchema = z
  .object({
    animais: z.array(z.object({ id, nome: z.string().meta({ example: "Bolota" }) })),
  })
  .meta({ id: "AnimaisComCandidaturas" });

export const citiesSchema = z
  .object({
    cidades: z.array(
      z.object({
        ibge: z.number().int().meta({ example: 3303302 }),
        nome: z.string().meta({ example: "Niterói" }),
        uf: z.enum(UFS),
        rotulo: z.string().meta({ example: "Niterói (RJ)" }),
        latitude: z.number().meta({ example: -22.8832 }),
        longitude: z.number().meta({ example: -43.1034 }),
      }),
    ),
  })
  .meta({ id: "Cidades" });

export const favoritesSchema = z
  .object({ favoritos: z.array(z.object({ pet: apiPetSchema, favoritado_em: dateTime })) })
  .meta({ id: "Favoritos" });

export const alertSchema = z
  .object({
    id,
    filtros: alertFiltersSchema,
    frequencia: z.enum(ALERT_FREQUENCIES),
    descricao: z.string().meta({ description: "A busca por extenso.", example: "Cães em Niterói (RJ)" }),
    criado_em: dateTime,
  })
  .meta({ id: "Alerta" });

export type ApiAlert = z.output<typeof alertSchema>;

export const alertListSchema = z.object({ alertas: z.array(alertSchema) }).meta({ id: "Alertas" });

export const createdIdSchema = z.object({ id }).meta({ id: "Criado" });

export const reportFiledSchema = z.object({ id, message: z.string() }).meta({ id: "DenunciaRecebida" });

/** The export keeps growing with the product: its top level is fixed, each part is described on the page. */
export const dataExportSchema = z
  .looseObject({
    exportado_em: dateTime,
    conta: z.looseObject({ id, email: z.email() }),
    animais: z.array(apiPetSchema),
  })
  .meta({ id: "MeusDados", description: "Todos os dados da conta (LGPD), em JSON para baixar." });

const conversationSummaryFields = {
  id,
  papel: z.enum(["adotante", "responsavel"]).meta({ description: "De que lado da conversa está quem lê." }),
  pet: z
    .object({ id, nome: z.string(), imagem: imagePath.nullable() })
    .nullable()
    .meta({ description: "O animal de que se fala; null numa conversa sobre um anúncio de perdidos e achados." }),
  anuncio: z.object({ id, nome: z.string(), imagem: imagePath.nullable() }).nullable().meta({
    description:
      'O anúncio de perdidos e achados de que se fala (`nome`: o nome do animal perdido, ou "o gato encontrado"); null numa conversa sobre um animal para adoção.',
  }),
  outra_parte: z.object({ id, nome: z.string() }).meta({
    description:
      "Com quem se conversa: para quem se candidatou, a organização dona do animal pelo nome (`id`: quem publicou o animal); para a equipe, quem se candidatou. Sobre um anúncio: quem o publicou, ou quem escreveu a essa pessoa.",
  }),
  atribuida_a: z.object({ id, nome: z.string() }).nullable().optional().meta({
    description:
      "Só para a equipe: o membro que responde pela conversa (null: toda a equipe). Muda com `PATCH /conversas/{id}` {atribuida_a}.",
  }),
  ultima_em: dateTime.nullable(),
  ultima_mensagem: z
    .object({ texto: z.string(), minha: z.boolean() })
    .nullable()
    .meta({ description: "A última mensagem, e se foi o lado de quem lê (a pessoa, ou a sua equipe) que a escreveu." }),
  nao_lidas: z.number().int().meta({ description: "Mensagens da outra parte ainda não lidas." }),
};

export const conversationListSchema = z
  .object({
    conversas: z.array(z.object(conversationSummaryFields)),
    nao_lidas: z.number().int().meta({ description: "Mensagens não lidas em todas as conversas." }),
  })
  .meta({ id: "Conversas" });
export type ApiConversationList = z.output<typeof conversationListSchema>;

export const conversationSchema = z
  .object({
    ...conversationSummaryFields,
    mais_antigas: z.boolean().meta({ description: "Há mensagens mais antigas que as 100 mostradas." }),
    whatsapp: z
      .object({
        compartilhando: z.boolean().meta({ description: "Se quem lê compartilha o seu WhatsApp nesta conversa." }),
        outra_parte: z.url().nullable().meta({
          description:
            "Um link `wa.me` para o WhatsApp da outra parte, só enquanto ela o compartilha (e ninguém bloqueou ninguém).",
          example: "https://wa.me/5521987654321?text=Ol%C3%A1",
        }),
      })
      .meta({ description: "O WhatsApp, por consentimento: nenhum telefone aparece sem que a pessoa compartilhe." }),
    bloqueio: z.enum(["voce", "outra_parte"]).nullable().meta({
      description:
        "Quem bloqueou quem: `voce` bloqueou a outra parte, ou `outra_parte` bloqueou você (não é possível escrever).",
    }),
    mensagens: z.array(
      z.object({
        id,
        texto: z.string(),
        enviada_em: dateTime,
        minha: z.boolean().meta({ description: "Escrita pelo lado de quem lê (a pessoa, ou a sua equipe)." }),
        lida_em: dateTime.nullable(),
        autor: z.string().nullable().optional().meta({
          description: "Só para a equipe: o outro membro que a escreveu (null: quem se candidatou, ou quem lê).",
        }),
      }),
    ),
  })
  .meta({ id: "Conversa", description: "Uma conversa e suas mensagens, da mais antiga à mais nova." });
export type ApiConversation = z.output<typeof conversationSchema>;

export const conversationMessageSentSchema = z.object({ id, enviada_em: dateTime }).meta({ id: "MensagemDaConversa" });
export const reportMessageSentSchema = z
  .object({ id, conversa_id: id.meta({ description: "A conversa sobre o anúncio, em `/conversas/{id}`." }) })
  .meta({ id: "MensagemSobreAnuncio" });

// ——— The termo de adoção (issue 21) ———

const termoParty = z.enum(["adotante", "responsavel"]);

export const termoSchema = z
  .object({
    id,
    candidatura_id: id,
    status: z.enum(TERMO_STATUSES).meta({
      description:
        "`emitido` (aguarda quem adota), `assinado_adotante` (aguarda quem cuida do animal), `assinado`, `cancelado`.",
    }),
    animal: z.string(),
    responsavel: z.string(),
    prazo_castracao: z.string().nullable().meta({ description: "Até quando o animal deve ser castrado (aaaa-mm-dd)." }),
    texto: z.string().meta({
      description: "O texto como está: final depois que quem adota assina; antes, com lacunas para os dados dela.",
    }),
    texto_sha256: z.string().meta({ description: "SHA-256 (hexadecimal) do texto, em UTF-8." }),
    adotante: z
      .object({ nome_completo: z.string(), cpf: z.string(), endereco: z.string(), cep: z.string() })
      .nullable()
      .meta({ description: "Os dados de quem adota, depois que assina (só para as duas partes)." }),
    assinaturas: z.array(
      z.object({
        parte: termoParty,
        nome_completo: z.string(),
        assinado_em: dateTime,
        ip: z.string(),
        navegador: z.string(),
        texto_sha256: z.string(),
      }),
    ),
    codigo: z.string().nullable().meta({ description: "O código de verificação, depois das duas assinaturas." }),
    pode_assinar: z.boolean().meta({ description: "Se é a vez de quem lê assinar." }),
    pdf: z.string().nullable().meta({ description: "O endereço do PDF assinado, depois das duas assinaturas." }),
    emitido_em: dateTime,
    assinado_em: dateTime.nullable(),
  })
  .meta({ id: "TermoDeAdocao" });
export type ApiTermo = z.output<typeof termoSchema>;

export const termoVerificationSchema = z
  .object({
    valido: z.boolean(),
    codigo: z.string().optional(),
    animal: z.string().optional(),
    assinaturas: z.array(z.object({ parte: termoParty, nome: z.string(), assinado_em: dateTime })).optional(),
    assinado_em: dateTime.optional(),
  })
  .meta({ id: "VerificacaoDeTermo" });

export const returnRecordedSchema = z
  .object({
    status: z.literal("devolvida"),
    devolvida_em: dateTime,
    registrada_por: termoParty.meta({ description: "Quem registrou a devolução." }),
  })
  .meta({ id: "DevolucaoRegistrada" });
export type ApiReturnRecorded = z.output<typeof returnRecordedSchema>;

/** Organisations (issue 43). */
const organizationRole = z.enum(ORGANIZATION_ROLES);

export const organizationSummarySchema = z
  .object({ id, nome: z.string(), papel: organizationRole, verificada: z.boolean() })
  .meta({ id: "OrganizacaoDoMembro" });

export const organizationsSchema = z.object({ organizacoes: z.array(organizationSummarySchema) });

export const organizationSchema = z
  .object({
    id,
    nome: z.string(),
    cnpj: z.string().nullable().meta({ description: "Os 14 caracteres, sem máscara; nulo para um grupo sem CNPJ." }),
    cidade: z.string().nullable(),
    uf: z.string().nullable(),
    cidade_ibge: z.int().nullable().meta({ description: "O código IBGE da cidade." }),
    sobre: z.string().nullable(),
    logo: imagePath.nullable(),
    verificada: z.boolean().meta({ description: "O selo dado pela equipe da Adopet depois de conferir o CNPJ." }),
    criada_em: dateTime,
    papel: organizationRole.meta({ description: "O seu papel nela." }),
  })
  .meta({ id: "Organizacao" });

export const membersSchema = z.object({
  membros: z.array(
    z
      .object({
        id,
        nome: z.string(),
        papel: organizationRole,
        desde: dateTime,
        novo_administrador_ate: dateTime.nullable().meta({
          description:
            "Para um administrador de menos de 72 horas: até quando ele ainda não altera a chave Pix nem muda o " +
            "papel de outros membros ou os remove (um administrador mais antigo pode liberar antes).",
        }),
      })
      .meta({ id: "Membro" }),
  ),
});

export const invitationsSchema = z.object({
  convites: z.array(
    z
      .object({
        id,
        convidado: z.string().meta({
          description: "O e-mail convidado; para um lar temporário convidado pela oferta, só o primeiro nome.",
        }),
        papel: organizationRole,
        convidado_por: z.string().nullable().meta({ description: "Quem enviou (nulo se a conta não existe mais)." }),
        criado_em: dateTime,
        expira_em: dateTime,
      })
      .meta({ id: "Convite" }),
  ),
});

/** An invitation's link, as whoever opens it reads it (issue 43). */
export const invitationViewSchema = z
  .object({
    organizacao: z.object({ id, nome: z.string(), verificada: z.boolean() }),
    papel: organizationRole,
    convidado_por: z.string().nullable(),
    email: z.string().meta({
      description: "O e-mail convidado: inteiro só para a conta dele; para os demais, uma pista (`m…@exemplo.com`).",
    }),
    quem_abre: z.enum(["visitante", "convidado", "outra-conta"]).meta({
      description: "Sem sessão, a conta convidada (que pode aceitar), ou outra conta (que não pode).",
    }),
    status: z.enum(["pendente", "aceito", "recusado", "expirado", "cancelado"]),
  })
  .meta({ id: "ConviteAberto" });

export const activitySchema = z.object({
  atividade: z.array(
    z
      .object({
        id,
        em: dateTime,
        membro: z.object({ id: id.nullable(), nome: z.string() }).meta({ description: "Quem fez (o nome de então)." }),
        acao: z.enum(ACTIVITY_KINDS),
        alvo: z.object({ id: id.nullable(), nome: z.string().nullable() }).nullable(),
        detalhe: z.string().nullable(),
        texto: z.string().meta({ description: "A frase pronta, em português.", example: "Ana publicou Thor" }),
      })
      .meta({ id: "Atividade" }),
  ),
  proxima: z.string().nullable().meta({ description: "O `antes` da próxima página (nulo na última)." }),
});

const month = z.string().meta({ description: "Um mês, AAAA-MM (de Brasília).", example: "2026-03" });
const median = (description: string) => z.number().nullable().meta({ description, example: 12.5 });

const panelFigures = z
  .object({
    entradas: z.number().int().meta({
      description: "Animais que entraram: publicados pela organização, ou recebidos dela por transferência.",
    }),
    adocoes: z.number().int().meta({ description: "Adoções concluídas (termo assinado pelas duas partes)." }),
    devolucoes: z.number().int().meta({ description: "Animais devolvidos depois da adoção." }),
    em_lar_temporario: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Animais que passaram ao menos um dia do mês (ou do período) em um lar temporário." }),
    mediana_dias_ate_adocao: median("Mediana de dias entre a publicação e a adoção (nulo sem adoções)."),
    candidaturas: z.object({
      total: z.number().int().meta({ description: "Candidaturas recebidas." }),
      por_status: z
        .record(z.enum(APPLICATION_STATUSES), z.number().int())
        .meta({ description: "As candidaturas recebidas, pelo status que cada uma tem hoje." }),
      respondidas: z.number().int().meta({ description: "Quantas a equipe já respondeu (um primeiro passo dela)." }),
      mediana_horas_primeira_resposta: median("Mediana de horas até essa primeira resposta (nulo sem respostas)."),
    }),
  })
  .meta({ id: "NumerosDoPainel" });

export const panelSchema = z.object({
  organizacao: z.object({ id, nome: z.string() }),
  de: month,
  ate: month,
  meses: z.array(z.object({ mes: month, ...panelFigures.shape }).meta({ id: "MesDoPainel" })),
  total: panelFigures,
});

const transferStatus = z.enum(["pendente", "aceita", "recusada", "cancelada"]);

export const transferSchema = z
  .object({
    id,
    status: transferStatus,
    pet: z.object({ id, nome: z.string() }),
    de: z.object({ id, nome: z.string() }).meta({ description: "A organização que tinha o animal." }),
    para: z.object({ id, nome: z.string() }).meta({ description: "A organização que vai recebê-lo." }),
    criada_em: dateTime,
    respondida_em: dateTime.nullable(),
  })
  .meta({ id: "Transferencia" });
export type ApiTransfer = z.output<typeof transferSchema>;

export const transfersSchema = z.object({
  transferencias: z.array(transferSchema).meta({ description: "As pendentes primeiro, depois as mais recentes." }),
});

export const transfersMadeSchema = z
  .object({ transferencias: z.array(transferSchema).meta({ description: "Uma por animal, todas pendentes." }) })
  .meta({ id: "TransferenciasPedidas" });

export const transferTargetsSchema = z
  .object({
    organizacoes: z.array(
      z.object({
        id,
        nome: z.string(),
        cidade: z.string().nullable(),
        uf: z.string().nullable(),
        verificada: z.boolean().meta({ description: "A equipe da Adopet conferiu o CNPJ." }),
      }),
    ),
  })
  .meta({ id: "DestinosDeTransferencia" });

/** A person's offer of a foster home (issue 44), as its owner reads it. */
export const fosterOfferResponseSchema = z
  .object({
    cidade: z.string().meta({ example: "Niterói" }),
    uf: z.enum(UFS),
    cidade_ibge: z.int().meta({ description: "O código IBGE da cidade.", example: 3303302 }),
    especies: z.array(z.enum(FOSTER_SPECIES)),
    portes: z.array(z.enum(SIZES)),
    quantos: z.int().meta({ description: "Quantos animais de uma vez." }),
    disponivel_ate: z.iso.date().nullable().meta({ description: "Até quando o lar é oferecido; null: sem data." }),
    tem_animais: z.boolean(),
    tem_criancas: z.boolean(),
    tela_nas_janelas: z.boolean(),
    observacoes: z.string().nullable(),
    pausado: z.boolean().meta({ description: "Pausada: nenhuma organização encontra a oferta até ser retomada." }),
    atualizado_em: dateTime,
  })
  .meta({ id: "LarTemporario" });

/** `GET /organizacoes/:id/lares`: the active offers near a place, for the organisation's team. */
export const fosterOffersNearbySchema = z
  .object({
    perto: z.object({ codigo: z.int(), cidade: z.string().meta({ example: "Niterói (RJ)" }) }),
    lares: z.array(
      z.object({
        id: id.meta({ description: "O identificador da oferta (para convidar a pessoa)." }),
        nome: z.string().meta({ description: "Só o primeiro nome.", example: "Bia" }),
        cidade: z.string(),
        uf: z.enum(UFS),
        distancia_km: z.int(),
        membro: z.boolean().meta({
          description: "A pessoa já faz parte da organização: um animal pode ir para ela (`POST /pets/{id}/lar`).",
        }),
        especies: z.array(z.enum(FOSTER_SPECIES)),
        portes: z.array(z.enum(SIZES)),
        quantos: z.int(),
        disponivel_ate: z.iso.date().nullable(),
        tem_animais: z.boolean(),
        tem_criancas: z.boolean(),
        tela_nas_janelas: z.boolean(),
        observacoes: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "LaresPerto" });

/** An animal's stay in a foster home (issue 44), as its organisation's team reads it. */
export const placementSchema = z
  .object({
    id,
    pet_id: id,
    lar: z
      .object({
        id: id.nullable().meta({ description: "A conta de quem acolhe; null depois que a pessoa excluiu a conta." }),
        nome: z.string().nullable(),
        email: z.email().nullable(),
        telefone: z.string().nullable(),
      })
      .meta({ description: "Quem acolhe o animal, membro da organização: o contato é da equipe, nunca público." }),
    inicio: z.iso.date(),
    fim_previsto: z.iso.date().nullable(),
    fim: z.iso.date().nullable().meta({ description: "O dia em que voltou; null enquanto o animal está lá." }),
  })
  .meta({ id: "EstadiaEmLarTemporario" });

export const placementsSchema = z.object({
  estadias: z.array(placementSchema).meta({ description: "A atual primeiro, depois as mais recentes." }),
});

/** `GET /lar-temporario/precisam`: the animals waiting for a foster home. */
export const fosterNeedsSchema = z
  .object({
    pets: z.array(apiPetSchema),
    pagina: z.int(),
    total: z.int(),
    paginas: z.int(),
    perto: z
      .object({ codigo: z.int(), cidade: z.string() })
      .optional()
      .meta({ description: "A cidade de `perto`, quando encontrada." }),
  })
  .meta({ id: "PrecisamDeLarTemporario" });

/** `GET /meus-lares`: the animals with the foster now. */
export const myFosteredSchema = z
  .object({
    lares: z.array(
      z.object({
        estadia_id: id,
        inicio: z.iso.date(),
        fim_previsto: z.iso.date().nullable(),
        pet: apiPetSchema,
        organizacao: z.object({ id, nome: z.string() }),
        visitas: z
          .array(
            z.object({
              nome: z.string().meta({ description: "O primeiro nome de quem vem conhecer o animal." }),
              em: dateTime.nullable().meta({ description: "O dia e a hora; null: a equipe vai combinar." }),
            }),
          )
          .meta({ description: "As visitas de adoção que a equipe marcou na sua casa, as mais próximas primeiro." }),
      }),
    ),
  })
  .meta({ id: "MeusLares" });

/** News of an animal from its foster home (issue 44). */
export const petNewsSchema = z
  .object({
    id,
    texto: z.string(),
    status: z
      .enum(NEWS_STATUSES)
      .meta({ description: "`pendente`: esperando a equipe publicar; só a equipe e quem escreveu a veem." }),
    fotos: z.array(imagePath).meta({ description: "As fotos (640 px), na ordem enviada." }),
    criada_em: dateTime,
  })
  .meta({ id: "Noticia" });

export const petNewsListSchema = z.object({
  noticias: z.array(petNewsSchema).meta({
    description:
      "Mais recentes primeiro (até 20): as publicadas; para a equipe do animal, também as pendentes e recusadas; para o lar temporário, também as suas.",
  }),
});

/** `GET /organizacoes/:id/noticias`: the fosters' news waiting for the team. */
export const pendingNewsListSchema = z.object({
  sem_aprovacao: z.boolean().meta({
    description: "Se as notícias dos lares vão para a página na hora (então nenhuma fica pendente daqui em diante).",
  }),
  noticias: z
    .array(
      petNewsSchema
        .extend({ pet: z.object({ id, nome: z.string() }).meta({ description: "O animal da notícia." }) })
        .meta({ id: "NoticiaPendente" }),
    )
    .meta({ description: "As pendentes, mais antigas primeiro." }),
});

/** An entry of an animal's health record (issue 45), its fields by `tipo`. */
const day = z.iso.date();
const healthCommon = {
  id,
  observacoes: z.string().nullable(),
  registrado_por: z
    .enum(HEALTH_ROLES)
    .meta({ description: "Quem registrou: a equipe da organização, o lar temporário ou quem adotou." }),
  seu: z.boolean().meta({ description: "Se foi você quem registrou (quem não é da equipe só altera os seus)." }),
  arquivos: z.array(z.object({ id, tipo: z.enum(["pdf", "imagem"]), url: z.string() })).meta({
    description:
      "Os arquivos enviados com o registro (a foto da carteira, o PDF de um exame), só para quem lê o registro.",
  }),
  criado_em: dateTime,
};
const nextDose = day.nullable().meta({ description: "Quando vence a próxima dose; null: nenhuma prevista." });
export const healthEntryResponseSchema = z
  .discriminatedUnion("tipo", [
    z.object({
      tipo: z.literal("vacina"),
      nome: z.string().meta({
        description:
          "O nome da vacina no catálogo da espécie (`V10`, `Antirrábica`) quando o nome enviado é reconhecido; senão, como foi enviado.",
        example: "V10",
      }),
      vacina: z.enum(VACCINE_CODES).nullable().meta({
        description:
          "A vacina do catálogo (cão: v8, v10, antirrabica, gripe_canina, giardia, leishmaniose; gato: v3, v4, v5, antirrabica, felv); null quando o nome não foi reconhecido.",
      }),
      produto: z.string().nullable().meta({
        description:
          "A marca: a enviada, ou o que o nome dizia além da vacina (`V10 Vanguard Plus` dá `Vanguard Plus`).",
        example: "Vanguard Plus",
      }),
      data: day,
      lote: z.string().nullable(),
      proxima_dose: nextDose,
      ...healthCommon,
    }),
    z.object({ tipo: z.literal("vermifugo"), produto: z.string(), data: day, proxima_dose: nextDose, ...healthCommon }),
    z.object({
      tipo: z.literal("antipulgas"),
      produto: z.string(),
      data: day,
      proxima_dose: nextDose,
      ...healthCommon,
    }),
    z.object({ tipo: z.literal("castracao"), data: day, clinica: z.string().nullable(), ...healthCommon }),
    z.object({
      tipo: z.literal("exame"),
      nome: z.string().meta({ example: "FIV/FeLV" }),
      data: day,
      resultado: z.string().nullable(),
      ...healthCommon,
    }),
    z.object({
      tipo: z.literal("consulta"),
      data: day,
      motivo: z.string(),
      clinica: z.string().nullable(),
      ...healthCommon,
    }),
    z.object({
      tipo: z.literal("medicamento"),
      nome: z.string(),
      dose: z.string(),
      horarios: z.array(z.string()).meta({ description: "Horários do dia, HH:MM.", example: ["08:00", "20:00"] }),
      de: day,
      ate: day.nullable().meta({ description: "O último dia; null: sem data para terminar." }),
      ...healthCommon,
    }),
    z.object({ tipo: z.literal("peso"), data: day, kg: z.number().meta({ example: 12.4 }), ...healthCommon }),
  ])
  .meta({ id: "RegistroDeSaude" });

const dueDoseSchema = z
  .object({
    tipo: z.enum(["vacina", "vermifugo", "antipulgas"]),
    nome: z.string().meta({ description: 'A vacina, ou o tipo e o produto: "Vermífugo (Drontal)".' }),
    dia: day,
  })
  .meta({ id: "DoseDevida" });

export const healthRecordSchema = z
  .object({
    papel: z
      .enum(HEALTH_ROLES)
      .meta({ description: "Como você vê o registro: equipe, lar temporário ou quem adotou." }),
    registros: z.array(healthEntryResponseSchema).meta({ description: "Mais recentes primeiro." }),
    proximas_doses: z.array(dueDoseSchema).meta({
      description:
        "As doses que o registro espera, mais cedo primeiro: de cada vacina (pelo catálogo: `V10 Vanguard Plus` é a V10), vermífugo e antipulgas, a próxima da dose mais recente. Uma dose registrada encerra a anterior da mesma vacina.",
    }),
    lembretes: z.boolean().nullable().meta({
      description:
        "Para quem adotou: se os lembretes por e-mail estão ligados (`PUT /pets/{id}/saude/lembretes`); null para a equipe e o lar temporário, que os recebem enquanto o animal está com eles.",
    }),
  })
  .meta({ id: "RegistroDeSaudeDoAnimal" });

/** Pix (issue 46): an organisation's key, and a gift's code. */
export const pixKeyResponseSchema = z
  .object({
    tipo: z.enum(["cpf", "cnpj", "email", "telefone", "aleatoria"]),
    chave: z.string().meta({
      description: "Como o diretório do Pix guarda: CPF e CNPJ sem pontuação, celular com +55, e-mail em minúsculas.",
      example: "+5521987654321",
    }),
    nome_recebedor: z.string().meta({ example: "Amigos dos Bichos" }),
    cidade_recebedor: z.string().meta({ example: "Rio de Janeiro" }),
    alterada_em: dateTime,
  })
  .meta({ id: "ChavePix" });

export const pixCodeSchema = z
  .object({
    br_code: z.string().meta({
      description:
        "O BR Code estático (padrão EMV do Banco Central): o texto do `Pix copia e cola`, com chave, valor, nome e cidade de quem recebe e o `txid`, fechado pelo CRC16.",
    }),
    qr_svg: z.string().meta({ description: "O mesmo código como QR code, em SVG." }),
    txid: z.string().meta({
      description: "O nome da doação no extrato do banco: até 25 letras e números.",
      example: "DO7KQ2M9XRT4HW3NPZ8",
    }),
    valor: z
      .string()
      .nullable()
      .meta({ description: "Em reais, com ponto; null: quem paga digita o valor no app do banco.", example: "25.00" }),
    nome_recebedor: z.string(),
    cidade_recebedor: z.string(),
    organizacao: z.object({ id, nome: z.string(), verificada: z.boolean() }),
  })
  .meta({ id: "CodigoPix" });

export const sponsorshipsSchema = z
  .object({
    apadrinhamentos: z
      .array(
        z.object({
          id,
          pet: z.object({ id, nome: z.string() }),
          organizacao: z.object({ id, nome: z.string() }),
          valor_mensal: z.string().meta({ description: "Em reais, com ponto.", example: "30.00" }),
          valor_mensal_centavos: z.number().int().meta({ example: 3000 }),
          dia: z.number().int().meta({ description: "O dia do mês em que chega o código (1 a 28).", example: 10 }),
          criado_em: dateTime,
          encerrado_em: dateTime.nullable(),
          motivo_fim: z
            .enum(["padrinho", "adotado", "removido"])
            .nullable()
            .meta({ description: "Por que terminou: você parou, o animal foi adotado, ou o anúncio saiu da Adopet." }),
          transferido_para: z.object({ id, nome: z.string(), verificada: z.boolean() }).nullable().meta({
            description:
              "Ativo, de um animal que passou para outra organização: parado, sem códigos Pix, até você continuar com ela (`POST /apadrinhamentos/{id}/continuar`) ou parar.",
          }),
        }),
      )
      .meta({ description: "Os ativos primeiro, depois os mais novos." }),
  })
  .meta({ id: "Apadrinhamentos" });

/** An amount as every answer about an organisation's accounts gives it (issue 46). */
const reais = z.string().meta({ description: "Em reais, com ponto.", example: "30.00" });
const centavosInt = z.number().int().meta({ description: "O mesmo valor em centavos.", example: 3000 });
const petRef = z.object({ id, nome: z.string() });
const chargeSummary = z
  .object({
    txid: z.string(),
    apadrinhamento_id: id,
    mes: z.string().meta({ description: "AAAA-MM.", example: "2026-11" }),
    padrinho: z.string(),
    pet: z.string(),
  })
  .meta({ description: "O mês de apadrinhamento que a linha paga." });
const statementLine = {
  id,
  data: z.iso.date(),
  valor: reais,
  valor_centavos: centavosInt,
  descricao: z.string().meta({ description: "Como o banco escreveu." }),
};
const pendingLine = z
  .object({
    ...statementLine,
    sugestao: chargeSummary
      .nullable()
      .meta({ description: "O único mês em aberto com esse valor e essa data, mas sem o nome do padrinho na linha." }),
  })
  .meta({ id: "LinhaPendente" });

export const statementImportSchema = z
  .object({
    formato: z.enum(["ofx", "nubank", "inter"]),
    conciliados: z.array(z.object({ ...statementLine, doacao_id: id, apadrinhamento: chargeSummary.nullable() })).meta({
      description: "Créditos novos que viraram doações: pelo `txid`, ou pelo valor, a data e o nome do padrinho.",
    }),
    pendentes: z.array(pendingLine).meta({
      description: "Créditos novos sem correspondência, para atribuir (POST doacoes com `linha_id`) ou ignorar.",
    }),
    ja_importadas: z
      .number()
      .int()
      .meta({ description: "Créditos que já tinham sido importados: não contam de novo." }),
    saidas: z.number().int().meta({ description: "Débitos do extrato: não são doações, e não ficam guardados." }),
  })
  .meta({ id: "ImportacaoDeExtrato" });

export const pendingLinesSchema = z.object({ pendentes: z.array(pendingLine) }).meta({ id: "LinhasPendentes" });

export const donationsSchema = z
  .object({
    doacoes: z.array(
      z.object({
        id,
        data: z.iso.date(),
        valor: reais,
        valor_centavos: centavosInt,
        origem: z.enum(["manual", "extrato"]),
        pet: petRef.nullable(),
        doador: z.string().nullable(),
        txid: z.string().nullable(),
        apadrinhamento: z.object({ id, mes: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: "Doacoes" });

export const expensesSchema = z
  .object({
    despesas: z.array(
      z.object({
        id,
        data: z.iso.date(),
        valor: reais,
        valor_centavos: centavosInt,
        categoria: z.enum(["veterinario", "racao", "castracao", "medicamentos", "transporte", "outro"]),
        pet: petRef.nullable(),
        descricao: z.string().nullable(),
        comprovante: z.enum(["pdf", "imagem"]).nullable(),
      }),
    ),
  })
  .meta({ id: "Despesas" });

const totals = { recebido: reais, gasto: reais };
export const transparencySchema = z
  .object({
    organizacao: z.object({
      id,
      nome: z.string(),
      verificada: z.boolean().meta({ description: "Se a equipe da Adopet conferiu a organização." }),
    }),
    publica: z.boolean(),
    ano: z.number().int(),
    anos: z
      .array(z.number().int())
      .meta({ description: "Os anos com lançamentos, e o atual; os mais novos primeiro." }),
    total: z.object(totals),
    meses: z.array(z.object({ mes: z.string().meta({ example: "2026-11" }), ...totals })).meta({
      description:
        "Do primeiro mês com lançamento ao último do ano (no ano atual, até o mês atual); sem lançamentos, só o último.",
    }),
    animais: z.array(
      z.object({
        ...petRef.shape,
        ...totals,
        padrinhos: z.number().int().meta({ description: "Quantos padrinhos pagaram algum mês no ano." }),
        nomes: z.array(z.string()).meta({ description: "Os padrinhos que aceitaram aparecer pelo nome." }),
      }),
    ),
    geral: z.object(totals).meta({ description: "O que não foi para um animal em particular." }),
    categorias: z.array(
      z.object({
        categoria: z.enum(["veterinario", "racao", "castracao", "medicamentos", "transporte", "outro"]),
        gasto: reais,
      }),
    ),
  })
  .meta({ id: "Transparencia" });

/** A lost or found animal's report (issue 47), as the API shows it to anyone. */
export const lostFoundReportSchema = z
  .object({
    id,
    tipo: z.enum(["perdido", "encontrado"]),
    status: z.enum(["aberto", "reencontrado", "encerrado"]),
    especie: z.enum(["cao", "gato", "outro"]),
    porte: z.enum(["pequeno", "medio", "medio_grande", "grande"]),
    sexo: z.enum(["macho", "femea"]).nullable(),
    cores: z.array(z.string()).meta({ example: ["caramelo", "branco"] }),
    nome: z.string().nullable().meta({ description: "O nome do animal perdido." }),
    data: z.iso.date().meta({ description: "O dia em que se perdeu ou foi encontrado." }),
    cidade: z.object({ codigo: z.number().int(), nome: z.string(), uf: z.string() }),
    cidade_ibge: z.int().meta({ description: "O código IBGE da cidade (o mesmo de `cidade.codigo`)." }),
    bairro: z.string().nullable(),
    ponto: z
      .object({ latitude: z.number(), longitude: z.number() })
      .nullable()
      .meta({ description: "Aproximado, arredondado a cerca de 500 m; null quando só a cidade foi informada." }),
    descricao: z.string().nullable(),
    final_feliz: z.string().nullable(),
    fotos: z.array(z.string()).meta({ description: "Os endereços das fotos (640 px)." }),
    autor: z.object({ id, nome: z.string().meta({ description: "O primeiro nome." }) }),
    emergencia_id: id.nullable().meta({
      description: "Um animal acolhido por um abrigo durante esta emergência (`GET /emergencias/{id}`), ou null.",
    }),
    criado_em: dateTime,
    expira_em: dateTime,
  })
  .meta({ id: "AnuncioPerdidoAchado" });

export const emergencyViewSchema = z
  .object({
    id,
    nome: z.string(),
    cidades: z.array(z.object({ codigo: z.number().int(), nome: z.string(), uf: z.string() })),
    inicio: z.iso.date(),
    fim: z.iso.date().nullable(),
    ativa: z.boolean().meta({ description: "Hoje está entre o início e o fim: os abrigos ainda registram animais." }),
    animais: z.number().int().meta({
      description:
        "Quantos animais os abrigos registraram: `GET /perdidos-e-achados?emergencia={id}` lista os abertos.",
    }),
  })
  .meta({ id: "Emergencia" });

export const activeEmergenciesSchema = z
  .object({
    emergencias: z.array(z.object({ id, nome: z.string() })).meta({
      description: "As em curso hoje, a mais recente primeiro (até 5): os detalhes em `GET /emergencias/{id}`.",
    }),
  })
  .meta({ id: "EmergenciasEmCurso" });

export const shelterAnimalsCreatedSchema = z
  .object({ ids: z.array(id).meta({ description: "Os anúncios criados, na ordem de `animais`." }) })
  .meta({ id: "AnimaisAcolhidos" });

export const lostFoundReportsSchema = z
  .object({ anuncios: z.array(lostFoundReportSchema) })
  .meta({ id: "AnunciosPerdidosAchados" });

export const photoSearchResultsSchema = z
  .object({
    resultados: z.array(
      z.object({
        semelhanca: z.number().int().meta({
          description:
            "De 0 a 100: quanto a foto enviada se parece com a do animal (e as cores, se informadas). Fotos sem relação ficam perto de 0.",
        }),
        anuncio: lostFoundReportSchema,
      }),
    ),
  })
  .meta({ id: "BuscaPorFoto" });

export const lostFoundMatchesSchema = z
  .object({
    correspondencias: z.array(
      z.object({
        pontos: z
          .number()
          .int()
          .meta({ description: "De 0 a 100: quanto os anúncios se parecem (fotos, distância, dias, cores)." }),
        distancia_km: z.number(),
        anuncio: lostFoundReportSchema,
      }),
    ),
  })
  .meta({ id: "Correspondencias" });

const hiddenBy = z
  .enum(["denuncias", "operador", "conta_suspensa"])
  .meta({ description: "Quem ocultou: as denúncias (à espera da moderação), um operador, ou a conta suspensa." });

/** What waits for the operators (issue 22), as the moderation page shows it. */
export const moderationSchema = z
  .object({
    denuncias: z.array(
      z.object({
        alvo: z.object({ tipo: z.enum(REPORT_TARGETS), id }),
        titulo: z.string().meta({ example: "Anúncio de Rex, de Maria" }),
        endereco: z.string().nullable().meta({ description: "Onde se vê o alvo no site; null: sem página pública." }),
        trecho: z.string().nullable().meta({ description: "O texto da mensagem denunciada, numa conversa." }),
        oculto: hiddenBy.nullable(),
        conta: z
          .object({ id, nome: z.string(), suspensa: z.boolean() })
          .nullable()
          .meta({ description: "A conta que pode ser suspensa por causa do alvo." }),
        pessoas: z.number().int().meta({ description: "Quantas pessoas denunciaram." }),
        total: z.number().int(),
        ultima_em: dateTime,
        relatos: z.array(
          z.object({
            id,
            categoria: z.enum(REPORT_CATEGORIES),
            texto: z.string(),
            quem: z.string().meta({ description: "Quem denunciou: só os operadores veem." }),
            em: dateTime,
          }),
        ),
      }),
    ),
    anuncios_ocultos: z.array(
      z.object({ id, nome: z.string(), dono: z.string(), por: hiddenBy.exclude(["conta_suspensa"]), desde: dateTime }),
    ),
    contas_suspensas: z.array(z.object({ id, nome: z.string(), motivo: z.string(), desde: dateTime })),
    ongs_a_verificar: z.array(
      z.object({
        id,
        nome: z.string(),
        nome_publico: z.string(),
        cnpj: z.string().meta({ example: "12.345.678/0001-95" }),
        local: z.string().nullable(),
        desde: dateTime,
        concorrentes: z
          .array(z.object({ id, nome_publico: z.string(), nome: z.string(), email: z.string() }))
          .meta({ description: "Outras contas à espera com o mesmo CNPJ: o operador decide qual é a ONG." }),
      }),
    ),
    registro: z.array(
      z.object({
        id,
        operador: z.string(),
        acao: z.string().meta({ example: "Ocultou o anúncio" }),
        alvo: z.string(),
        motivo: z.string(),
        em: dateTime,
      }),
    ),
  })
  .meta({ id: "Moderacao" });
export type ApiModeration = z.output<typeof moderationSchema>;

const privatePhoto = z
  .object({ src: z.string(), full: z.string() })
  .meta({ description: "Só para as duas partes da adoção (com a sessão): 320 e 1280 px de largura." });

/** The adoption's story as its two parties see it (issue 21), before and after publication. */
export const adoptionStorySchema = z
  .object({
    id,
    status: z.enum(STORY_STATUSES).meta({
      description: "`pendente` (esperando quem cuida do animal), `publicado` (em Finais felizes) ou `recusado`.",
    }),
    versao: dateTime.meta({
      description: "Quando mudou por último: a versão que quem cuida publica ou recusa (`versao` na revisão).",
    }),
    historia: z.string(),
    motivo: z.string().nullable().meta({ description: "Por que quem cuida do animal não publicou." }),
    foto: privatePhoto.nullable(),
  })
  .meta({ id: "HistoriaDaAdocao" });
export type ApiAdoptionStory = z.output<typeof adoptionStorySchema>;

/** An adoption's follow-up (issue 21): the check-ins and the castration the termo asked for. */
export const followupSchema = z
  .object({
    adotada_em: dateTime,
    devolvida_em: dateTime.nullable().meta({ description: "Quando o animal voltou: o acompanhamento terminou." }),
    checkins: z.array(
      z.object({
        dia: z.number().int().meta({ description: "Dias depois da adoção.", example: 30 }),
        previsto_para: dateTime,
        status: z.enum(["agendado", "enviado", "respondido", "sem_resposta"]),
        respondido_em: dateTime.nullable(),
        texto: z.string().nullable(),
        fotos: z.array(privatePhoto),
      }),
    ),
    castracao: z
      .object({
        prazo: z.iso.date(),
        feita_em: dateTime.nullable(),
        comprovante: privatePhoto.nullable(),
        atrasada: z.boolean(),
      })
      .nullable()
      .meta({ description: "Quando o termo pediu a castração até uma data; null: não pediu." }),
  })
  .meta({ id: "Acompanhamento" });
export type ApiFollowup = z.output<typeof followupSchema>;

/** A dose to come or late, as the team's lists flag it (issue 62). */
export const organizationAnimalsSchema = z
  .object({
    animais: z.array(
      apiPetSchema
        .extend({
          doses_atrasadas: z.array(dueDoseSchema),
          doses_proximas: z.array(dueDoseSchema).meta({ description: "Nos próximos 7 dias." }),
        })
        .meta({ id: "AnimalDaOrganizacao" }),
    ),
    pagina: z.int(),
    total: z.int(),
    paginas: z.int(),
  })
  .meta({ id: "AnimaisDaOrganizacao" });

const followupToChaseSchema = z
  .object({
    candidatura_id: id,
    animal: z.string(),
    adotante: z.string().nullable().meta({ description: "Nulo quando a conta foi excluída." }),
    motivo: z.enum(["sem_resposta", "castracao"]).meta({
      description:
        "`sem_resposta`: um acompanhamento sem resposta há uma semana; `castracao`: o prazo passou ou vence em até 14 dias.",
    }),
    dia: day.meta({ description: "O dia do acompanhamento, ou o prazo da castração." }),
    atrasada: z.boolean(),
  })
  .meta({ id: "AcompanhamentoPendente" });

export const todaySchema = z
  .object({
    organizacao: z.object({ id, nome: z.string(), logo: imagePath.nullable(), papel: organizationRole }),
    candidaturas: z
      .object({
        minhas: z.int().meta({ description: "Em andamento e atribuídas a você." }),
        novas: z.int().meta({ description: "Com status `nova`: ninguém olhou ainda." }),
        em_andamento: z.int(),
      })
      .optional(),
    conversas: z
      .object({
        aguardando: z.int().meta({ description: "A última mensagem é do adotante." }),
        minhas: z.int().meta({ description: "Das que aguardam, as atribuídas a você." }),
      })
      .optional(),
    doses: z
      .object({
        atrasadas: z.int().meta({ description: "Animais com uma dose atrasada." }),
        proximas: z.int().meta({ description: "Animais com uma dose nos próximos 7 dias (e nenhuma atrasada)." }),
      })
      .optional(),
    noticias: z.object({ pendentes: z.int() }).optional(),
    lar_temporario: z
      .object({
        precisam: z.int(),
        urgentes: z.int(),
        primeiros: z.array(z.object({ id, nome: z.string(), urgente: z.boolean(), prazo: day.nullable() })),
      })
      .optional(),
    transferencias: z.object({ para_aceitar: z.int() }).optional(),
    extrato: z.object({ a_decidir: z.int() }).optional(),
    perdidos_e_achados: z
      .object({
        total: z.int(),
        anuncios: z.array(
          z.object({
            id,
            tipo: z.enum(["perdido", "encontrado"]),
            nome: z.string().nullable(),
            especie: z.enum(SPECIES),
            parecidos: z.int().meta({ description: "Quantos anúncios abertos parecidos." }),
          }),
        ),
      })
      .optional(),
    acompanhamentos: z
      .object({ sem_resposta: z.int(), castracoes: z.int(), itens: z.array(followupToChaseSchema) })
      .optional(),
    meus_animais: z
      .object({ total: z.int().meta({ description: "Os animais no seu lar temporário agora." }) })
      .optional(),
    resumo_diario: z.boolean().meta({
      description: "Se você recebe estes números por e-mail às 7h (só quando há algo a fazer).",
    }),
  })
  .meta({ id: "Hoje" });

export const dailySummarySchema = z
  .object({ ativo: z.boolean().meta({ description: "Se você recebe o resumo diário desta organização." }) })
  .meta({ id: "ResumoDiario" });

export const severalHealthEntriesSchema = z
  .object({ registros: z.array(id).meta({ description: "Os ids dos registros, na ordem dos ids dos animais." }) })
  .meta({ id: "RegistrosDeSaudeCriados" });

/** An organisation's Lixeira (issue 63). */
const trashItemSchema = z
  .object({
    id,
    tipo: z.enum(TRASH_KINDS).meta({ description: "O que foi apagado: uma despesa ou um registro de saúde." }),
    registro_id: id.meta({ description: "O identificador do registro, o mesmo com que ele volta." }),
    resumo: z.string().meta({ example: "Despesa de R$ 89,90 (Ração) em 05/12/2026" }),
    apagado_por: z.string().nullable().meta({ description: "Quem apagou (null se a conta não existe mais)." }),
    apagado_em: dateTime,
    expira_em: dateTime.meta({ description: "Até quando pode ser restaurado; depois, é apagado de vez." }),
  })
  .meta({ id: "ItemDaLixeira" });

export const trashSchema = z.object({ itens: z.array(trashItemSchema) }).meta({ id: "Lixeira" });

export const restoredSchema = z
  .object({ tipo: z.enum(TRASH_KINDS), registro_id: id })
  .meta({ id: "RegistroRestaurado" });

/** An organisation's donors (issue 63). */
const donorSchema = z
  .object({
    doador: z.string().meta({
      description: "A chave do doador (o nome sem acentos nem maiúsculas): o `doador` da declaração anual.",
      example: "roberto alves nunes",
    }),
    nome: z.string().meta({ description: "Como a doação mais recente o nomeia.", example: "Roberto Alves Nunes" }),
    total: reais,
    total_centavos: centavosInt,
    doacoes: z.int(),
    ultima: z.iso.date().meta({ description: "O dia da doação mais recente." }),
    padrinho: z.boolean().meta({ description: "Se alguma das doações pagou um mês de apadrinhamento." }),
    anos: z.array(z.object({ ano: z.int(), total: reais, total_centavos: centavosInt, doacoes: z.int() })),
  })
  .meta({ id: "Doador" });

export const donorsSchema = z
  .object({
    doadores: z.array(donorSchema).meta({ description: "O maior total primeiro." }),
    sem_nome: z
      .object({ total: reais, total_centavos: centavosInt, doacoes: z.int() })
      .meta({ description: "As doações registradas sem o nome de quem doou." }),
  })
  .meta({ id: "Doadores" });
