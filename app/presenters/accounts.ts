import type { UserRow } from "~/domain/accounts/accounts.server";
import { imageUrl } from "~/lib/image-urls";
import type { ApiOwnUser, ApiPublicUser } from "~/openapi/responses";

/**
 * An account in the API's shape (and on the profile page, and in a person's data export):
 * what anyone may see of a person, and what a person sees of themselves (never the password
 * or its hash).
 */

/** The account's columns a presenter reads: any row of `users`, its password's hash or not. */
type Account = Omit<UserRow, "passwordHash">;

export function toPublicUser(row: Account): ApiPublicUser {
  return {
    id: row.id,
    nome: row.nome,
    tipo: row.tipo,
    nome_publico: row.tipo === "ong" ? row.nomePublico : null,
    verificada: row.tipo === "ong" && row.verifiedAt !== null,
    cidade: row.cidade,
    uf: row.uf,
    cidade_ibge: row.cidadeIbge,
    perfil__sobre: row.perfilSobre,
    foto: row.photoId ? imageUrl(row.photoId, 320) : null,
  };
}

export function toOwnUser(row: Account): ApiOwnUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    telefone: row.telefone,
    cnpj: row.cnpj,
    email_confirmado: row.emailConfirmedAt !== null,
  };
}
