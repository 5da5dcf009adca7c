// The process: one web server (server/web.js), or, with WEB_CONCURRENCY above 1 on PostgreSQL,
// that many sharing the port, started and watched by this one (server/cluster.js).
import cluster from "node:cluster";
import { runPrimary, webProcesses } from "./cluster.js";

const processes = cluster.isPrimary ? webProcesses(process.env) : { count: 1 };
if ("error" in processes) {
  console.error(processes.error);
  process.exit(1);
}
if (cluster.isPrimary && processes.count > 1) runPrimary(processes.count);
else await import("./web.js");
