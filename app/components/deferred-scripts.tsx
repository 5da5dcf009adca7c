import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";
import { useNonce } from "~/lib/nonce";

/**
 * The app's scripts, fetched once the page has been painted rather than alongside
 * its stylesheet, photos and fonts. On a phone on a slow network, ~100 KB of scripts
 * downloading with the first request held the first paint back by about a second;
 * every link and form works before they arrive, so the page is usable meanwhile.
 *
 * React Router's <Scripts> renders module preloads and an inline module script. Here
 * the module script becomes a data block, which browsers neither fetch nor run: its
 * type is a MIME type that is not JavaScript, and it carries the preloads' URLs in a
 * data attribute instead of <link rel="modulepreload"> elements. That is valid HTML
 * (a data block may have any non-JavaScript MIME type and no async, defer or src) and
 * the same on the server and in the browser, so hydration matches. A small inline
 * script then starts them after the first frame: real preloads, then the module script
 * with the data block's code and nonce. (ADR 9.)
 */
const DATA_BLOCK_TYPE = "application/x-adopet-module";

// Self-contained: it runs as an inline script.
function startAfterFirstPaint(dataBlockType: string) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.querySelectorAll<HTMLScriptElement>(`script[type="${dataBlockType}"]`).forEach((block) => {
        (block.dataset.modulepreload ?? "").split(" ").forEach((href) => {
          if (!href) return;
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          document.head.append(link);
        });
        const script = document.createElement("script");
        script.type = "module";
        script.nonce = block.nonce;
        script.textContent = block.textContent;
        document.head.append(script);
      });
    }),
  );
}

const START = `(${startAfterFirstPaint.toString()})(${JSON.stringify(DATA_BLOCK_TYPE)});`;

type ElementProps = { rel?: string; type?: string; href?: string; children?: ReactNode };

const isModulePreload = (node: ReactNode): boolean =>
  isValidElement<ElementProps>(node) && node.type === "link" && node.props.rel === "modulepreload";

/** The URLs of the module preloads anywhere in the tree, in order. */
function preloadHrefs(node: ReactNode): string[] {
  if (Array.isArray(node)) return node.flatMap(preloadHrefs);
  if (!isValidElement<ElementProps>(node)) return [];
  if (node.type === Fragment) return preloadHrefs(node.props.children);
  return isModulePreload(node) && node.props.href ? [node.props.href] : [];
}

/** The tree without its module preloads, its module script turned into a data block that lists them. */
function inert(node: ReactNode, preloads: string[]): ReactNode {
  if (Array.isArray(node)) return node.map((child) => inert(child, preloads));
  if (isModulePreload(node)) return null;
  if (!isValidElement<ElementProps>(node)) return node;
  const { props } = node;
  if (node.type === Fragment) {
    // Spread, as <Scripts> passed them: children given as one array would each need a key.
    const children = inert(props.children, preloads);
    return Array.isArray(children) ? cloneElement(node, {}, ...children) : cloneElement(node, {}, children);
  }
  if (node.type === "script" && props.type === "module") {
    return cloneElement(node, {
      type: DATA_BLOCK_TYPE,
      async: undefined,
      "data-modulepreload": preloads.join(" "),
    } as Partial<ElementProps>);
  }
  return node;
}

export function DeferredScripts() {
  const nonce = useNonce();
  // Called as a function to reach the elements it renders; its hooks are this component's.
  const scripts = Scripts({}) as ReactElement | null;
  if (!scripts) return null;
  return (
    <>
      {inert(scripts, preloadHrefs(scripts))}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START }} />
    </>
  );
}
