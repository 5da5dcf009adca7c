import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** The event stream of the signed-in person's conversations (app/api/endpoints/conversations.ts). */
const EVENTS_URL = "/adopet/api/conversas/eventos";

/**
 * Live conversations (issue 20): while a signed-in person has a page open, a message to them
 * (or from them, in another tab) reloads the page's data: the header's unread count, the list
 * of conversations, the open thread. The browser's EventSource reconnects by itself; after a
 * reconnection the data is read again, for what was said while the stream was down.
 */
export function useLiveConversations(signedIn: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    const refresh = () => void latest.current.revalidate();
    let source: EventSource | null = null;
    let connectedBefore = false;
    // Only while the tab is visible: hidden tabs would hold the browser's few connections to
    // the site (six over HTTP/1.1). Visible again, it reconnects and reads what it missed.
    const follow = () => {
      if (document.visibilityState !== "visible") {
        source?.close();
        source = null;
        return;
      }
      if (source) return;
      source = new EventSource(EVENTS_URL);
      source.addEventListener("pronto", () => {
        if (connectedBefore) refresh();
        connectedBefore = true;
      });
      source.addEventListener("mensagem", refresh);
      source.addEventListener("conversa", refresh);
    };
    follow();
    document.addEventListener("visibilitychange", follow);
    return () => {
      document.removeEventListener("visibilitychange", follow);
      source?.close();
    };
  }, [signedIn]);
}
