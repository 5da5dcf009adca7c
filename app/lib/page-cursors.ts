import { isId } from "./ids";

/**
 * Where a page of a newest-first list starts (`antes`): after this entry, the last of the page
 * before, by its time and then its id. Shared by the lists paged this way (finais felizes, an
 * organisation's activity log).
 */
export type PageCursor = { at: Date; id: string };

/** The `antes` of the page after the one `entry` ends: "<time>_<id>". */
export function writePageCursor(entry: PageCursor): string {
  return `${entry.at.toISOString()}_${entry.id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i;

/**
 * `antes` as the pages and the API read it: no cursor (undefined), or null when it is not one
 * exactly as writePageCursor writes it (a date the database would refuse is not one either).
 */
export function parsePageCursor(value: string | null): PageCursor | undefined | null {
  if (value === null) return undefined;
  const [, when, id] = CURSOR.exec(value) ?? [];
  const at = new Date(when ?? "");
  if (Number.isNaN(at.getTime()) || at.toISOString() !== when || !isId(id)) return null;
  return { at, id: id!.toLowerCase() };
}
