// How the server's process is started, wherever it is started: server/tuning/start.sh (npm
// start, npm run serve), the tests that start it as a process, the e2e suite and the
// benchmarks. RUNTIME_TUNING=off starts it with none of these (server/tuning/index.ts);
// tests/server/node-flags.test.ts keeps start.sh and docs/runtime-tuning.md in step with this file.
//
// V8: left alone, it lets the heap grow to 150–250 MB under load although less than 60 MB
// of it is live, because memory is cheap on a developer's machine. A ceiling makes it
// collect sooner: peak RSS under load fell from ~280 to ~130 MB on PostgreSQL for about a
// tenth fewer requests per second (docs/performance.md). The ceiling is well above what a
// server holds live: a few caches bounded in entries and bytes, and photos being
// processed live outside the heap.
//
// Young generation: two semi-spaces of 16 MB. A request that waits on the database (an
// application: about eight statements) holds its objects across several young-generation
// collections when they come every 2 MB, and they are copied, then promoted: with 2 MB,
// submitting applications at 20 connections spent a quarter of the server's CPU collecting
// garbage, against 7% with 16 MB, and was served about 15% faster on PostgreSQL and 21% on the
// embedded database; peak RSS under that load rose by 18–30 MB (ADR 32, docs/performance.md).
// 2 MB had been chosen over 4 MB because it saved 6–13 MB on reads and messages at the same speed.
//
// No allocation-site pretenuring: V8 watches where objects are made and, when many of them
// outlive a young-generation collection, makes that site's objects in the old generation
// from then on, where only a full collection frees them. Which sites it picked depended
// on the moment (cached pages at 50 connections ran at 5,000 or at 10,000 requests a
// second from one start to the next, with 0 or 50 full collections in 6 s); without it
// every request's objects die young, as they should (docs/performance.md).
//
// gc() exposed: the server collects its whole heap once, after its first answer
// (server/app.ts). Starting leaves garbage that only a full collection frees, among it
// the 8.7 MB file of the embedded database's engine, read to compile it; under load, now
// that requests die young, a full collection may not come for many minutes.
export const NODE_FLAGS = [
  "--max-old-space-size=160",
  "--max-semi-space-size=16",
  "--no-allocation-site-pretenuring",
  "--expose-gc",
];

// glibc's malloc: V8 compiles the embedded database's hot WebAssembly on background
// threads, in scratch memory of tens of MB that it frees at once; by default glibc keeps
// such memory in per-thread arenas and raises its threshold for handing memory back, so
// it stayed resident for good (about 70 MB). A fixed threshold returns every block of
// 32 KB or more to the system when it is freed: peak RSS under load on the embedded
// database fell from ~260–300 to ~175–225 MB, with reads and logins within noise, and an
// upload about a third slower (a photo's buffers, like each Argon2id hash's 19 MiB, are now
// mapped afresh). Other C libraries ignore the variable (ADR 10).
export const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "32768" };

/** The tuned command line (POSIX shell): what start.sh runs, and what docs/runtime-tuning.md gives for systemd. */
export const SERVER_COMMAND = [
  ...Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`),
  "node",
  ...NODE_FLAGS,
  "server/main.js",
].join(" ");

/**
 * The node arguments and environment the server's process starts with: the settings above,
 * or none when RUNTIME_TUNING is off.
 * @param {string | undefined} runtimeTuning the value of RUNTIME_TUNING
 * @returns {{ nodeFlags: string[], env: Record<string, string> }}
 */
export function serverProcess(runtimeTuning) {
  return runtimeTuning === "off" ? { nodeFlags: [], env: {} } : { nodeFlags: NODE_FLAGS, env: MALLOC_ENV };
}
