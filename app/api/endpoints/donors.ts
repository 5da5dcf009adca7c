import { z } from "zod";
import { donorStatement, listDonors } from "~/domain/giving/donors.server";
import { dayInBrasilia } from "~/lib/dates";
import { donorsSchema } from "~/openapi/responses";
import { toApiDonors } from "~/presenters/ledger";
import { apiError, apiFailure } from "~/web/api.server";
import { privatePdfResponse } from "~/web/downloads.server";
import { endpoint, idParam } from "../endpoint";
import { answer } from "../openapi/operation";

const organization = idParam("organization", "da organização");
const NO_STORE = { "Cache-Control": "no-store" };
const NOT_MEMBER = "Organização não encontrada (ou você não é membro dela).";
const statementQuery = z.object({
  doador: z.string().meta({ description: "A chave do doador, como a lista a dá.", example: "roberto alves nunes" }),
  ano: z.string().meta({ description: "O ano (AAAA).", example: "2026" }),
});

/** The organisation's donors (issue 63): who gave, how much, each year; and each one's statement. */
export const donorEndpoints = [
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/doadores",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "Os doadores da organização",
      description:
        "Para administradores e equipe. As doações reunidas por quem doou: o nome que a equipe digitou, o pagador que o extrato do banco nomeia, ou o padrinho do mês pago (o mesmo nome, com ou sem acentos e maiúsculas, é uma pessoa). O total, as doações e cada ano; o maior total primeiro.",
      ok: { 200: answer("Os doadores.", donorsSchema) },
      errors: { 403: "Lar temporário da organização.", 404: NOT_MEMBER },
    },
    async handle({ params, context, user }) {
      const donors = await listDonors(context.db, user.id, params.id);
      if (!donors.ok) return apiFailure(donors.failure);
      return Response.json(toApiDonors(donors.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/doadores/declaracao.pdf",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Doações e despesas"],
      summary: "A declaração anual de um doador (PDF)",
      description:
        "Para administradores e equipe: as doações de um doador num ano, cada uma com o dia e o valor, e o total por extenso, para enviar a ele.",
      query: statementQuery,
      ok: {
        200: {
          description: "O PDF.",
          content: {
            "application/pdf": { schema: z.string().meta({ override: { type: "string", format: "binary" } }) },
          },
        },
      },
      errors: {
        400: "Ano inválido.",
        403: "Lar temporário da organização.",
        404: `${NOT_MEMBER} Ou nenhuma doação deste doador no ano.`,
      },
    },
    async handle({ request, params, context, user }) {
      const query = new URL(request.url).searchParams;
      const ano = Number(query.get("ano"));
      if (!Number.isInteger(ano) || ano < 2000 || ano > Number(dayInBrasilia(new Date()).slice(0, 4))) {
        return apiError(400, "Dados inválidos.", { ano: ["Informe o ano com quatro dígitos, até o atual."] });
      }
      const statement = await donorStatement(context.db, user.id, params.id, query.get("doador") ?? "", ano);
      if (!statement.ok) return apiFailure(statement.failure);
      return privatePdfResponse(statement.value);
    },
  }),
];
