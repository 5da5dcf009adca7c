// Which router serves the JSON API inside the Express host (ADR 34): the same two endpoints,
// a 4 KB read and a JSON write, served by Express's own router and by Hono through
// @hono/node-server (with and without its global Request/Response replacement), each in a
// process of its own, in interleaved rounds. Prints requests per second side by side.
//   npx tsx bench/api-router.ts
import { spawn, type ChildProcess } from "node:child_process";
import type { IncomingMessage } from "node:http";
import autocannon from "autocannon";
import { createReadableStreamFromReadable } from "@react-router/node";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const variants = ["express", "hono", "hono-global", "hono-global-nocleanup", "hono-global-ownbody"] as const;
type Variant = (typeof variants)[number];

const pets = Array.from({ length: 20 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  nome: `Pet ${i}`,
  descricao: "Muito dócil, castrado e vacinado, convive com gatos e crianças.",
  cidade: "Belo Horizonte",
  uf: "MG",
  fotos: [`/adopet/imagens/${i}/640.webp`],
}));

async function streamed(request: Request): Promise<string> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString("utf8");
    chunks.push(value);
  }
}

async function serve(variant: Variant, port: number) {
  const express = (await import("express")).default;
  const app = express();
  const payload = { pets, pagina: 1, total: 20 };
  if (variant === "express") {
    const router = express.Router();
    router.get("/adopet/api/pets", (_req, res) => {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(payload));
    });
    router.post("/adopet/api/pets/:id/candidaturas", async (req, res) => {
      const request = new Request(`http://localhost${req.originalUrl}`, {
        method: "POST",
        headers: req.headers as HeadersInit,
        body: createReadableStreamFromReadable(req),
        duplex: "half",
      } as RequestInit);
      const body = JSON.parse(await streamed(request)) as object;
      res.status(201).setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ id: req.params.id, ...body }));
    });
    app.use(router);
  } else {
    const { Hono } = await import("hono");
    const { getRequestListener } = await import("@hono/node-server");
    const hono = new Hono<{ Bindings: { incoming: IncomingMessage } }>();
    hono.get("/adopet/api/pets", (c) => c.json(payload));
    // The body read as our readers read it: a stream, chunk by chunk.
    hono.post("/adopet/api/pets/:id/candidaturas", async (c) => {
      const request =
        variant === "hono-global-ownbody"
          ? new Request(c.req.url, {
              method: "POST",
              headers: c.req.raw.headers,
              body: createReadableStreamFromReadable(c.env.incoming),
              duplex: "half",
            } as RequestInit)
          : c.req.raw;
      return c.json({ id: c.req.param("id"), ...(JSON.parse(await streamed(request)) as object) }, 201);
    });
    const listener = getRequestListener(hono.fetch, {
      overrideGlobalObjects: variant !== "hono",
      autoCleanupIncoming: variant !== "hono-global-nocleanup",
    });
    app.use((req, res) => void listener(req, res));
  }
  app.listen(port, "127.0.0.1", () => process.send?.("ready"));
}

function start(variant: Variant, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, variant, String(port)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve) => child.once("message", () => resolve(child)));
}

async function load(port: number, write: boolean): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/adopet/api/${write ? "pets/abc/candidaturas" : "pets"}`,
    connections: 50,
    duration: SECONDS,
    method: write ? "POST" : "GET",
    headers: write ? { "content-type": "application/json" } : {},
    body: write ? JSON.stringify({ respostas: { moradia: "casa", outros: "sim" } }) : undefined,
  });
  return result.requests.average;
}

if (process.argv[2]) {
  await serve(process.argv[2] as Variant, Number(process.argv[3]));
} else {
  const figures: Record<string, { read: number[]; write: number[] }> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, variant] of variants.entries()) {
      const child = await start(variant, 3400 + index);
      await load(3400 + index, false); // warm-up
      const read = await load(3400 + index, false);
      const write = await load(3400 + index, true);
      child.kill();
      (figures[variant] ??= { read: [], write: [] }).read.push(read);
      figures[variant].write.push(write);
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log("router        GET req/s   POST req/s");
  for (const variant of variants) {
    const { read, write } = figures[variant]!;
    console.log(
      `${variant.padEnd(13)} ${String(Math.round(median(read))).padStart(9)}   ${String(Math.round(median(write))).padStart(10)}`,
    );
  }
}
