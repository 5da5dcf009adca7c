/**
 * Waits for a condition by asking again every `intervalMs`, never by a fixed sleep:
 * resolves with the first truthy answer, or fails after `timeoutMs` naming what it waited for.
 */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}, in vain.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
