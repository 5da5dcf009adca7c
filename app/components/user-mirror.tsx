import { useEffect } from "react";

/**
 * Keeps local storage's `user` key as the specification has it: `{id, email}`
 * of the signed-in user, or empty strings after logout. It mirrors the server's
 * session for scripts that read it; the server never trusts it.
 */
export const USER_STORAGE_KEY = "user";

export function UserMirror({ user }: { user: { id: string; email: string } | null }) {
  const id = user?.id ?? "";
  const email = user?.email ?? "";
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(USER_STORAGE_KEY);
      // Signed out and nothing stored: nothing to overwrite.
      if (!id && stored === null) return;
      window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id, email }));
    } catch {
      // Storage can be disabled (private mode); the app works without it.
    }
  }, [id, email]);
  return null;
}
