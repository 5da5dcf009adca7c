// The V8 settings the server runs with, wherever it is started: package.json's start and
// serve scripts, the tests that start it as a process, the e2e suite and the benchmarks
// (a test in tests/server/node-flags.test.ts keeps package.json in step).
//
// Left alone, V8 lets the heap grow to 150–250 MB under load although less than 60 MB of
// it is live, because memory is cheap on a developer's machine. A ceiling makes it collect
// sooner: peak RSS under load fell from ~280 to ~130 MB on PostgreSQL for about a tenth
// fewer requests per second (docs/performance.md). The ceiling is well above what a
// server holds live: a few caches bounded in entries and bytes, and photos being
// processed live outside the heap.
export const NODE_FLAGS = ["--max-old-space-size=160", "--max-semi-space-size=4"];
