// Live conversations (issue 20): 1,000 open event streams on one server (memory growth under
// 100 MB), and messages delivered to an open thread with p95 under 1 s while 50 connections
// browse the feed; on PostgreSQL, the same again with two servers: the streams open on one, the
// messages written through the other (LISTEN/NOTIFY carries them). Writes docs/performance.md.
//   npm run bench:live                                               (embedded database, one server)
//   DATABASE_URL=postgres://…/adopet_bench_live npm run bench:live   (PostgreSQL, emptied first; one server, then two)
// Options: BENCH_STREAMS (1000), BENCH_STREAMS_PER_PERSON (1, at most the app's 10),
// BENCH_MESSAGES (200 a scenario), BENCH_SECONDS (20), BENCH_FEED_CONNECTIONS (50).
// Exits with 1 when a stream could not be opened, a message could not be sent or a delivery was lost.
import { randomBytes } from "node:crypto";
import { createVault } from "~/services/vault.server";
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import autocannon, { type Result } from "autocannon";
import { eq, like, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { conversations, pets, users } from "~/db/schema";
import { createSession, SESSION_COOKIE } from "~/domain/accounts/sessions.server";
import { seedDemoData, seedManyPets } from "~/demo/seed.server";
import { readEnv } from "~/env.server";
import { prepareDatabase } from "~/setup.server";
import { startSmtpPeer } from "../tests/support/smtp-peer";
import { percentile, ROOT, rssKb, startAdopet, writeSection } from "./support";

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const PER_PERSON = Math.min(10, Math.max(1, Number(process.env.BENCH_STREAMS_PER_PERSON ?? 1)));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FEED_CONNECTIONS = Number(process.env.BENCH_FEED_CONNECTIONS ?? 50);
/** The people holding the streams: adopters, each in one conversation with a caretaker. */
const PEOPLE = Math.ceil(STREAMS / PER_PERSON);
const SCENARIOS = DATABASE_URL ? 2 : 1;
/**
 * The caretakers who write to them: enough that none writes more than 100 of the 120 messages
 * an hour the app allows an author ("conversation-account", which no setting lifts).
 */
const WARM_MESSAGES = 40;
const CARETAKERS = Math.max(50, Math.ceil((MESSAGES * SCENARIOS + WARM_MESSAGES * 3) / 100));
const PER_AUTHOR = 100;
const TARGET_GROWTH_MB = 100;
const TARGET_P95_MS = 1_000;
/** The feed load's first ms without messages, and its last. */
const RAMP_MS = 2_000;
const TAIL_MS = 2_000;
const SPACING_MS = (SECONDS * 1000 - RAMP_MS - TAIL_MS) / MESSAGES;
/** How long the bench waits for a delivery still missing once the load is over. */
const GRACE_MS = 5_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-live-"));
const dataDir = path.join(work, "data");
// The embedded database's files go with the run, even one that failed half-way.
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};
const mb = (kb: number) => Math.round(kb / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session cookie of a new session for `userId`, as the app's own cookie writes it. */
const sessionCookie = createCookie(SESSION_COOKIE);
async function cookieFor(db: Parameters<typeof createSession>[0], userId: string): Promise<string> {
  const { token } = await createSession(db, userId);
  return (await sessionCookie.serialize(token)).split(";")[0]!;
}

type Person = { id: string; cookie: string; conversationId: string; caretaker: number };
type Caretaker = { id: string; cookie: string };

/** The demo data, CARETAKERS caretakers with pets, PEOPLE adopters each in a conversation with one, and their sessions. */
async function prepare(): Promise<{ people: Person[]; caretakers: Caretaker[] }> {
  const env = readEnv({ DATA_DIR: dataDir, DATABASE_URL, DEMO_DATA: "false" });
  const database = await prepareDatabase(env, () => undefined);
  const { db } = database;
  if (DATABASE_URL) await db.execute(sql`truncate users, pets, images cascade`);
  await seedDemoData(db, { vault: createVault(randomBytes(32)), publicUrl: "http://127.0.0.1" });
  const started = performance.now();
  // Four pets each: the feed has a few pages to browse.
  await seedManyPets(db, CARETAKERS * 4, { perCaretaker: 4 });
  const offered = await db
    .select({ petId: pets.id, caretakerId: pets.caretakerId, organizationId: pets.organizationId })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(like(users.email, "bench-%"));
  const petOf = new Map<string, string>();
  const organizationOf = new Map<string, string>();
  for (const row of offered) {
    if (petOf.has(row.caretakerId)) continue;
    petOf.set(row.caretakerId, row.petId);
    organizationOf.set(row.caretakerId, row.organizationId);
  }
  const caretakerIds = [...petOf.keys()].slice(0, CARETAKERS);
  if (caretakerIds.length < CARETAKERS) throw new Error(`only ${caretakerIds.length} caretakers were seeded`);

  const people: Omit<Person, "cookie">[] = [];
  for (let done = 0; done < PEOPLE; done += 1_000) {
    const size = Math.min(1_000, PEOPLE - done);
    const adopters = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, index) => ({
          email: `ao-vivo-${done + index}@bench.exemplo`,
          nome: `Pessoa ${done + index}`,
          passwordHash: "x",
          cidade: "Recife",
          uf: "PE",
        })),
      )
      .returning({ id: users.id });
    const opened = await db
      .insert(conversations)
      .values(
        adopters.map((adopter, index) => {
          const caretakerId = caretakerIds[(done + index) % CARETAKERS]!;
          const organizationId = organizationOf.get(caretakerId)!;
          return { petId: petOf.get(caretakerId)!, adopterId: adopter.id, caretakerId, organizationId };
        }),
      )
      .returning({ id: conversations.id, adopterId: conversations.adopterId });
    const conversationOf = new Map(opened.map((row) => [row.adopterId, row.id]));
    adopters.forEach((adopter, index) =>
      people.push({
        id: adopter.id,
        conversationId: conversationOf.get(adopter.id)!,
        caretaker: (done + index) % CARETAKERS,
      }),
    );
  }
  const withCookies: Person[] = [];
  for (const person of people) withCookies.push({ ...person, cookie: await cookieFor(db, person.id) });
  const caretakers: Caretaker[] = [];
  for (const id of caretakerIds) caretakers.push({ id, cookie: await cookieFor(db, id) });
  await db.execute(sql`vacuum analyze`);
  // The embedded database is one process's: close it for the app.
  await database.close();
  log(
    `Prepared ${PEOPLE} adopters in a conversation each with one of ${CARETAKERS} caretakers (${CARETAKERS * 4} pets), ` +
      `and their sessions, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { people: withCookies, caretakers };
}

type Server = { name: string; base: string; port: number; child: ChildProcess };

async function startServer(name: string, port: number): Promise<Server> {
  const child = await startAdopet(dataDir, DATABASE_URL, port);
  return { name, base: `http://127.0.0.1:${port}`, port, child };
}

