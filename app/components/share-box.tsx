import { useId, useSyncExternalStore, type MouseEvent } from "react";
import { useCopy } from "./use-copy";
import { useHydrated } from "./use-hydrated";

const noChange = () => () => {};
const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * `Compartilhar`: the phone's own share sheet where the browser has one (Web Share API);
 * otherwise, and without JavaScript, a WhatsApp link and the address to copy.
 */
export function ShareBox({ url, title, text }: { url: string; title: string; text: string }) {
  const native = useSyncExternalStore(noChange, canShare, () => false);
  const enhanced = useHydrated();
  const { copied, copy } = useCopy(url);
  // Browsers flag a field with neither id nor name (autofill cannot tell it apart).
  const addressId = useId();

  async function share(event: MouseEvent) {
    if (!native) return;
    event.preventDefault();
    try {
      await navigator.share({ title, text, url });
    } catch {
      // Closed without sharing.
    }
  }

  return (
    <details className="share">
      <summary className="share__summary" onClick={share}>
        Compartilhar
      </summary>
      <div className="share__options">
        <a
          className="share__option"
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Enviar pelo WhatsApp
        </a>
        <label className="share__address">
          <span>Endereço</span>
          <input id={addressId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </label>
        {enhanced ? (
          <button type="button" className="share__option" onClick={copy}>
            Copiar endereço
          </button>
        ) : null}
        <p className="share__copied" aria-live="polite">
          {copied ? "Endereço copiado." : ""}
        </p>
      </div>
    </details>
  );
}
