import { useState } from "react";

/**
 * A button's copy of a text to the clipboard: `copied` is true once it worked, so the page can
 * say so in a live region; a refusal (no permission, no secure context) leaves it false.
 */
export function useCopy(text: string): { copied: boolean; copy: () => Promise<void> } {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return { copied, copy };
}