/** CPU time a process has used (user and system), in clock ticks (Linux). */
function cpuTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
/** Clock ticks a second: 100 on Linux (`getconf CLK_TCK`). */
const TICKS_PER_SECOND = 100;

function cpuText(servers: Server[], cpu: number[]): string {
  return [...servers.map((server, index) => `${server.name} ${cpu[index]}`), `bench ${cpu[servers.length]}`].join(", ");
}

/** SIGTERM, and wait for the graceful shutdown (its streams are closed before). */
async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

// The streams, as a browser's EventSource reads them: one connection each.
type Stream = { person: number; request: http.ClientRequest; ended: boolean };
type Arrival = { stream: Stream; at: number };

/** What the streams received: `mensagem` events by message id, and what should not happen. */
class Deliveries {
  readonly arrivals = new Map<string, Arrival[]>();
  /** `mensagem` events for a conversation that is not the stream owner's. */
  misrouted = 0;
  /** `pronto` again after the first: the server lost its database connection and asks for a full read. */
  resyncs = 0;
  /** Streams the server ended while the bench held them. */
  ended = 0;

  constructor(private readonly people: Person[]) {}

  event(stream: Stream, name: string, data: string, at: number) {
    if (name === "pronto") {
      this.resyncs += 1;
      return;
    }
    if (name !== "mensagem") return;
    const { conversa_id: conversationId, mensagem_id: messageId } = JSON.parse(data) as {
      conversa_id: string;
      mensagem_id: string;
    };
    if (conversationId !== this.people[stream.person]!.conversationId) this.misrouted += 1;
    let list = this.arrivals.get(messageId);
    if (!list) this.arrivals.set(messageId, (list = []));
    list.push({ stream, at });
  }
}

