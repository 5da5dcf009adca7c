/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when the database could not write for lack of space: PostgreSQL's disk_full (53100),
 * or the file system's ENOSPC as the embedded database reports it.
 */
export function isStorageFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === "53100" || code === "ENOSPC") return true;
    if (typeof message === "string" && /No space left on device/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
