import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Failure } from "~/services/outcome.server";
import { apiFailure } from "~/web/api.server";
import type { FieldNames } from "~/web/failures.server";
import { formFailure, pageFailure } from "~/web/forms.server";

/**
 * Every kind of failure, as the pages and the API answer it. The texts are written out
 * here, not imported: a changed text (spec/texts.md) or status fails this test.
 */
type Case = {
  name: string;
  failure: Failure;
  fields?: FieldNames;
  text: string;
  status: { page: number; api: number };
  /** The field the text goes under, in the form's reply and in the API's `errors`; none for the whole request. */
  field?: string;
  /** Where the API lists it, when the page shows it above the form (a pet that has gone). */
  apiField?: string;
  retryAfter?: string;
};

const CASES: Record<Failure["kind"], Case[]> = {
  invalid: [
    {
      name: "an e-mail with no account",
      failure: { kind: "invalid", field: "email", reason: "unknown-email" },
      text: "Usuário não cadastrado!",
      status: { page: 400, api: 400 },
      field: "email",
    },
    {
      name: "a wrong password at login",
      failure: { kind: "invalid", field: "senha", reason: "wrong-password" },
      text: "Senha digitada não corresponde a senha do usuário!",
      status: { page: 400, api: 400 },
      field: "senha",
    },
    {
      name: "a wrong current password, in the form that calls it so",
      failure: { kind: "invalid", field: "senha", reason: "wrong-password" },
      fields: { senha: "senha__atual" },
      text: "A senha atual não confere.",
      status: { page: 400, api: 400 },
      field: "senha__atual",
    },
    {
      name: "no pet by that name",
      failure: { kind: "invalid", field: "nome__animal", reason: "no-match" },
      text: "Não encontramos nenhum animal disponível com esse nome. Confira o nome ou escolha o animal na página inicial.",
      status: { page: 400, api: 400 },
      field: "nome__animal",
    },
    {
      name: "a profile photo of too many pixels",
      failure: { kind: "invalid", field: "photo", reason: "image-too-large" },
      fields: { photo: "foto__upload" },
      text: "A imagem é grande demais: envie uma foto de até 40 megapixels.",
      status: { page: 400, api: 400 },
      field: "foto__upload",
    },
    {
      name: "a profile photo of another format",
      failure: { kind: "invalid", field: "photo", reason: "image-format" },
      fields: { photo: "foto" },
      text: "A imagem deve ser do tipo .jpeg, .jpg ou .png.",
      status: { page: 400, api: 400 },
      field: "foto",
    },
    {
      name: "a pet's second photo of too many pixels",
      failure: { kind: "invalid", field: "fotos", reason: "image-too-large", item: 1 },
      text: "A foto 2 é grande demais: envie fotos de até 40 megapixels.",
      status: { page: 400, api: 400 },
      field: "fotos",
    },
    {
      name: "a pet's first photo that is no image",
      failure: { kind: "invalid", field: "fotos", reason: "not-an-image", item: 0 },
      text: "A foto 1 não é uma imagem válida. As fotos devem ser do tipo .jpeg, .jpg, .png ou .webp.",
      status: { page: 400, api: 400 },
      field: "fotos",
    },
  ],
  forbidden: [
    {
      name: "someone else's pet",
      failure: { kind: "forbidden", rule: "pet-caretaker-only" },
      text: "Só quem cuida do animal pode alterá-lo.",
      status: { page: 403, api: 403 },
    },
    {
      name: "someone else's profile",
      failure: { kind: "forbidden", rule: "own-profile-only" },
      text: "Você só pode alterar o seu próprio perfil.",
      status: { page: 403, api: 403 },
    },
    {
      name: "someone else's data",
      failure: { kind: "forbidden", rule: "own-data-only" },
      text: "Você só pode exportar os seus próprios dados.",
      status: { page: 403, api: 403 },
    },
  ],
  "not-found": [
    {
      name: "a pet",
      failure: { kind: "not-found", subject: "pet" },
      text: "Animal não encontrado.",
      status: { page: 404, api: 404 },
    },
    {
      name: "a user",
      failure: { kind: "not-found", subject: "user" },
      text: "Usuário não encontrado.",
      status: { page: 404, api: 404 },
    },
    {
      name: "a message",
      failure: { kind: "not-found", subject: "message" },
      text: "Mensagem não encontrada.",
      status: { page: 404, api: 404 },
    },
  ],
  conflict: [
    {
      name: "an e-mail taken",
      failure: { kind: "conflict", reason: "email-taken", field: "email" },
      text: "Este email já está cadastrado. Faça login ou use outro email.",
      status: { page: 409, api: 409 },
      field: "email",
    },
    {
      name: "several pets of that name",
      failure: { kind: "conflict", reason: "several-pets" },
      text: "Escolha um dos animais abaixo.",
      status: { page: 409, api: 409 },
    },
  ],
  gone: [
    {
      name: "a pet no longer available (the API has no 410)",
      failure: { kind: "gone", subject: "pet", field: "petId" },
      text: "Este animal não está mais disponível para adoção.",
      status: { page: 410, api: 404 },
      apiField: "petId",
    },
  ],
  "rate-limited": [
    {
      name: "logins",
      failure: { kind: "rate-limited", limit: "login-client", retryAfterSeconds: 90 },
      text: "Muitas tentativas de login. Tente novamente em 2 minutos.",
      status: { page: 429, api: 429 },
      retryAfter: "90",
    },
    {
      name: "logins from a known device",
      failure: { kind: "rate-limited", limit: "login-known", retryAfterSeconds: 900 },
      text: "Muitas tentativas de login. Tente novamente em 15 minutos.",
      status: { page: 429, api: 429 },
      retryAfter: "900",
    },
    {
      name: "logins to one account",
      failure: { kind: "rate-limited", limit: "login-account", retryAfterSeconds: 1 },
      text: "Muitas tentativas de login. Tente novamente em 1 minuto.",
      status: { page: 429, api: 429 },
      retryAfter: "1",
    },
    {
      name: "current passwords",
      failure: { kind: "rate-limited", limit: "password-check", retryAfterSeconds: 60 },
      text: "Muitas tentativas. Tente novamente em 1 minuto.",
      status: { page: 429, api: 429 },
      retryAfter: "60",
    },
    {
      name: "sign-ups",
      failure: { kind: "rate-limited", limit: "signup-client", retryAfterSeconds: 3600 },
      text: "Muitos cadastros feitos a partir desta conexão. Tente novamente em 60 minutos.",
      status: { page: 429, api: 429 },
      retryAfter: "3600",
    },
    {
      name: "pets published",
      failure: { kind: "rate-limited", limit: "publish-account", retryAfterSeconds: 61 },
      text: "Você publicou muitos animais em pouco tempo. Tente novamente em 2 minutos.",
      status: { page: 429, api: 429 },
      retryAfter: "61",
    },
    {
      name: "photos uploaded",
      failure: { kind: "rate-limited", limit: "upload-account", retryAfterSeconds: 120 },
      text: "Você enviou muitas fotos em pouco tempo. Tente novamente em 2 minutos.",
      status: { page: 429, api: 429 },
      retryAfter: "120",
    },
    {
      name: "messages sent",
      failure: { kind: "rate-limited", limit: "message-client", retryAfterSeconds: 300 },
      text: "Você enviou muitas mensagens seguidas. Tente novamente em 5 minutos.",
      status: { page: 429, api: 429 },
      retryAfter: "300",
    },
    {
      name: "messages received",
      failure: { kind: "rate-limited", limit: "message-recipient", retryAfterSeconds: 45 },
      text: "Quem cuida deste animal recebeu muitas mensagens agora. Tente novamente em 1 minuto.",
      status: { page: 429, api: 429 },
      retryAfter: "45",
    },
  ],
  "storage-full": [
    {
      name: "no space left",
      failure: { kind: "storage-full" },
      text: "Não foi possível salvar: o servidor está sem espaço de armazenamento. Nada foi gravado; tente de novo mais tarde.",
      status: { page: 507, api: 507 },
    },
  ],
};

