import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";
import { useNonce } from "~/lib/nonce";

/**
 * The app's scripts, fetched once the page has been painted rather than alongside
 * its stylesheet, photos and fonts. On a phone on a slow network, ~100 KB of scripts
 * downloading with the first request held the first paint back by about a second;
 * every link and form works before they arrive, so the page is usable meanwhile.
 *
 * React Router's <Scripts> renders module preloads and an inline module script; here
 * they are rendered inert (an unknown `rel` and `type`), the same on the server and
 * in the browser so hydration matches, and a small inline script starts them after
 * the first frame.
 */
const INERT_PRELOAD = "adopet-modulepreload";
const INERT_MODULE = "adopet-module";

// Self-contained: it runs as an inline script.
function startAfterFirstPaint(preloadRel: string, moduleType: string) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.querySelectorAll<HTMLLinkElement>(`link[rel="${preloadRel}"]`).forEach((inert) => {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = inert.href;
        document.head.append(link);
      });
      document.querySelectorAll<HTMLScriptElement>(`script[type="${moduleType}"]`).forEach((inert) => {
        const script = document.createElement("script");
        script.type = "module";
        script.nonce = inert.nonce;
        script.textContent = inert.textContent;
        document.head.append(script);
      });
    }),
  );
}

const START = `(${startAfterFirstPaint.toString()})(${JSON.stringify(INERT_PRELOAD)},${JSON.stringify(INERT_MODULE)});`;

type ElementProps = { rel?: string; type?: string; children?: ReactNode };

function inert(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(inert);
  if (!isValidElement<ElementProps>(node)) return node;
  const { props } = node;
  if (node.type === Fragment) return cloneElement(node, {}, inert(props.children));
  if (node.type === "link" && props.rel === "modulepreload") return cloneElement(node, { rel: INERT_PRELOAD });
  if (node.type === "script" && props.type === "module") return cloneElement(node, { type: INERT_MODULE });
  return node;
}

export function DeferredScripts() {
  const nonce = useNonce();
  // Called as a function to reach the elements it renders; its hooks are this component's.
  const scripts = Scripts({}) as ReactElement | null;
  if (!scripts) return null;
  return (
    <>
      {inert(scripts)}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START }} />
    </>
  );
}
