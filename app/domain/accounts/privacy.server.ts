import { eq, or } from "drizzle-orm";
import { forgetPersonInActivity } from "~/domain/organizations/activity-records.server";
import { conversationsForExport } from "~/domain/conversations/conversations.server";
import { listBlocks } from "~/domain/conversations/blocks.server";
import type { Db } from "~/db/client.server";
import { messages, petPhotos, pets, sessions, users } from "~/db/schema";
import { imageUrl } from "~/lib/image-urls";
import { findUser } from "~/domain/accounts/accounts.server";
import { listReceived, listSent } from "~/domain/messages/messages.server";
import { deleteUnusedImages } from "~/services/images.server";
import { listCaretakerPets } from "~/domain/pets/pet-views.server";
import { listFavorites } from "~/domain/favorites/favorites.server";
import { listAlerts } from "~/domain/alerts/alerts.server";
import { releaseApprovalsOf } from "~/domain/adoptions/lifecycle.server";
import { applicationsForExport } from "~/domain/applications/application-privacy.server";
import { termosForExport } from "~/domain/termos/termo-retention.server";
import type { Vault } from "~/services/vault.server";
import type { Jobs } from "~/services/jobs.server";
import { forgetPersonalCounters } from "~/services/rate-limits.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { forbidden, notFound, ok, type Result } from "~/services/outcome.server";
import { handOverBeforeDeletion } from "~/domain/organizations/succession.server";
import { ownOffer } from "~/domain/foster/offers.server";
import { endPlacementsLeft, staysOfFoster } from "~/domain/foster/placements.server";
import { newsImagesOf, newsWrittenBy } from "~/domain/foster/news.server";
import { listSponsorships } from "~/domain/giving/sponsorships.server";

/**
 * The LGPD rights of a signed-in person (PRODUCT.md): a copy of everything we
 * hold about them, and the deletion of their account.
 */
export type DataExport = NonNullable<Awaited<ReturnType<typeof collectUserData>>>;

/**
 * Everything we keep about a person, readable by them (never the password hash nor session
 * tokens): `actorId` may export only their own.
 */
export async function exportUserData(
  db: Db,
  vault: Vault,
  actorId: string,
  userId: string,
): Promise<Result<DataExport>> {
  if (actorId !== userId) return forbidden("own-data-only");
  const data = await collectUserData(db, vault, userId);
  return data ? ok(data) : notFound("user");
}

