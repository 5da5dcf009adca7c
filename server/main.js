// The process: one web server (server/web.js), or, with WEB_CONCURRENCY above 1 on PostgreSQL,
// that many sharing the port, started and watched by this one (server/cluster.js).
import "./node-version.js";
import { runPrimary, webProcesses } from "./cluster.js";

const processes = webProcesses(process.env);
if ("error" in processes) {
  console.error(processes.error);
  process.exit(1);
}
if (processes.count > 1) await runPrimary(processes.count);
else await import("./web.js");
