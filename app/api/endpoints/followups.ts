import { z } from "zod";
import { answerCheckin } from "~/domain/termos/followups.server";
import {
  apiCheckinAnswerSchema,
  CHECKIN_MESSAGES,
  CHECKIN_PHOTOS_MAX,
  CHECKIN_TEXT_MAX,
  checkinAnswerFormSchema,
} from "~/validation/termos";
import { apiError, apiFailure, bodyErrorResponse, parseJsonBody, validationFailed } from "~/web/api.server";
import { bytesOf, formMaxBytes, isMultipart, mediaType, readForm } from "~/web/body.server";
import { endpoint } from "../endpoint";
import { json, noContent, photoFile } from "../openapi/operation";

/**
 * Life after adoption (issue 21), from the adopter's side: the check-in an e-mail asks for,
 * answered by its signed link, without a login. (The caretaker's days are `PUT /acompanhamento/dias`.)
 */

const NO_STORE = { "Cache-Control": "no-store" };
const NEITHER_JSON_NOR_FORM =
  "Envie a resposta em JSON ({token, texto}) ou em multipart/form-data, com as fotos no campo fotos.";

type CheckinAnswer = { token: string; texto: string; fotos: Buffer[] };

/** The answer as JSON ({token, texto}) or as multipart (`token`, `texto`, up to 3 `fotos`). */
async function readCheckinAnswer(
  request: Request,
): Promise<{ ok: true; value: CheckinAnswer } | { ok: false; response: Response }> {
  if (!isMultipart(request)) {
    if (mediaType(request.headers.get("Content-Type")) !== "application/json") {
      return { ok: false, response: apiError(415, NEITHER_JSON_NOR_FORM) };
    }
    const parsed = await parseJsonBody(request, apiCheckinAnswerSchema);
    return parsed.ok ? { ok: true, value: { ...parsed.data, fotos: [] } } : parsed;
  }
  try {
    const form = await readForm(request, {
      maxFiles: CHECKIN_PHOTOS_MAX,
      maxParts: CHECKIN_PHOTOS_MAX + 2,
      tooManyFiles: CHECKIN_MESSAGES.fotosMax,
    });
    const parsed = checkinAnswerFormSchema.safeParse({
      token: form.get("token") ?? undefined,
      texto: form.get("texto") ?? undefined,
    });
    if (!parsed.success) return { ok: false, response: validationFailed(parsed.error) };
    const files = form.getAll("fotos").filter((value): value is File => value instanceof File && value.size > 0);
    return { ok: true, value: { ...parsed.data, fotos: await bytesOf(files) } };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

export const followupEndpoints = [
  endpoint({
    method: "post",
    path: "/acompanhamento/respostas",
    access: "anyone",
    bodyLimit: formMaxBytes(CHECKIN_PHOTOS_MAX),
    doc: {
      tags: ["Termo de adoção"],
      summary: "Responder ao acompanhamento pelo link do e-mail",
      description: `O \`token\` do link do e-mail \`Como está…?\`, que quem adotou recebe nos dias escolhidos pela organização; não precisa de sessão. Em JSON, \`token\` e \`texto\` (até ${CHECKIN_TEXT_MAX} caracteres); em multipart, os mesmos campos e até ${CHECKIN_PHOTOS_MAX} \`fotos\` (JPEG, PNG ou WebP, 5 MB cada, conferidas pelo conteúdo e sem metadados). Cada acompanhamento é respondido uma vez; o link vale por 14 dias. As fotos contam no limite de envios por hora de quem adotou.`,
      requestBody: {
        content: {
          ...json(apiCheckinAnswerSchema),
          "multipart/form-data": {
            schema: checkinAnswerFormSchema.extend({ fotos: z.array(photoFile).max(CHECKIN_PHOTOS_MAX).optional() }),
          },
        },
      },
      ok: noContent("Resposta registrada: quem cuidava do animal a vê na página da adoção."),
      errors: {
        400: "Dados inválidos: texto vazio ou longo demais, um arquivo que não é imagem.",
        404: "Link inválido, vencido (vale por 14 dias), ou de uma adoção cuja devolução foi registrada.",
        409: "Este acompanhamento já foi respondido.",
        413: `Corpo grande demais, ou mais de ${CHECKIN_PHOTOS_MAX} fotos.`,
        415: "O corpo não é JSON nem multipart/form-data.",
      },
      traits: { body: true, upload: true, limited: true },
    },
    async handle({ request, context }) {
      const read = await readCheckinAnswer(request);
      if (!read.ok) return read.response;
      const { token, ...answer } = read.value;
      const answered = await answerCheckin(context.db, token, answer, new Date());
      if (!answered.ok) return apiFailure(answered.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];