/** Opens a stream for `person` on `server`; resolves once its first `pronto` has arrived. */
function openStream(server: Server, people: Person[], person: number, deliveries: Deliveries): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host: "127.0.0.1",
      port: server.port,
      path: "/adopet/api/conversas/eventos",
      agent: false,
      headers: { accept: "text/event-stream", cookie: people[person]!.cookie },
    });
    const stream: Stream = { person, request, ended: false };
    let ready = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error("no pronto within 30 s"));
    }, 30_000);
    request.once("error", (error) => {
      clearTimeout(timer);
      if (!ready) reject(error);
    });
    request.once("response", (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        response.resume();
        reject(new Error(`HTTP ${response.statusCode}`));
        return;
      }
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) name = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
          }
          if (data.length === 0) continue;
          if (!ready && name === "pronto") {
            ready = true;
            clearTimeout(timer);
            resolve(stream);
          } else {
            deliveries.event(stream, name, data.join("\n"), at);
          }
        }
      });
      response.once("close", () => {
        if (!stream.ended && !request.destroyed) deliveries.ended += 1;
        stream.ended = true;
      });
    });
  });
}

/** Opens STREAMS streams, PER_PERSON a person, 50 at a time; failures by reason, and the time each took to its `pronto`. */
async function openStreams(server: Server, people: Person[], deliveries: Deliveries) {
  const wanted = Array.from({ length: STREAMS }, (_, index) => index % PEOPLE);
  const streams: Stream[] = [];
  const failures = new Map<string, number>();
  const opening: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < wanted.length) {
        const person = wanted[next++]!;
        const asked = performance.now();
        try {
          streams.push(await openStream(server, people, person, deliveries));
          opening.push(performance.now() - asked);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  return { streams, failures, opening, ms: performance.now() - started };
}

const postAgent = new http.Agent({ keepAlive: true, maxSockets: 20 });

/** POST /api/conversas/:id/mensagens as the browser's page sends it. */
function postMessage(server: Server, cookie: string, conversationId: string, texto: string) {
  return new Promise<{ status: number; id?: string }>((resolve) => {
    const body = JSON.stringify({ texto });
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: `/adopet/api/conversas/${conversationId}/mensagens`,
        agent: postAgent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: server.base,
          cookie,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          let id: string | undefined;
          try {
            id = (JSON.parse(text) as { id?: string }).id;
          } catch {
            // Not JSON: counted by its status.
          }
          resolve({ status: response.statusCode ?? 0, id });
        });
      },
    );
    request.on("error", () => resolve({ status: 0 }));
    request.end(body);
  });
}

const FEED = [
  "/adopet/home",
  "/adopet/home?page=2",
  "/adopet/home?especie=gato",
  "/adopet/home?uf=SP",
  "/adopet/home?page=3",
];

function feedLoad(server: Server, connections: number, duration: number): Promise<Result> {
  let next = 0;
  return autocannon({
    url: server.base,
    connections,
    duration,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: FEED[next++ % FEED.length] }) }],
  }) as Promise<Result>;
}

/** Whom each message goes to: spread over people and their caretakers, none past PER_AUTHOR messages. */
const sentBy = new Map<number, number>();
let cursor = 0;
function nextRecipient(people: Person[]): number {
  for (;;) {
    const person = (cursor++ * 7_919) % PEOPLE;
    const caretaker = people[person]!.caretaker;
    if ((sentBy.get(caretaker) ?? 0) < PER_AUTHOR) {
      sentBy.set(caretaker, (sentBy.get(caretaker) ?? 0) + 1);
      return person;
    }
  }
}

