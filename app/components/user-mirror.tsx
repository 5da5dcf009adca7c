import { useEffect } from "react";
import { useNonce } from "~/lib/nonce";

/**
 * Keeps local storage's `user` key as the specification has it: `{id, email}`
 * of the signed-in user, or empty strings after logout. It mirrors the server's
 * session for scripts that read it; the server never trusts it.
 */
const USER_STORAGE_KEY = "user";

// Self-contained: it also runs as an inline script on pages that ship no JavaScript.
function mirrorUser(key: string, id: string, email: string) {
  try {
    // Signed out and nothing stored: nothing to overwrite.
    if (!id && window.localStorage.getItem(key) === null) return;
    window.localStorage.setItem(key, JSON.stringify({ id, email }));
  } catch {
    // Storage can be disabled (private mode); the app works without it.
  }
}

/** A value as a JavaScript literal that cannot end the script element it sits in. */
const scriptLiteral = (value: string) => JSON.stringify(value).replace(/</g, "\\u003c");

export function UserMirror({ user, inline }: { user: { id: string; email: string } | null; inline: boolean }) {
  const id = user?.id ?? "";
  const email = user?.email ?? "";
  const nonce = useNonce();
  useEffect(() => mirrorUser(USER_STORAGE_KEY, id, email), [id, email]);
  if (!inline) return null;
  const call = `(${mirrorUser.toString()})(${[USER_STORAGE_KEY, id, email].map(scriptLiteral).join(",")});`;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: call }} />;
}
