import { z } from "zod";
import { healthCarteira } from "~/domain/health/carteira.server";
import { renderRegisterPdf } from "~/domain/health/health-pdf.server";
import { organizationRegister, petRegister, REGISTER_COLUMNS, REGISTER_LABELS } from "~/domain/health/register.server";
import { healthRemindersOn, setHealthReminders } from "~/domain/health/reminders.server";
import { dayInBrasilia } from "~/lib/dates";
import { downloadName } from "~/lib/file-names";
import {
  addHealthEntry,
  addHealthEntryToSeveral,
  changeHealthEntry,
  findHealthEntry,
  healthRecord,
  removeHealthEntry,
} from "~/domain/health/records.server";
import { dueDoses, HEALTH_FILE_MAX_BYTES, HEALTH_FILES_MAX, HEALTH_MESSAGES, SEVERAL_ANIMALS_MAX } from "~/lib/health";
import { CSV_FORMATS } from "~/lib/csv";
import { severalHealthEntrySchema } from "~/validation/health";
import { healthEntryResponseSchema, healthRecordSchema, severalHealthEntriesSchema } from "~/openapi/responses";
import {
  HEALTH_ENTRY_SCHEMAS,
  healthEntryFormSchema,
  healthEntryPatchSchema,
  healthEntrySchema,
} from "~/validation/health";
import { readApiHealthEntry } from "~/web/health-forms.server";
import { apiError, apiFailure, parseJsonBody, validationFailed } from "~/web/api.server";
import { askedCsvFormat, privateCsvResponse, privatePdfResponse } from "~/web/downloads.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";
import { healthEntryFields, registerCsv, toApiDose, toApiHealthEntry } from "~/presenters/health";
import { formMaxBytes } from "~/web/body.server";

/** The form of a CSV (app/presenters/csv.ts), the same in every CSV the API gives. */
const csvQuery = z.object({
  formato: z
    .enum(CSV_FORMATS)
    .optional()
    .meta({
      description:
        "`planilha` (o padrão): UTF-8 com BOM, separado por `;`, decimais com vírgula, para abrir numa planilha; " +
        "`csv-virgula`: separado por vírgulas, decimais com ponto, sem BOM, para programas.",
    }),
});
const CSV_ANSWER = "O CSV (UTF-8), no formato pedido.";

const NO_STORE = { "Cache-Control": "no-store" };
const healthRemindersSchema = z.strictObject({ ativos: z.boolean(HEALTH_MESSAGES.lembretes) });
const organization = idParam("organization", "da organização");
const binary = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string().meta({ override: { type: "string", format: "binary" } }) } },
});

const REGISTER =
  "Os dados que a Lei nº 15.046/2024 (art. 2º) pede para o cadastro nacional de cães e gatos (SinPatinhas): espécie, raça, sexo, idade, pelagem, vacinas, doenças, microchip, origem e, de um animal adotado, o nome, o CPF e o endereço de quem adotou, do termo assinado; de um animal com a organização, a organização e o CNPJ. O SinPatinhas não tem API: o arquivo é para quem faz o cadastro no site dele.";
const pet = idParam("pet", "do animal");
const entry = idParam("health-entry", "do registro de saúde");

const WHO_READS =
  "Só a equipe da organização do animal (administradores e equipe), o lar temporário onde ele está agora e, depois da adoção assinada, quem o adotou; para qualquer outra pessoa, 404.";

