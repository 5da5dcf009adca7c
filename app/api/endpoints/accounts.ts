import { z } from "zod";
import type { AppLoadContext } from "react-router";
import {
  changePassword,
  findOwnAccount,
  findUser,
  registerUser,
  updateProfile,
} from "~/domain/accounts/accounts.server";
import { confirmOwnPassword } from "~/domain/accounts/login.server";
import { confirmEmail, resendEmailConfirmation } from "~/domain/accounts/email-confirmation.server";
import { requestPasswordReset, resetPassword } from "~/domain/accounts/password-reset.server";
import { deleteAccount, exportUserData } from "~/domain/accounts/privacy.server";
import { SESSION_COOKIE, type SessionUser } from "~/domain/accounts/sessions.server";
import { dataExportSchema, noticeSchema, ownUserSchema, publicUserSchema } from "~/openapi/responses";
import {
  apiConfirmarEmailSchema,
  apiCreateUserSchema,
  apiDeleteUserSchema,
  apiEsqueciSchema,
  apiLoginSchema,
  apiSenhaChangeSchema,
  apiSenhaNovaSchema,
  apiUpdateUserSchema,
  RESET_MESSAGES,
} from "~/validation/accounts";
import { MESSAGES, STORAGE_FULL } from "~/validation/messages";
import { apiError, apiFailure, imageFromDataUrl, parseJsonBody } from "~/web/api.server";
import { endSession, getUser, signIn, startSession } from "~/web/auth.server";
import { JSON_WITH_PHOTO_MAX_BYTES } from "~/web/body.server";
import { namedCity } from "~/validation/fields";
import { dataExportResponse } from "~/web/data-export.server";
import { toOwnUser, toPublicUser } from "~/presenters/accounts";
import { endpoint, idParam } from "../endpoint";
import { answer, json, noContent } from "../openapi/operation";

const account = idParam("user", "da conta");
const NO_STORE = { "Cache-Control": "no-store" };
const PRIVATE = { "Cache-Control": "private, no-store" };

