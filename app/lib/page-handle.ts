import { useMatches } from "react-router";

/** What a route tells the shared layout through its `handle` export. */
export type PageHandle = {
  /**
   * false: the page ships no JavaScript at all. For pages of links and text only, whose
   * first load on a phone should not wait for the app's ~100 KB of scripts.
   */
  scripts?: boolean;
};

/** Whether the page being rendered loads the app's scripts (and hydrates). */
export function usePageScripts(): boolean {
  return !useMatches().some((match) => (match.handle as PageHandle | undefined)?.scripts === false);
}
