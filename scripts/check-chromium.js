// The end-to-end tests drive Debian's Chromium headless shell (browsers cannot be downloaded
// here), and one of them runs the Nu Html Checker (vnu-jar), which needs Java.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const executable = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";
if (!fs.existsSync(executable)) {
  console.error(
    `Chromium não encontrado em ${executable}.\n` +
      "Instale-o com: sudo apt-get install -y chromium-headless-shell\n" +
      "(ou indique outro executável em CHROMIUM_PATH).",
  );
  process.exit(1);
}

const java = process.env.JAVA_PATH || "java";
if (spawnSync(java, ["-version"], { stdio: "ignore" }).status !== 0) {
  console.error(
    `Java não encontrado (${java}): o verificador de HTML (vnu) precisa dele.\n` +
      "Instale-o com: sudo apt-get install -y default-jre-headless\n" +
      "(ou indique outro executável em JAVA_PATH).",
  );
  process.exit(1);
}

// The termo's PDF is read and rendered to PNG by one of them (Poppler's tools).
if (spawnSync("pdftoppm", ["-v"], { stdio: "ignore" }).status !== 0) {
  console.error(
    "Poppler não encontrado (pdftoppm): o teste do termo de adoção lê e desenha o PDF com ele.\n" +
      "Instale-o com: sudo apt-get install -y poppler-utils",
  );
  process.exit(1);
}