/** The accounts: signing up, a person's record, editing and deleting it, their data, the session and the password. */
export const accountsEndpoints = [
  endpoint({
    method: "get",
    path: "/users",
    access: "anyone",
    doc: {
      tags: ["Contas"],
      summary: "A lista de contas não é pública",
      ok: {},
      errors: { 401: "Sem sessão.", 403: "A lista de usuários não é pública." },
    },
    // Never lists accounts.
    async handle({ request, context }) {
      const user = await getUser(request, context.db);
      return user ? apiError(403, "A lista de usuários não é pública.") : apiError(401, "Faça login para continuar.");
    },
  }),
  endpoint({
    method: "post",
    path: "/users",
    access: "anyone",
    doc: {
      tags: ["Contas"],
      summary: "Criar uma conta",
      requestBody: { content: json(apiCreateUserSchema) },
      ok: { 201: answer("A conta criada.", ownUserSchema) },
      errors: { 409: MESSAGES.email.taken },
      traits: { body: true, limited: true },
    },
    // {email, nome, senha} → the new account (never its password).
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiCreateUserSchema);
      if (!parsed.ok) return parsed.response;
      const registered = await registerUser(context.db, context.jobs, parsed.data, context.clientKey);
      if (!registered.ok) return apiFailure(registered.failure);
      const user = registered.value;
      return Response.json(toOwnUser(user), {
        status: 201,
        headers: { Location: `/adopet/api/users/${user.id}`, ...NO_STORE },
      });
    },
  }),
  endpoint({
    method: "get",
    path: "/users/{id}",
    access: "anyone",
    crossOrigin: true,
    params: { id: account },
    doc: {
      tags: ["Contas"],
      summary: "Ver uma conta",
      description: "A sua por inteiro; a de outra pessoa, só os campos públicos (nunca telefone ou e-mail).",
      ok: { 200: answer("A conta.", z.union([ownUserSchema, publicUserSchema])) },
      errors: { 404: "Conta não encontrada." },
    },
    async handle({ request, params, context }) {
      const row = await findUser(context.db, params.id);
      // A suspended account is not shown to the public (it cannot sign in to read its own).
      if (!row || row.suspendedAt) return account.refused();
      const viewer = await getUser(request, context.db);
      const body = viewer?.id === row.id ? toOwnUser(row) : toPublicUser(row);
      return Response.json(body, { headers: PRIVATE });
    },
  }),
  endpoint({
    method: "patch",
    path: "/users/{id}",
    bodyLimit: JSON_WITH_PHOTO_MAX_BYTES,
    access: "party",
    params: { id: account },
    doc: {
      tags: ["Contas"],
      summary: "Editar sua conta",
      description: "`foto__upload`: uma imagem PNG ou JPEG como data URL (base64), ou null para tirar a foto.",
      requestBody: { content: json(apiUpdateUserSchema) },
      ok: { 200: answer("A conta como ficou.", ownUserSchema) },
      errors: {
        403: "A conta é de outra pessoa, ou o e-mail dela ainda não foi confirmado e ela tenta virar ONG (ou o pedido veio de outro site).",
        404: "Conta não encontrada.",
        409: "CNPJ já usado por outra conta.",
        507: STORAGE_FULL,
      },
      traits: { body: true, limited: true },
    },
    // {nome, telefone, cidade, perfil__sobre, foto__upload} changes your own record.
    async handle({ request, params, context, user }) {
      const own = await findOwnAccount(context.db, user.id, params.id);
      if (!own.ok) return apiFailure(own.failure);
      const parsed = await parseJsonBody(request, apiUpdateUserSchema, { maxBytes: JSON_WITH_PHOTO_MAX_BYTES });
      if (!parsed.ok) return parsed.response;
      const { foto__upload, ...fields } = namedCity(parsed.data);
      const photo = imageFromDataUrl(foto__upload, "foto__upload");
      if (!photo.ok) return photo.response;
      const updated = await updateProfile(context.db, user.id, { ...fields, photo: photo.image });
      if (!updated.ok) return apiFailure(updated.failure, { fields: { photo: "foto__upload" } });
      return Response.json(toOwnUser(updated.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "put",
    path: "/users/{id}/senha",
    access: "party",
    params: { id: account },
    doc: {
      tags: ["Contas"],
      summary: "Alterar sua senha",
      description:
        "Com a senha atual. As sessões abertas em outros aparelhos são encerradas; esta ganha uma nova (o cookie vem na resposta).",
      requestBody: { content: json(apiSenhaChangeSchema) },
      ok: noContent("Alterada."),
      errors: {
        400: "Senha atual errada, ou a nova não segue as regras ou não confere com a confirmação.",
        403: "A conta é de outra pessoa (ou o pedido veio de outro site).",
        404: "Conta não encontrada.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const own = await findOwnAccount(context.db, user.id, params.id);
      if (!own.ok) return apiFailure(own.failure);
      const parsed = await parseJsonBody(request, apiSenhaChangeSchema);
      if (!parsed.ok) return parsed.response;
      const confirmed = await confirmOwnPassword(context.db, user, parsed.data.senha__atual);
      if (!confirmed.ok) return apiFailure(confirmed.failure, { fields: { senha: "senha__atual" } });
      await changePassword(context.db, user.id, parsed.data.senha);
      // Every session ended with the old password; this client gets a new one, as the page's browser does.
      return new Response(null, {
        status: 204,
        headers: { "Set-Cookie": await startSession(request, context, user.id), ...NO_STORE },
      });
    },
  }),
  endpoint({
    method: "post",
    path: "/users/{id}/confirmacao",
    access: "party",
    params: { id: account },
    doc: {
      tags: ["Contas"],
      summary: "Reenviar o e-mail de confirmação",
      description:
        "Para a sua conta, enquanto o e-mail não foi confirmado (depois, nada a fazer); algumas vezes por hora.",
      ok: noContent("Enviado, ou o e-mail já está confirmado."),
      errors: { 403: "A conta é de outra pessoa.", 404: "Conta não encontrada." },
      traits: { limited: true },
    },
    async handle({ params, context, user }) {
      const own = await findOwnAccount(context.db, user.id, params.id);
      if (!own.ok) return apiFailure(own.failure);
      const sent = await resendEmailConfirmation(context.db, context.jobs, user.id);
      if (!sent.ok) return apiFailure(sent.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/email/confirmar",
    access: "anyone",
    doc: {
      tags: ["Contas"],
      summary: "Confirmar o e-mail pelo link recebido",
      description: "O `token` do link de `Confirme seu e-mail`; não precisa de sessão.",
      requestBody: { content: json(apiConfirmarEmailSchema) },
      ok: noContent("Confirmado."),
      errors: { 400: "Link vencido, já usado ou incompleto." },
      traits: { body: true },
    },
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiConfirmarEmailSchema);
      if (!parsed.ok) return parsed.response;
      const confirmed = await confirmEmail(context.db, parsed.data.token);
      if (!confirmed.ok) return apiFailure(confirmed.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "delete",
    path: "/users/{id}",
    access: "party",
    params: { id: account },
    doc: {
      tags: ["Contas"],
      summary: "Excluir sua conta e seus dados (LGPD)",
      requestBody: { content: json(apiDeleteUserSchema) },
      ok: noContent("Conta excluída e sessão encerrada."),
      errors: { 403: "A conta é de outra pessoa (ou o pedido veio de outro site).", 404: "Conta não encontrada." },
      traits: { body: true, limited: true },
    },
    // {senha} deletes your own account and its data (LGPD).
    async handle({ request, params, context, user }) {
      const own = await findOwnAccount(context.db, user.id, params.id);
      if (!own.ok) return apiFailure(own.failure);
      return deleteOwnAccount(request, context, user);
    },
  }),
  endpoint({
    method: "get",
    path: "/users/{id}/export",
    access: "party",
    params: { id: account },
    doc: {
      tags: ["Contas"],
      summary: "Baixar seus dados (LGPD)",
      ok: { 200: answer("Tudo o que guardamos sobre você.", dataExportSchema) },
      errors: { 403: "Só os seus dados.", 404: "Conta não encontrada." },
    },
    // Your own data as JSON; nobody else's.
    async handle({ params, context, user }) {
      const exported = await exportUserData(context.db, context.vault, user.id, params.id);
      if (!exported.ok) return apiFailure(exported.failure);
      return dataExportResponse(exported.value);
    },
  }),
  endpoint({
    method: "get",
    path: "/session",
    access: "anyone",
    doc: {
      tags: ["Sessão"],
      summary: "Quem está com a sessão aberta",
      ok: { 200: answer("Sua conta.", ownUserSchema) },
      errors: { 401: "Nenhuma sessão ativa." },
    },
    // The signed-in user, or 401.
    async handle({ request, context }) {
      const user = await getUser(request, context.db);
      const row = user && (await findUser(context.db, user.id));
      if (!row) return apiError(401, "Nenhuma sessão ativa.");
      return Response.json(toOwnUser(row), { headers: PRIVATE });
    },
  }),
  endpoint({
    method: "post",
    path: "/session",
    access: "anyone",
    doc: {
      tags: ["Sessão"],
      summary: "Entrar",
      description: `Abre a sessão: o cookie \`${SESSION_COOKIE}\` volta em \`Set-Cookie\`.`,
      requestBody: { content: json(apiLoginSchema) },
      ok: { 200: answer("Sua conta.", ownUserSchema) },
      errors: {
        400: "Dados inválidos, ou e-mail ou senha incorretos.",
        403: "Conta suspensa (ou pedido vindo de outro site).",
      },
      traits: { body: true, limited: true },
    },
    // {email, senha} logs in.
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiLoginSchema);
      if (!parsed.ok) return parsed.response;
      const signedIn = await signIn(request, context, parsed.data);
      if (!signedIn.ok) return apiFailure(signedIn.failure);
      const { user, headers } = signedIn.value;
      headers.set("Cache-Control", "no-store");
      return Response.json(toOwnUser(user), { headers });
    },
  }),
  endpoint({
    method: "delete",
    path: "/session",
    access: "anyone",
    doc: {
      tags: ["Sessão"],
      summary: "Sair",
      ok: noContent("Sessão encerrada."),
    },
    async handle({ request, context }) {
      const cookie = await endSession(request, context);
      return new Response(null, { status: 204, headers: { "Set-Cookie": cookie, ...NO_STORE } });
    },
  }),
  endpoint({
    method: "post",
    path: "/senha/esqueci",
    access: "anyone",
    doc: {
      tags: ["Sessão"],
      summary: "Pedir o link para criar uma nova senha",
      description: "Responde igual exista ou não a conta.",
      requestBody: { content: json(apiEsqueciSchema) },
      ok: { 202: answer("Pedido recebido.", noticeSchema) },
      traits: { body: true, limited: true },
    },
    // {email} → 202, whether or not the account exists (429 past the client's limit).
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiEsqueciSchema);
      if (!parsed.ok) return parsed.response;
      const asked = await requestPasswordReset(context.db, context.jobs, parsed.data.email, context.clientKey);
      if (!asked.ok) return apiFailure(asked.failure);
      return Response.json({ message: RESET_MESSAGES.sent }, { status: 202, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/senha/nova",
    access: "anyone",
    doc: {
      tags: ["Sessão"],
      summary: "Criar uma nova senha com o link recebido",
      description: "Encerra todas as sessões da conta.",
      requestBody: { content: json(apiSenhaNovaSchema) },
      ok: noContent("Senha trocada."),
      errors: { 400: "Dados inválidos, ou link expirado, já usado ou desconhecido." },
      traits: { body: true, limited: true },
    },
    // {token, senha, senha__confirma} → 204 (every session of the account ended), or 400 for an expired, used or unknown link.
    async handle({ request, context }) {
      const parsed = await parseJsonBody(request, apiSenhaNovaSchema);
      if (!parsed.ok) return parsed.response;
      const reset = await resetPassword(context.db, parsed.data, context.clientIp);
      if (!reset.ok) return apiFailure(reset.failure);
      return new Response(null, { status: 204, headers: NO_STORE });
    },
  }),
];

async function deleteOwnAccount(request: Request, context: AppLoadContext, viewer: SessionUser) {
  const { db, jobs } = context;
  const parsed = await parseJsonBody(request, apiDeleteUserSchema);
  if (!parsed.ok) return parsed.response;
  const confirmed = await confirmOwnPassword(db, viewer, parsed.data.senha);
  if (!confirmed.ok) return apiFailure(confirmed.failure);
  await deleteAccount(db, jobs, viewer.id);
  return new Response(null, { status: 204, headers: { "Set-Cookie": await endSession(request, context) } });
}
