import { data } from "react-router";
import { isId } from "~/lib/ids";
import { notFound, type Subject } from "~/services/outcome.server";
import { failureText } from "./failures.server";

/**
 * A page's "not found", in one way (as Epic Stack's `invariantResponse`): the 404 carries the
 * failure catalogue's words for what was not found ("Candidatura não encontrada."), or none, and
 * then the error page says the address does not exist.
 */

/** The page's 404 for `subject`. */
function pageNotFound(subject?: Subject): never {
  throw data(subject ? failureText(notFound(subject).failure) : null, { status: 404 });
}

/** Goes on only if `condition` holds; otherwise the page's 404 for `subject`. */
export function foundOr404(condition: unknown, subject?: Subject): asserts condition {
  if (!condition) pageNotFound(subject);
}

/** An id from a route parameter or a form (every id is a UUID), or the page's 404 for `subject`. */
export function pageId(raw: unknown, subject?: Subject): string {
  if (!isId(raw)) pageNotFound(subject);
  return raw;
}
