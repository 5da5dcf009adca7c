// The end-to-end tests drive Debian's Chromium (browsers cannot be downloaded here).
import fs from "node:fs";

const executable = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!fs.existsSync(executable)) {
  console.error(
    `Chromium não encontrado em ${executable}.\n` +
      "Instale-o com: sudo apt-get install -y chromium\n" +
      "(ou indique outro executável em CHROMIUM_PATH).",
  );
  process.exit(1);
}
