import { useFetcher } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * The heart of a pet: a real toggle button (aria-pressed) in a form that works without
 * JavaScript (post, then back to this page); with it, the page stays where it is and the
 * heart changes at once.
 */
export function FavoriteButton({
  petId,
  petNome,
  favorito,
  voltar,
  compact = false,
}: {
  petId: string;
  petNome: string;
  favorito: boolean;
  /** This page's path, to come back to after a post without JavaScript. */
  voltar: string;
  compact?: boolean;
}) {
  const fetcher = useFetcher<{ favorito: boolean }>();
  const enhanced = useHydrated();
  // What was just asked for shows before the answer arrives.
  const pending = fetcher.formData?.get("intent");
  const marked = pending ? pending === "favoritar" : (fetcher.data?.favorito ?? favorito);
  const label = marked ? "Remover dos favoritos" : "Favoritar";
  return (
    <fetcher.Form method="post" action="/favoritos" className="favorite">
      <input type="hidden" name="pet" value={petId} />
      <input type="hidden" name="intent" value={marked ? "desfavoritar" : "favoritar"} />
      <input type="hidden" name="voltar" value={voltar} />
      {enhanced ? <input type="hidden" name="ficar" value="1" /> : null}
      <button
        type="submit"
        className={`favorite__button${compact ? " favorite__button--compact" : ""}`}
        aria-pressed={marked}
        aria-label={compact ? `${label}: ${petNome}` : undefined}
      >
        <svg className="favorite__heart" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill={marked ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {compact ? null : label}
      </button>
    </fetcher.Form>
  );
}