const ALL = Object.values(CASES).flat();

/** A form submitted and accepted by its schema, as a route holds it when it calls a service. */
const submission = parseWithZod(new FormData(), { schema: z.object({}) });
const form = { reply: submission.reply };

function headersOf(init: ResponseInit | null | undefined): Headers {
  return new Headers(init?.headers);
}

describe("the adapters of the failure vocabulary", () => {
  it("cover every kind of failure", () => {
    const kinds = new Set(ALL.map((one) => one.failure.kind));
    expect([...kinds].sort()).toEqual(Object.keys(CASES).sort());
    for (const [kind, cases] of Object.entries(CASES)) {
      expect(cases.length, kind).toBeGreaterThan(0);
      for (const one of cases) expect(one.failure.kind).toBe(kind);
    }
  });

  describe.each(ALL)("$failure.kind: $name", (one) => {
    it("is the form's reply, under its field or above the form, with its status", () => {
      const answer = formFailure(form, one.failure, { fields: one.fields });
      expect(answer.init?.status).toBe(one.status.page);
      expect(answer.data.status).toBe("error");
      expect(answer.data.error).toEqual({ [one.field ?? ""]: [one.text] });
      expect(headersOf(answer.init).get("Retry-After")).toBe(one.retryAfter ?? null);
    });

    it("is the error page's reason when there is no form", () => {
      const answer = pageFailure(one.failure, { fields: one.fields });
      expect(answer.data).toBe(one.text);
      expect(answer.init?.status).toBe(one.status.page);
      expect(headersOf(answer.init).get("Retry-After")).toBe(one.retryAfter ?? null);
    });

    it("is the API's {message, errors}, with its status and headers", async () => {
      const answer = apiFailure(one.failure, { fields: one.fields });
      const field = one.field ?? one.apiField;
      expect(answer.status).toBe(one.status.api);
      expect(await answer.json()).toEqual(
        field ? { message: one.text, errors: { [field]: [one.text] } } : { message: one.text },
      );
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(answer.headers.get("Retry-After")).toBe(one.retryAfter ?? null);
    });
  });

  it("sends what a page needs along with the reply (the pets to choose from)", () => {
    const candidates = [{ id: "1" }, { id: "2" }];
    const answer = formFailure(form, { kind: "conflict", reason: "several-pets" }, { extra: { candidates } });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({ error: { "": ["Escolha um dos animais abaixo."] }, candidates });
  });
});
