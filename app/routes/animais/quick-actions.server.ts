import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { removePet, updatePet } from "~/domain/pets/pets.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";
import { isId } from "~/lib/ids";
import { HEALTH_MESSAGES, SEVERAL_ANIMALS_MAX } from "~/lib/health";

/**
 * The quick moves of an animal list (`Animais`, and `/meus-pets` before it): mark adopted or
 * available again, remove; and for the animals ticked, mark them as needing a foster home.
 * Back to the same list, its filters kept.
 */
export async function quickAnimalAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const intent = form?.get("intent");
  if (intent === "precisa_lar") return markNeedingFoster(request, context, user.id, form!.getAll("animais"));
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
  return back(request, notice);
}

/** The same list again, its filters kept, with the notice of what was done. */
async function back(request: Request, notice: NoticeKey) {
  const { pathname, search } = new URL(request.url);
  return redirect(`${pathname.replace(/^\/adopet/, "")}${search}`, {
    headers: { "Set-Cookie": await setNotice(notice) },
  });
}

/** The animals ticked on the list, marked as needing a foster home (each as its own edit does it). */
async function markNeedingFoster(
  request: Request,
  context: AppLoadContext,
  userId: string,
  chosen: FormDataEntryValue[],
) {
  const ids = [...new Set(chosen.filter(isId))];
  if (ids.length === 0 || ids.length > SEVERAL_ANIMALS_MAX) throw data(HEALTH_MESSAGES.animais, { status: 400 });
  for (const petId of ids) {
    const marked = await updatePet(context.db, userId, petId, { precisa_lar_temporario: true });
    if (!marked.ok) throw pageFailure(marked.failure);
  }
  return back(request, "petsNeedFoster");
}
