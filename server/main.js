// The process: one web server (server/web.js), or, with WEB_CONCURRENCY above 1 on PostgreSQL,
// that many sharing the port, started and watched by this one (server/cluster.js).
import module from "node:module";
import "./node-version.js";
import { runPrimary, webProcesses } from "./cluster.js";

// Node keeps the server's compiled modules on disk (in the system's temporary directory) and
// starts from them the next time: 60–70 ms of a start of about 1.2 s (docs/performance.md).
// NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache();

const processes = webProcesses(process.env);
if ("error" in processes) {
  console.error(processes.error);
  process.exit(1);
}
if (processes.count > 1) await runPrimary(processes.count);
else await import("./web.js");
