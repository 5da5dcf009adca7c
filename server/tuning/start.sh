#!/bin/sh
# Starts the server (server/main.js, or server/worker.js when the first argument is `worker`)
# as npm start, npm run serve and npm run worker do, in this process
# (exec: no parent stays behind). With the process settings of server/tuning/node-flags.js
# (V8 flags, glibc's malloc threshold), unless RUNTIME_TUNING=off. Any other value is left
# to the server, which refuses one it does not know, naming it (app/env.server.ts).
# tests/server/node-flags.test.ts keeps this file in step with node-flags.js.
main="$(dirname "$0")/../${1:-main}.js"
if [ "$RUNTIME_TUNING" = "off" ]; then
  exec node "$main"
fi
export MALLOC_MMAP_THRESHOLD_=32768
exec node --max-old-space-size=160 --max-semi-space-size=16 --no-allocation-site-pretenuring --expose-gc "$main"