/** An animal's health record (issue 45): its entries, read and written by those who hold the animal. */
export const healthEndpoints = [
  endpoint({
    method: "get",
    path: "/pets/{id}/saude",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Saúde"],
      summary: "O registro de saúde de um animal",
      description: `Vacinas, vermífugos, antipulgas, castração, exames, consultas, medicamentos e peso, mais recentes primeiro. ${WHO_READS}`,
      ok: { 200: answer("O registro.", healthRecordSchema) },
      errors: { 404: "Animal não encontrado (ou você não cuida dele)." },
    },
    async handle({ params, context, user }) {
      const record = await healthRecord(context.db, user.id, params.id);
      if (!record.ok) return apiFailure(record.failure);
      const { role, entries } = record.value;
      return Response.json(
        {
          papel: role,
          registros: entries.map((item) => toApiHealthEntry(item, user.id)),
          proximas_doses: dueDoses(entries).map(toApiDose),
          lembretes: role === "adotante" ? await healthRemindersOn(context.db, user.id, params.id) : null,
        },
        { headers: NO_STORE },
      );
    },
  }),
  endpoint({
    method: "put",
    path: "/pets/{id}/saude/lembretes",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Saúde"],
      summary: "Receber ou não os lembretes de saúde do animal adotado",
      description:
        "Para quem adotou o animal. `ativos`: true, as próximas doses e o peso chegam por e-mail; false, não chegam mais.",
      requestBody: { content: json(healthRemindersSchema) },
      ok: { 200: answer("Como ficou.", healthRemindersSchema) },
      errors: {
        403: "Só quem adotou o animal recebe os lembretes.",
        404: "Animal não encontrado (ou você não cuida dele).",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, healthRemindersSchema);
      if (!parsed.ok) return parsed.response;
      const set = await setHealthReminders(context.db, user.id, params.id, parsed.data.ativos);
      if (!set.ok) return apiFailure(set.failure);
      return Response.json({ ativos: parsed.data.ativos }, { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/saude.pdf",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Saúde"],
      summary: "Baixar a carteira de saúde em PDF",
      description: `O registro inteiro, como uma carteira de vacinação: vacinas com lote e próxima dose, vermífugos e antipulgas, castração, exames, consultas, medicamentos e peso. ${WHO_READS}`,
      ok: { 200: binary("O PDF.", "application/pdf") },
      errors: { 404: "Animal não encontrado (ou você não cuida dele)." },
    },
    async handle({ params, context, user }) {
      const carteira = await healthCarteira(context.db, user.id, params.id, new Date());
      if (!carteira.ok) return apiFailure(carteira.failure);
      return privatePdfResponse(carteira.value);
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/sinpatinhas.csv",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Saúde"],
      summary: "Os animais da organização para o SinPatinhas (CSV)",
      description:
        "Para administradores e equipe da organização: um animal por linha (os removidos não). CPF, endereço e CEP de " +
        "quem adotou só para administradores (cada download com esses dados fica no registro de atividade); a equipe " +
        `recebe as colunas do tutor em branco. ${REGISTER}`,
      query: csvQuery,
      ok: { 200: binary(CSV_ANSWER, "text/csv") },
      errors: {
        400: "`formato` que não existe.",
        403: "Lar temporário da organização: só administradores e equipe.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ request, params, context, user }) {
      const format = askedCsvFormat(request);
      if (!format.ok) return apiFailure(format.failure);
      const rows = await organizationRegister(context.db, context.vault, user.id, params.id);
      if (!rows.ok) return apiFailure(rows.failure);
      return privateCsvResponse({ csv: registerCsv(rows.value, format.value), fileName: "sinpatinhas.csv" });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/sinpatinhas.csv",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Saúde"],
      summary: "Um animal para o SinPatinhas (CSV)",
      description:
        "Para a equipe da organização e, depois da adoção, quem adotou. Os dados de quem adotou só para " +
        `administradores (com registro de atividade) e para quem adotou; a equipe os recebe em branco. ${REGISTER}`,
      query: csvQuery,
      ok: { 200: binary(CSV_ANSWER, "text/csv") },
      errors: {
        400: "`formato` que não existe.",
        403: "O lar temporário não exporta os dados do cadastro.",
        404: "Animal não encontrado (ou você não cuida dele).",
      },
    },
    async handle({ request, params, context, user }) {
      const format = askedCsvFormat(request);
      if (!format.ok) return apiFailure(format.failure);
      const row = await petRegister(context.db, context.vault, user.id, params.id);
      if (!row.ok) return apiFailure(row.failure);
      return privateCsvResponse({
        csv: registerCsv([row.value], format.value),
        fileName: downloadName("sinpatinhas", row.value.nome, "csv"),
      });
    },
  }),
  endpoint({
    method: "get",
    path: "/pets/{id}/sinpatinhas.pdf",
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Saúde"],
      summary: "Um animal para o SinPatinhas (PDF)",
      description: `Os mesmos dados, campo a campo, para digitar no cadastro ou guardar com os papéis do animal. ${REGISTER}`,
      ok: { 200: binary("O PDF.", "application/pdf") },
      errors: {
        403: "O lar temporário não exporta os dados do cadastro.",
        404: "Animal não encontrado (ou você não cuida dele).",
      },
    },
    async handle({ params, context, user }) {
      const row = await petRegister(context.db, context.vault, user.id, params.id);
      if (!row.ok) return apiFailure(row.failure);
      const pdf = await renderRegisterPdf({
        nome: row.value.nome,
        fields: REGISTER_COLUMNS.map((column) => [REGISTER_LABELS[column], row.value[column]]),
        emitidaEm: dayInBrasilia(new Date()),
      });
      return privatePdfResponse({ pdf, fileName: downloadName("sinpatinhas", row.value.nome, "pdf") });
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/saude",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Saúde"],
      summary: "Registrar uma dose para vários animais",
      description: `Para administradores e equipe: a mesma vacina, vermífugo ou antipulgas para até ${SEVERAL_ANIMALS_MAX} animais da organização que ainda estão com ela (uma ninhada, um abrigo), um registro em cada, todos ou nenhum. \`animais\`: os ids.`,
      requestBody: { content: json(severalHealthEntrySchema) },
      ok: { 201: answer("Os registros criados, um por animal.", severalHealthEntriesSchema) },
      errors: {
        400: "Dados inválidos: um campo que falta, uma data no futuro, um animal que não é da organização ou que já foi adotado.",
        403: "Um lar temporário registra no registro de cada animal que está com ele.",
        404: "Organização não encontrada (ou você não é membro dela).",
        409: "Um dos animais já tem o máximo de registros.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, severalHealthEntrySchema);
      if (!parsed.ok) return parsed.response;
      const { animais, ...input } = parsed.data;
      const added = await addHealthEntryToSeveral(
        context.db,
        context.jobs,
        user.id,
        params.id,
        animais,
        input,
        new Date(),
      );
      if (!added.ok) return apiFailure(added.failure);
      return Response.json({ registros: added.value }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/pets/{id}/saude",
    bodyLimit: formMaxBytes(HEALTH_FILES_MAX, HEALTH_FILE_MAX_BYTES),
    access: "party",
    params: { id: pet },
    doc: {
      tags: ["Saúde"],
      summary: "Registrar vacina, vermífugo, exame, consulta, medicamento, peso…",
      description: `Um registro, com os campos do seu \`tipo\`. A data é a do dia em que aconteceu (hoje ou antes); um medicamento tem o primeiro dia (\`de\`) e, se houver, o último (\`ate\`). Castração, vacinas e vermífugo do animal passam a vir do registro. ${WHO_READS}`,
      requestBody: {
        content: {
          ...json(healthEntrySchema),
          "multipart/form-data": {
            schema: healthEntryFormSchema.meta({
              description: `Os mesmos campos, e até ${HEALTH_FILES_MAX} arquivos em \`arquivos\` (PDF, JPEG ou PNG, 10 MB cada, conferidos pelo conteúdo; fotos sem metadados).`,
            }),
          },
        },
      },
      ok: { 201: answer("O registro criado.", healthEntryResponseSchema) },
      errors: {
        400: "Dados inválidos: um campo que falta ou que não é do tipo, uma data no futuro, a próxima dose antes da aplicação, um arquivo que não é PDF, JPEG ou PNG.",
        404: "Animal não encontrado (ou você não cuida dele).",
        409: "O animal já tem o máximo de registros.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const read = await readApiHealthEntry(request);
      if (!read.ok) return read.response;
      const added = await addHealthEntry(
        context.db,
        context.jobs,
        user.id,
        params.id,
        read.input,
        new Date(),
        read.files,
      );
      if (!added.ok) return apiFailure(added.failure);
      const made = await findHealthEntry(context.db, user.id, params.id, added.value);
      if (!made.ok) return apiFailure(made.failure);
      return Response.json(toApiHealthEntry(made.value, user.id), { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/pets/{id}/saude/{registroId}",
    access: "party",
    params: { id: pet, registroId: entry },
    doc: {
      tags: ["Saúde"],
      summary: "Corrigir um registro de saúde",
      description: `Só os campos a mudar; \`null\` apaga um campo opcional; o registro inteiro é conferido de novo. O \`tipo\` não muda: apague e crie outro. A equipe corrige qualquer registro; o lar temporário e quem adotou, os que fizeram. ${WHO_READS}`,
      requestBody: { content: json(healthEntryPatchSchema) },
      ok: { 200: answer("O registro como ficou.", healthEntryResponseSchema) },
      errors: {
        400: "Dados inválidos, ou um `tipo` diferente do registro.",
        403: "Você só pode alterar os registros que você mesmo fez.",
        404: "Registro não encontrado (ou você não cuida do animal).",
      },
      traits: { body: true },
    },
    async handle({ request, params, context, user }) {
      const patch = await parseJsonBody(request, healthEntryPatchSchema);
      if (!patch.ok) return patch.response;
      const current = await findHealthEntry(context.db, user.id, params.id, params.registroId);
      if (!current.ok) return apiFailure(current.failure);
      const { tipo } = current.value;
      if (patch.data.tipo !== undefined && patch.data.tipo !== tipo) {
        return apiError(400, HEALTH_MESSAGES.tipoFixed, { tipo: [HEALTH_MESSAGES.tipoFixed] });
      }
      const merged = HEALTH_ENTRY_SCHEMAS[tipo].safeParse({ ...healthEntryFields(current.value), ...patch.data });
      if (!merged.success) return validationFailed(merged.error);
      const changed = await changeHealthEntry(
        context.db,
        context.jobs,
        user.id,
        params.id,
        params.registroId,
        merged.data,
        new Date(),
      );
      if (!changed.ok) return apiFailure(changed.failure);
      const saved = await findHealthEntry(context.db, user.id, params.id, params.registroId);
      if (!saved.ok) return apiFailure(saved.failure);
      return Response.json(toApiHealthEntry(saved.value, user.id), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/pets/{id}/saude/{registroId}",
    access: "party",
    params: { id: pet, registroId: entry },
    doc: {
      tags: ["Saúde"],
      summary: "Apagar um registro de saúde",
      description: `A equipe apaga qualquer registro; o lar temporário e quem adotou, os que fizeram. ${WHO_READS}`,
      ok: noContent("Apagado."),
      errors: {
        403: "Você só pode apagar os registros que você mesmo fez.",
        404: "Registro não encontrado (ou você não cuida do animal).",
      },
    },
    async handle({ params, context, user }) {
      const removed = await removeHealthEntry(context.db, user.id, params.id, params.registroId);
      if (!removed.ok) return apiFailure(removed.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];
