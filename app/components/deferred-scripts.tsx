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
 * script then starts them once the page is painted, its main photo included (at most
 * 3 s on): real preloads, then the module script with the data block's code and nonce.
 * (ADR 9.)
 */
const DATA_BLOCK_TYPE = "application/x-adopet-module";

// Self-contained: it runs as an inline script. It waits for the first paint and for the page's
// main photo (the first img[fetchpriority="high"] painted), at most WAIT_MS: on a slow network the
// scripts shared the connection with the photo, and a pet page's largest paint came after them.
function startAfterFirstPaint(dataBlockType: string, waitMs: number, afterPhotoLoadMs: number) {
  // One element per task: each costs the browser a resource lookup, and a dozen at once made a
  // long task on a slow phone (Lighthouse's total blocking time). All at once in a hidden tab,
  // whose timers the browser runs about once a second.
  const start = () => {
    const steps: (() => void)[] = [];
    document.querySelectorAll<HTMLScriptElement>(`script[type="${dataBlockType}"]`).forEach((block) => {
      (block.dataset.modulepreload ?? "").split(" ").forEach((href) => {
        if (!href) return;
        steps.push(() => {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          document.head.append(link);
        });
      });
      steps.push(() => {
        const script = document.createElement("script");
        script.type = "module";
        script.nonce = block.nonce;
        script.textContent = block.textContent;
        document.head.append(script);
      });
    });
    const next = () => {
      do steps.shift()?.();
      while (document.hidden && steps.length > 0);
      if (steps.length > 0) setTimeout(next);
    };
    next();
  };
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const observes = (type: string) =>
    typeof PerformanceObserver !== "undefined" && (PerformanceObserver.supportedEntryTypes ?? []).includes(type);
  const observed = (type: string, accept: (entry: PerformanceEntry) => boolean) =>
    new Promise((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some(accept)) return;
        observer.disconnect();
        resolve(undefined);
      });
      try {
        observer.observe({ type, buffered: true });
      } catch {
        resolve(undefined);
      }
    });
  const photos: Element[] = [...document.querySelectorAll('img[fetchpriority="high"]')];
  const photosLoaded = Promise.all(
    photos.map(
      (photo) =>
        (photo as HTMLImageElement).complete ||
        new Promise((resolve) => {
          photo.addEventListener("load", resolve, { once: true });
          photo.addEventListener("error", resolve, { once: true });
        }),
    ),
  );
  const firstPaint = observes("paint")
    ? observed("paint", (entry) => entry.name === "first-contentful-paint")
    : nextFrame();
  // A photo is seen painted when it becomes the largest paint; when none does (a larger text,
  // or cards of equal size after the first), they are given a moment after loading.
  const photosPainted =
    photos.length === 0
      ? undefined
      : observes("largest-contentful-paint")
        ? Promise.race([
            observed("largest-contentful-paint", (entry) =>
              photos.includes((entry as LargestContentfulPaint).element!),
            ),
            photosLoaded.then(() => delay(afterPhotoLoadMs)),
          ])
        : photosLoaded.then(nextFrame);
  // Whatever happens while waiting, the scripts start.
  const go = () => setTimeout(start);
  Promise.race([Promise.all([firstPaint, photosPainted]), delay(waitMs)]).then(go, go);
}

/** The longest the scripts wait (the page works without them meanwhile), and how long after a photo loads. */
const WAIT_MS = 3000;
const AFTER_PHOTO_LOAD_MS = 500;

const START = `(${startAfterFirstPaint.toString()})(${JSON.stringify(DATA_BLOCK_TYPE)}, ${WAIT_MS}, ${AFTER_PHOTO_LOAD_MS});`;

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
