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

function randomPort() {
  return 55_000 + Math.floor(Math.random() * 5_000);
}

/** What this machine lacks to run a private server, or undefined. */
export const privatePostgresMissing: string | undefined = !binDir()
  ? "PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin/pg_ctl)"
  : process.getuid?.() !== 0
    ? "root (to run PostgreSQL as the postgres user)"
    : undefined;

export class PrivatePostgres {
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-pg-"));
  private readonly bin = binDir()!;
  private port = randomPort();
  private started = false;

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
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

  /**
   * Starts on the port it has; the first time, if that port turns out to be taken
   * (tests run side by side, and other servers hold ports of that range), on
   * another. A failure names the server's own reason from its log.
   */
  start() {
    const attempts = this.started ? 1 : 4;
    for (let attempt = 1; ; attempt++) {
      try {
        this.startOn(this.port);
        this.started = true;
        return;
      } catch (error) {
        const log = this.logTail();
        if (attempt >= attempts || !/address already in use|could not bind/i.test(log)) {
          throw new Error(`PostgreSQL did not start on port ${this.port}:\n${log}`, { cause: error });
        }
        this.port = randomPort();
      }
    }
  }

  private startOn(port: number) {
    this.run("pg_ctl", [
      "-D",
      path.join(this.dir, "data"),
      "-o",
      `-p ${port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      "-w",
      "-l",
      path.join(this.dir, "log"),
      "start",
    ]);
  }

  private logTail() {
    try {
      return fs.readFileSync(path.join(this.dir, "log"), "utf8").split("\n").slice(-15).join("\n");
    } catch {
      return "(no log)";
    }
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
