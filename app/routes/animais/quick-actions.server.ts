import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { removePet, updatePet } from "~/domain/pets/pets.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";

/**
 * The quick moves of an animal list (`Animais`, and `/meus-pets` before it): mark adopted or
 * available again, remove. Back to the same list, its filters kept.
 */
export async function quickAnimalAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const intent = form?.get("intent");
  const petId = pageId(form?.get("pet"), "pet");
  let result;
  let notice: NoticeKey;
  if (intent === "adotado" || intent === "disponivel") {
    result = await updatePet(context.db, user.id, petId, { status: intent });
    notice = intent === "adotado" ? "petAdopted" : "petAvailable";
  } else if (intent === "remover") {
    result = await removePet(context.db, user.id, petId);
    notice = "petRemoved";
  } else {
    throw data("Ação desconhecida.", { status: 400 });
  }
  // Adopted through a termo: the return is recorded on the adoption's page first (its notice says so).
  if (!result.ok && result.failure.kind === "conflict" && result.failure.reason === "adoption-not-returned") {
    notice = "adoptionNotReturned";
  } else if (!result.ok) {
    throw pageFailure(result.failure);
  }
  const { pathname, search } = new URL(request.url);
  return redirect(`${pathname.replace(/^\/adopet/, "")}${search}`, {
    headers: { "Set-Cookie": await setNotice(notice) },
  });
}