async function collectUserData(db: Db, vault: Vault, userId: string) {
  const row = await findUser(db, userId);
  if (!row) return null;
  const [
    ownPets,
    received,
    sent,
    openSessions,
    favorites,
    alerts,
    candidaturas,
    conversas,
    blocked,
    termosDeAdocao,
    fosterOffer,
    fosterStays,
    newsWritten,
    sponsored,
  ] = await Promise.all([
    listCaretakerPets(db, userId, ["disponivel", "adotado", "removido", "oculto"]),
    listReceived(db, userId, null),
    listSent(db, userId, null),
    db
      .select({ criada_em: sessions.createdAt, ultimo_uso: sessions.lastSeenAt, expira_em: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    listFavorites(db, userId),
    listAlerts(db, userId),
    applicationsForExport(db, userId),
    conversationsForExport(db, userId),
    listBlocks(db, userId, null),
    termosForExport(db, vault, userId),
    ownOffer(db, userId),
    staysOfFoster(db, userId),
    newsWrittenBy(db, userId),
    listSponsorships(db, userId),
  ]);
  // Never the password's hash.
  const { passwordHash: _passwordHash, ...account } = row;
  return {
    exportado_em: new Date().toISOString(),
    // In the API's shape, with when it was made and last changed, given by the data export's answer.
    conta: account,
    // In the API's shape, given by the data export's answer (app/web/data-export.server.ts).
    animais: ownPets,
    mensagens_recebidas: received.map((message) => ({
      id: message.id,
      animal: message.petNome,
      nome: message.senderNome,
      telefone: message.senderTelefone,
      texto: message.texto,
      enviada_em: message.createdAt.toISOString(),
      lida: message.read,
    })),
    mensagens_enviadas: sent.map((message) => ({
      id: message.id,
      animal: message.petNome,
      texto: message.texto,
      enviada_em: message.createdAt.toISOString(),
    })),
    conversas,
    bloqueios: blocked.map((entry) => ({ quem: entry.descricao, desde: entry.createdAt.toISOString() })),
    favoritos: favorites.map(({ pet, markedAt }) => ({
      animal: pet.id,
      nome: pet.nome,
      favoritado_em: markedAt.toISOString(),
    })),
    candidaturas: candidaturas.enviadas,
    candidaturas_recebidas: candidaturas.recebidas,
    termos_de_adocao: termosDeAdocao,
    alertas: alerts.map((alert) => ({
      id: alert.id,
      filtros: alert.filtros,
      descricao: alert.descricao,
      frequencia: alert.frequencia,
      criado_em: alert.createdAt.toISOString(),
    })),
    // The offer of a foster home (issue 44), as its owner reads it; null when none.
    lar_temporario: fosterOffer && {
      cidade: fosterOffer.cidade,
      uf: fosterOffer.uf,
      especies: fosterOffer.especies,
      portes: fosterOffer.portes,
      quantos: fosterOffer.quantos,
      disponivel_ate: fosterOffer.disponivelAte,
      tem_animais: fosterOffer.temAnimais,
      tem_criancas: fosterOffer.temCriancas,
      tela_nas_janelas: fosterOffer.telaNasJanelas,
      observacoes: fosterOffer.observacoes,
      pausado: fosterOffer.pausado,
      atualizado_em: fosterOffer.updatedAt.toISOString(),
    },
    // The animals that stayed in the person's foster home, and when.
    estadias_em_lar_temporario: fosterStays,
    // The news of animals the person wrote from their foster home (they stay with the animal).
    noticias_enviadas: newsWritten,
    // The animals the person sponsors or sponsored (issue 46): amount, day, start and end.
    apadrinhamentos: sponsored.map((item) => ({
      animal: item.pet.id,
      nome: item.pet.nome,
      organizacao: item.organizacao.nome,
      valor_mensal_centavos: item.valorMensalCentavos,
      dia: item.dia,
      desde: item.createdAt.toISOString(),
      encerrado_em: item.endedAt?.toISOString() ?? null,
    })),
    sessoes: openSessions.map((session) => ({
      criada_em: new Date(session.criada_em).toISOString(),
      ultimo_uso: new Date(session.ultimo_uso).toISOString(),
      expira_em: new Date(session.expira_em).toISOString(),
    })),
    fotos: [row.photoId, ...ownPets.flatMap((pet) => pet.photoIds)]
      .filter((id): id is string => Boolean(id))
      .map((id) => imageUrl(id, 1280)),
  };
}

/**
 * Deletes an account and the personal data tied to it, in one transaction:
 * the profile and its photo, the sessions, the pets' listings with their
 * photos and the messages about them, the messages the person received and
 * sent while signed in, their conversations (both sides' messages: cascade), the devices and addresses known for logins, and the
 * rate-limit counters keyed by the person (rate-limits.server.ts). Other people's accounts, pets,
 * messages and images (a photo another pet shares) stay as they were; so do the
 * counters keyed by a client's address, which belong to no account and expire.
 */
export async function deleteAccount(db: Db, jobs: Jobs, userId: string): Promise<Result> {
  const deleted = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, photoId: users.photoId })
      .from(users)
      .where(eq(users.id, userId))
      .for("update")
      .limit(1);
    if (!user) return false;
    const sessionKeys = (
      await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId))
    ).map((row) => row.tokenHash);
    // An organisation's animals this person published stay with its team (and their applications).
    await handOverBeforeDeletion(tx as unknown as Db, userId);
    const petPhotoIds = await tx
      .select({ id: petPhotos.imageId })
      .from(petPhotos)
      .innerJoin(pets, eq(pets.id, petPhotos.petId))
      .where(eq(pets.caretakerId, userId));
    // The news of the animals that go with the account go too (cascade), and their photos.
    const newsPhotoIds = await newsImagesOf(tx as unknown as Db, eq(pets.caretakerId, userId));
    const imageIds = [user.photoId, ...petPhotoIds.map((photo) => photo.id), ...newsPhotoIds].filter(
      (id): id is string => Boolean(id),
    );

    // Animals approved for this person are available again (their applications go with them).
    await releaseApprovalsOf(tx as unknown as Db, jobs, userId);
    // Animals in this person's foster home go back to their organisations (the dates stay).
    await endPlacementsLeft(tx as unknown as Db, { fosterId: userId });
    // The organisations' logs say "Pessoa removida" where they named this person (issue 60).
    await forgetPersonInActivity(tx as unknown as Db, { id: userId, email: user.email });
    // Messages first: those sent keep no sender id after the user row goes (set null).
    await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)));
    // Pets, their photo links and the messages about them go with the user (cascade).
    await tx.delete(users).where(eq(users.id, userId));
    await deleteUnusedImages(tx as unknown as Db, imageIds);
    await forgetPersonalCounters(tx as unknown as Db, { userId, email: user.email, sessionKeys });
    return true;
  });
  if (!deleted) return notFound("user");
  publicDataChanged(db);
  return ok();
}
