// The soak: mixed traffic (nine reads for every contact message) at 50 connections for
// five minutes against the built app on 10,000 pets. Counts 5xx answers, samples the
// server's memory every 5 s to show whether it grows, and writes docs/performance.md.
//   npm run soak                       (embedded database)
//   DATABASE_URL=postgres://… npm run soak
// Options: SOAK_SECONDS (300), SOAK_PETS (10000), SOAK_CONNECTIONS (50).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { mixedRequests, rssKb, seedPets, startAdopet, writeSection } from "./support";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const PETS = Number(process.env.SOAK_PETS ?? 10_000);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const SAMPLE_MS = 5_000;

/** Least-squares slope of memory over time, in MB per minute. */
function slopeMbPerMinute(samples: { seconds: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanX = samples.reduce((sum, s) => sum + s.seconds, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.mb, 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.seconds - meanX) * (s.mb - meanY);
    den += (s.seconds - meanX) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

async function main() {
  const backend = DATABASE_URL ? "PostgreSQL" : "PGlite";
  console.log(`Adopet soak: ${SECONDS} s, ${CONNECTIONS} connections, ${PETS} pets, ${backend}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-soak-"));
  const dataDir = path.join(work, "data");
  await seedPets(dataDir, DATABASE_URL, PETS);
  const app = await startAdopet(dataDir, DATABASE_URL, 3411);
  const base = "http://127.0.0.1:3411/adopet";
  const feed = (await (await fetch(`${base}/api/pets`)).json()) as { pets: { id: string }[] };
  const petId = feed.pets[0]!.id;
  const message = JSON.stringify({
    petId,
    nome: "Soak",
    telefone: "21 98888-7777",
    nome__animal: "Rex",
    contato__texto: "Mensagem do teste de resistência",
  });

  const samples: { seconds: number; mb: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    const seconds = Math.round((performance.now() - started) / 1000);
    samples.push({ seconds, mb: Math.round(rssKb(app.pid!) / 1024) });
    console.log(`${String(seconds).padStart(4)} s  RSS ${samples.at(-1)!.mb} MB`);
  }, SAMPLE_MS);
  const result = (await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: mixedRequests(petId, message),
  })) as Result;
  clearInterval(sampler);
  app.kill("SIGTERM");
  await new Promise((resolve) => app.once("exit", resolve));
  fs.rmSync(work, { recursive: true, force: true });

  const byStatus = (result as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const count5xx = Object.entries(byStatus)
    .filter(([code]) => code.startsWith("5"))
    .reduce((sum, [, stats]) => sum + (stats.count ?? 0), 0);
  // The first minute is warm-up (caches fill, the JIT settles); the trend is read after it.
  const settled = samples.filter((s) => s.seconds >= Math.min(60, SECONDS / 5));
  const firstMinute = settled.slice(0, 12);
  const lastMinute = settled.slice(-12);
  const mean = (list: { mb: number }[]) =>
    Math.round(list.reduce((sum, s) => sum + s.mb, 0) / Math.max(1, list.length));
  const timeline = samples
    .filter((s) => s.seconds % 30 < SAMPLE_MS / 1000)
    .map((s) => `${s.seconds} s: ${s.mb}`)
    .join(", ");
  const report = `## Soak (${backend})

Run on ${new Date().toISOString().slice(0, 10)}: ${SECONDS} s of mixed traffic (nine reads for every contact message) at
${CONNECTIONS} connections on ${PETS} pets, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}. Command:
\`${DATABASE_URL ? "DATABASE_URL=… " : ""}npm run soak\`.

| requests | req/s | p50 ms | p99 ms | p99.9 ms | 5xx | errors and timeouts | RSS after warm-up, first minute → last minute | trend after warm-up |
|---:|---:|---:|---:|---:|---:|---:|---|---:|
| ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.p99_9} | ${count5xx} | ${result.errors + result.timeouts} | ${mean(firstMinute)} MB → ${mean(lastMinute)} MB | ${slopeMbPerMinute(settled).toFixed(1)} MB/min |

Server RSS every 30 s (MB): ${timeline}.
`;
  console.log("\n" + report);
  writeSection(`## Soak (${backend})`, report);
  if (count5xx > 0 || result.errors + result.timeouts > 0) process.exitCode = 1;
}

await main();