type Outcome = {
  scenario: string;
  streamsOpen: number;
  openFailures: string;
  openSeconds: number;
  rssBefore: number[];
  rssStreams: number[];
  rssPeak: number[];
  rssClosed: number[];
  sent: number;
  sendFailures: string;
  sendP95: number;
  /** The event's arrival after the POST's answer (negative: before it), p50 and p95: the relay, apart from the write. */
  relayP50: number;
  relayP95: number;
  /** Delivery p50 / p95 by the 5 s in which the messages were sent. */
  byWindow: string;
  p50: number;
  p95: number;
  max: number;
  lost: number;
  late: number;
  misrouted: number;
  resyncs: number;
  ended: number;
  feedRps: number;
  feedP99: number;
  feedErrors: number;
  loopP99: number;
  /** CPU used during the load, in % of one core: each server's, then the bench's. */
  cpu: string;
};

/**
 * One scenario: the streams open on `streamServer`, the messages written through `sendServer`,
 * the feed browsed on every server of `servers` (the connections shared among them).
 */
async function scenario(
  name: string,
  servers: Server[],
  streamServer: Server,
  sendServer: Server,
  people: Person[],
  caretakers: Caretaker[],
): Promise<Outcome> {
  log(`\n${name}`);
  const rss = () => servers.map((server) => rssKb(server.child.pid!));
  // Warm-up, on every server: the feed, a few streams, and WARM_MESSAGES messages written and
  // delivered, as a server that has been up a while has run them. (With the feed and one
  // message only, server B's first seconds of messages under load built a backlog of 1–4 s.)
  await Promise.all(
    servers.map(async (server) => {
      const feed = feedLoad(server, Math.ceil(FEED_CONNECTIONS / servers.length), 5);
      const warm = new Deliveries(people);
      const open = await Promise.all(
        Array.from({ length: 10 }, (_, person) => openStream(server, people, person, warm)),
      );
      for (let index = 0; index < WARM_MESSAGES; index += 1) {
        const person = people[index % PEOPLE]!;
        await postMessage(server, caretakers[person.caretaker]!.cookie, person.conversationId, "Oi! Ainda procurando?");
        sentBy.set(person.caretaker, (sentBy.get(person.caretaker) ?? 0) + 1);
      }
      for (const stream of open) stream.request.destroy();
      await feed;
    }),
  );
  await sleep(2_000);
  const rssBefore = rss();
  log(`RSS after warm-up: ${rssBefore.map(mb).join(" / ")} MB`);

  const deliveries = new Deliveries(people);
  const { streams, failures, opening, ms } = await openStreams(streamServer, people, deliveries);
  const openFailures = [...failures].map(([reason, times]) => `${times}× ${reason}`).join(", ");
  log(
    `Opened ${streams.length} of ${STREAMS} streams on ${streamServer.name} in ${(ms / 1000).toFixed(1)} s ` +
      `(each to its pronto: p50 ${Math.round(percentile(opening, 50))} ms, p95 ${Math.round(percentile(opening, 95))} ms)` +
      (openFailures ? `; failed: ${openFailures}` : ""),
  );
  await sleep(3_000);
  const rssStreams = rss();
  log(
    `RSS with the streams open: ${rssStreams.map(mb).join(" / ")} MB ` +
      `(growth ${rssStreams.map((kb, index) => mb(kb - rssBefore[index]!)).join(" / ")} MB)`,
  );
  const streamsOf = new Map<number, number>();
  for (const stream of streams) streamsOf.set(stream.person, (streamsOf.get(stream.person) ?? 0) + 1);

  // The load: the feed at FEED_CONNECTIONS for SECONDS; the messages once it has settled (the
  // first RAMP_MS, autocannon's connections opening on a server whose 5 s page cache has
  // expired, are not what a server that has been browsed meets) and until TAIL_MS before its
  // end (every delivery happens under load), each send on its own.
  const rssPeak = [...rssStreams];
  const sampler = setInterval(
    () => rss().forEach((kb, index) => (rssPeak[index] = Math.max(rssPeak[index]!, kb))),
    500,
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = [...servers.map((server) => cpuTicks(server.child.pid!)), cpuTicks(process.pid)];
  const loadStarted = performance.now();
  const feed = Promise.all(
    servers.map((server) => feedLoad(server, Math.ceil(FEED_CONNECTIONS / servers.length), SECONDS)),
  );
  await sleep(RAMP_MS);
  const spacing = SPACING_MS;
  const started = performance.now();
  type Sent = { person: number; at: number; status: number; id?: string; answeredAt: number };
  const sends: Promise<Sent>[] = [];
  for (let index = 0; index < MESSAGES; index += 1) {
    const due = started + index * spacing;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    let person = nextRecipient(people);
    // Only to someone whose streams opened (all of them, unless the app refused some).
    for (let tries = 0; !streamsOf.has(person) && tries < PEOPLE; tries += 1) person = nextRecipient(people);
    const { cookie } = caretakers[people[person]!.caretaker]!;
    const at = performance.now();
    sends.push(
      postMessage(
        sendServer,
        cookie,
        people[person]!.conversationId,
        `Mensagem ${index}: pode vir visitar no sábado?`,
      ).then((answer) => ({ person, at, ...answer, answeredAt: performance.now() })),
    );
  }
  const sent = await Promise.all(sends);
  const feedResults = await feed;
  const cpu = [...servers.map((server) => cpuTicks(server.child.pid!)), cpuTicks(process.pid)].map((ticks, index) =>
    Math.round(((ticks - cpuBefore[index]!) / TICKS_PER_SECOND / ((performance.now() - loadStarted) / 1000)) * 100),
  );
  // What has not arrived by now has GRACE_MS more; anything later is lost.
  const delivered = (message: Sent) =>
    (deliveries.arrivals.get(message.id!)?.length ?? 0) >= (streamsOf.get(message.person) ?? 0);
  const ok = sent.filter((message) => message.status === 201 && message.id);
  const graceEnds = performance.now() + GRACE_MS;
  while (ok.some((message) => !delivered(message)) && performance.now() < graceEnds) await sleep(50);
  clearInterval(sampler);
  loop.disable();

  const times: number[] = [];
  const relays: number[] = [];
  /** Delivery times by the 5 s of the load their message was sent in: whether they drift. */
  const windows: number[][] = [];
  let lost = 0;
  let late = 0;
  for (const message of ok) {
    const arrivals = deliveries.arrivals.get(message.id!) ?? [];
    lost += Math.max(0, (streamsOf.get(message.person) ?? 0) - arrivals.length);
    if (arrivals.length === 0) continue;
    // The last of the recipient's streams to hear of it.
    const time = Math.max(...arrivals.map((arrival) => arrival.at)) - message.at;
    times.push(time);
    relays.push(Math.max(...arrivals.map((arrival) => arrival.at)) - message.answeredAt);
    (windows[Math.floor((message.at - started) / 5_000)] ??= []).push(time);
    if (time > TARGET_P95_MS) late += 1;
  }
  const byWindow = windows
    .map(
      (window, index) =>
        `${index * 5}–${index * 5 + 5} s: ${window.length}, p50 ${Math.round(percentile(window, 50))} / p95 ${Math.round(percentile(window, 95))} ms`,
    )
    .join("; ");
  const failedSends = new Map<number, number>();
  for (const message of sent) {
    if (message.status !== 201 || !message.id)
      failedSends.set(message.status, (failedSends.get(message.status) ?? 0) + 1);
  }
  const sendFailures = [...failedSends].map(([status, times]) => `${times}× HTTP ${status}`).join(", ");

  for (const stream of streams) {
    stream.ended = true;
    stream.request.destroy();
  }
  await sleep(3_000);
  const rssClosed = rss();

  const outcome: Outcome = {
    scenario: name,
    streamsOpen: streams.length,
    openFailures,
    openSeconds: ms / 1000,
    rssBefore,
    rssStreams,
    rssPeak,
    rssClosed,
    sent: ok.length,
    sendFailures,
    relayP50: Math.round(percentile(relays, 50)),
    relayP95: Math.round(percentile(relays, 95)),
    byWindow,
    sendP95: Math.round(
      percentile(
        ok.map((message) => message.answeredAt - message.at),
        95,
      ),
    ),
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    max: Math.round(Math.max(...times)),
    lost,
    late,
    misrouted: deliveries.misrouted,
    resyncs: deliveries.resyncs,
    ended: deliveries.ended,
    feedRps: feedResults.reduce((total, result) => total + Math.round(result.requests.average), 0),
    feedP99: Math.max(...feedResults.map((result) => result.latency.p99)),
    feedErrors: feedResults.reduce((total, result) => total + result.errors + result.timeouts + result.non2xx, 0),
    loopP99: Math.round(loop.percentile(99) / 1e6),
    cpu: cpuText(servers, cpu),
  };
  log(
    `Messages: ${outcome.sent} sent through ${sendServer.name}` +
      (sendFailures ? ` (failed: ${sendFailures})` : "") +
      `, POST answered p95 ${outcome.sendP95} ms, event after the answer p50 ${outcome.relayP50} / p95 ${outcome.relayP95} ms; delivered p50 ${outcome.p50} ms, p95 ${outcome.p95} ms, max ${outcome.max} ms; ` +
      `lost ${lost}, over 1 s ${late}, misrouted ${outcome.misrouted}, resyncs ${outcome.resyncs}, streams ended by the server ${outcome.ended}`,
  );
  log(`Delivery by when the message was sent (s after the first message): ${byWindow}`);
  log(
    `Feed (${FEED_CONNECTIONS} connections over ${servers.map((server) => server.name).join(" and ")}): ` +
      `${outcome.feedRps} req/s, p99 ${outcome.feedP99} ms, errors ${outcome.feedErrors}; ` +
      `RSS peak ${rssPeak.map(mb).join(" / ")} MB, after closing the streams ${rssClosed.map(mb).join(" / ")} MB; ` +
      `CPU during the load (% of a core) ${outcome.cpu}; ` +
      `bench's own event loop p99 delay ${outcome.loopP99} ms`,
  );
  return outcome;
}

function commitOf(): string {
  try {
    return execFileSync("git", ["describe", "--always", "--dirty"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function main() {
  const kind = DATABASE_URL ? "PostgreSQL" : "PGlite";
  log(
    `Adopet live conversations: ${STREAMS} streams (${PER_PERSON} a person), ${MESSAGES} messages a scenario, ` +
      `${FEED_CONNECTIONS} feed connections for ${SECONDS} s, ${kind}`,
  );
  const { people, caretakers } = await prepare();
  const smtp = await startSmtpPeer();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "https://adote.exemplo.org";
  const outcomes: Outcome[] = [];

  const single = await startServer("server A", 3471);
  try {
    outcomes.push(await scenario(`One server (${kind})`, [single], single, single, people, caretakers));
  } finally {
    await stopServer(single);
  }
  if (DATABASE_URL) {
    const a = await startServer("server A", 3471);
    const b = await startServer("server B", 3472);
    try {
      outcomes.push(await scenario("Two servers (PostgreSQL)", [a, b], a, b, people, caretakers));
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
    }
  }
  await smtp.close();
  postAgent.destroy();

  const list = (values: number[]) => values.map(mb).join(" / ");
  const growth = (outcome: Outcome, after: number[]) => after.map((kb, index) => kb - outcome.rssBefore[index]!);
  const table = [
    "| Scenario | streams open | RSS before (MB) | with the streams | growth (MB) | peak under load | after closing | delivery p50 / p95 / max (ms) | lost | feed req/s | feed p99 (ms) | feed errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...outcomes.map(
      (o) =>
        `| ${o.scenario} | ${o.streamsOpen} of ${STREAMS} | ${list(o.rssBefore)} | ${list(o.rssStreams)} | ${list(growth(o, o.rssStreams))} (peak ${list(growth(o, o.rssPeak))}) | ${list(o.rssPeak)} | ${list(o.rssClosed)} | ${o.p50} / ${o.p95} / ${o.max} | ${o.lost} of ${o.sent} | ${o.feedRps} | ${o.feedP99} | ${o.feedErrors} |`,
    ),
  ].join("\n");
  const verdict = (o: Outcome) => {
    const streamGrowth = Math.max(...growth(o, o.rssStreams).map(mb));
    const peakGrowth = Math.max(...growth(o, o.rssPeak).map(mb));
    return (
      `- ${o.scenario}: memory growth with ${o.streamsOpen} streams ${streamGrowth} MB, ${peakGrowth} MB at the peak under load ` +
      `(target < ${TARGET_GROWTH_MB} MB: ${peakGrowth < TARGET_GROWTH_MB ? "met" : "NOT met"}); delivery p95 ${o.p95} ms ` +
      `(target < ${TARGET_P95_MS} ms: ${o.p95 < TARGET_P95_MS ? "met" : "NOT met"}), ${o.late} of ${o.sent} over 1 s; ` +
      `${o.lost} lost, ${o.misrouted} misrouted, ${o.resyncs} resyncs, ${o.ended} streams ended by the server; ` +
      `the POST answered with p95 ${o.sendP95} ms, the event arriving ${o.relayP50} ms (p50) / ${o.relayP95} ms (p95) after that answer (negative: before it); delivery by when the message was sent (s after the first message): ${o.byWindow}` +
      (o.sendFailures ? `, failed sends: ${o.sendFailures}` : "") +
      (o.openFailures ? `; streams refused: ${o.openFailures}` : "") +
      `; the streams opened in ${o.openSeconds.toFixed(1)} s; CPU during the load (% of a core) ${o.cpu}; the bench's own event loop p99 delay ${o.loopP99} ms.`
    );
  };
  const cpu = os.cpus();
  writeSection(
    `## Live conversations (${kind})`,
    `## Live conversations (${kind})

\`npm run bench:live\`${DATABASE_URL ? " with DATABASE_URL" : ""}, ${new Date().toISOString().slice(0, 10)}, commit ${commitOf()}, on this ${cpu.length}-core machine (${cpu[0]?.model.trim() ?? "unknown CPU"}); the bench (streams, senders and autocannon) shares those cores with the server${DATABASE_URL ? "s and PostgreSQL" : ""}. Issue 20's targets: ${STREAMS.toLocaleString("en")} open event streams on one server grow its memory by less than ${TARGET_GROWTH_MB} MB; a message reaches the open thread with p95 < 1 s while ${FEED_CONNECTIONS} connections browse the feed${DATABASE_URL ? "; the same with two servers on PostgreSQL" : ""}.

${PEOPLE.toLocaleString("en")} adopters, each in a conversation with one of ${CARETAKERS} caretakers, hold ${PER_PERSON === 1 ? "one stream each" : `${PER_PERSON} streams each`} (\`GET /api/conversas/eventos\`, opened 50 at a time, each counted once its \`pronto\` arrived). Then, for ${SECONDS} s, autocannon browses the feed (\`/home\`, filters and pages, anonymous) at ${FEED_CONNECTIONS} connections${DATABASE_URL ? " (shared between the servers in the two-server run)" : ""}, and caretakers write ${MESSAGES} messages (\`POST /api/conversas/:id/mensagens\`, one every ${Math.round(SPACING_MS)} ms from ${RAMP_MS / 1000} s into the load until ${TAIL_MS / 1000} s before its end, none waiting for another)${DATABASE_URL ? "; with two servers the streams are open on A and the messages written through B" : ""}. Delivery: from just before the POST to the \`mensagem\` event with the message's id on the recipient's stream. RSS: after a warm-up (5 s of feed while 10 streams open and ${WARM_MESSAGES} messages are written through each server), 3 s after the streams opened, the highest during the load (sampled every 0.5 s), 3 s after the streams closed${DATABASE_URL ? "; with two servers, A / B" : ""}.

${table}

${outcomes.map(verdict).join("\n")}
`,
  );
  const failed = outcomes.some((o) => o.lost > 0 || o.sendFailures || o.openFailures || o.misrouted > 0);
  if (failed) console.error("Deliveries lost, or streams or messages refused: see above.");
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
