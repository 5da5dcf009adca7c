import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL server of the test's own (initdb in a temporary directory, its
 * own port), so the test may stop and start it without disturbing others.
 * Needs the server binaries and root (to run them as the postgres user).
 */
function binDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const version = fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .find((entry) => fs.existsSync(path.join(root, entry, "bin", "pg_ctl")));
  return version ? path.join(root, version, "bin") : undefined;
}

export const canRunPrivatePostgres = Boolean(binDir()) && process.getuid?.() === 0;

export class PrivatePostgres {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-pg-"));
  private readonly bin = binDir()!;
  readonly url: string;

  constructor(readonly port: number) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  private run(tool: string, args: string[]) {
    execFileSync("runuser", ["-u", "postgres", "--", path.join(this.bin, tool), ...args], { stdio: "pipe" });
  }

  init() {
    fs.chmodSync(this.dir, 0o777);
    const data = path.join(this.dir, "data");
    this.run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    return this;
  }

  start() {
    const data = path.join(this.dir, "data");
    this.run("pg_ctl", [
      "-D",
      data,
      "-o",
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      "-w",
      "-l",
      path.join(this.dir, "log"),
      "start",
    ]);
  }

  stop() {
    this.run("pg_ctl", ["-D", path.join(this.dir, "data"), "-m", "fast", "-w", "stop"]);
  }

  destroy() {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
