import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support";
import { newCaretaker, publishPet } from "./pets-support";

/**
 * Every page's HTML as the server sends it, signed out and signed in, with content and in
 * its error states, through the Nu Html Checker (vnu, the W3C's checker; it needs Java):
 * any error fails, with the checker's message. All pages go to one run of the checker,
 * since starting Java costs more than checking a page. HTML_PAGES_DIR=dir keeps the pages
 * there, to read or to check by hand (`java -jar node_modules/vnu-jar/build/dist/vnu.jar dir`).
 */

const VNU_JAR = fileURLToPath(import.meta.resolve("vnu-jar/build/dist/vnu.jar"));
const JAVA = process.env.JAVA_PATH || "java";
/**
 * A short run: the quick compiler only and the simplest collector halve the CPU time (3 s
 * instead of 6.5 s for 50 pages here). Code from the quick compiler uses more stack, and
 * the checker's schema overflows the default; 8 MB leaves room (2 MB was enough).
 */
const JVM_FLAGS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss8m"];

type Capture = {
  name: string;
  path: string;
  status: number;
  form?: Record<string, string>;
  multipart?: Record<string, string>;
};

/** Saves the page's HTML as `<name>.html` in dir, after checking it answered as expected. */
async function capture(request: APIRequestContext, dir: string, page: Capture) {
  const { name, path: url, status, form, multipart } = page;
  const response =
    form || multipart ? await request.post(url, { form, multipart, maxRedirects: 0 }) : await request.get(url);
  expect(response.status(), `${name}: ${url}`).toBe(status);
  expect(response.headers()["content-type"], `${name}: ${url}`).toMatch(/^text\/html/);
  fs.writeFileSync(path.join(dir, `${name}.html`), await response.body());
}

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

/** A page with two errors, checked with the others: proof that the checker ran and its errors are read. */
const CANARY = `<!DOCTYPE html><html lang="pt-BR"><head><title>Canário</title></head>
<body><script type="adopet-module" async></script></body></html>`;

/** The checker's errors on the files, one line each: file:line: message («extract»). */
async function htmlErrors(files: string[]): Promise<string[]> {
  let output: string;
  try {
    ({ stdout: output } = await promisify(execFile)(
      JAVA,
      [...JVM_FLAGS, "-jar", VNU_JAR, "--format", "json", "--errors-only", "--stdout", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      const hint = "O verificador de HTML (vnu) precisa de Java: apt-get install default-jre-headless.";
      throw new Error(hint, { cause: error });
    }
    throw error;
  }
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  return (
    messages
      // With --errors-only, what is left is an error in a page or a file the checker could not read.
      .filter((message) => message.type !== "info")
      .map((message) => {
        const file = path.basename(decodeURIComponent(new URL(message.url).pathname));
        const extract = message.extract ? ` («${message.extract.trim().slice(0, 160)}»)` : "";
        return `${file}:${message.lastLine ?? "?"}: ${message.message}${extract}`;
      })
  );
}

test("every page is valid HTML, signed out and signed in, also in its error states", async ({
  request,
  playwright,
  baseURL,
}) => {
  const keep = process.env.HTML_PAGES_DIR;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), "adopet-html-"));
  try {
    // Content for the pages: a caretaker with a pet available, another adopted and a removed
    // one, two with the same name (contato offers a choice), a message each way.
    const caretaker = await playwright.request.newContext({ baseURL });
    await newCaretaker(caretaker, "Rita Protetora");
    const name = `Paçoca ${Date.now().toString(36)}`;
    const available = await publishPet(caretaker, { nome: name });
    await publishPet(caretaker, { nome: name });
    const adopted = await publishPet(caretaker, { nome: "Quindim", status: "adotado" });
    const removed = await publishPet(caretaker, { nome: "Cocada" });
    expect((await caretaker.delete(`/adopet/api/pets/${removed.id}`)).status()).toBe(204);
    // Another new caretaker's pet, for the message our caretaker sends: the demo's inbox stays as
    // seeded for the specs that read it (issue 41).
    const neighbour = await playwright.request.newContext({ baseURL });
    await newCaretaker(neighbour, "Vizinha Protetora");
    const theirs = await publishPet(neighbour, { nome: `Pamonha ${Date.now().toString(36)}` });
    await neighbour.dispose();
    // A demo pet, cared for by someone else (the newest pets in the feed may be ours): its pages are only read.
    const feed = (await (await request.get("/adopet/api/pets?cidade=Rio%20de%20Janeiro&limit=50")).json()) as {
      pets: { id: string; nome: string }[];
    };
    const demoPet = feed.pets.find((pet) => pet.nome === "Dunga")!;
    const message = (from: APIRequestContext, pet: { id: string }, nome__animal: string) =>
      from.post("/adopet/api/messages", {
        data: {
          petId: pet.id,
          nome: "Carla Souza",
          telefone: "21 98888-7777",
          nome__animal,
          contato__texto: "Olá! Gostaria de saber mais sobre o animal.",
        },
      });
    expect((await message(request, available, name)).status()).toBe(201);
    expect((await message(caretaker, theirs, theirs.nome)).status()).toBe(201);

    // The caretaker's own organisation, made when they published (issue 43).
    const { organizacoes } = (await (await caretaker.get("/adopet/api/organizacoes")).json()) as {
      organizacoes: { id: string }[];
    };
    const organizationPath = `/adopet/organizacoes/${organizacoes[0]!.id}/configuracoes`;

    // The demo's happy ending (Bolota's).
    const stories = await (await request.get("/adopet/finais-felizes")).text();
    const storyId = /\/adopet\/finais-felizes\/([0-9a-f-]{36})/.exec(stories)![1]!;

    // The demo's lost cat: its report, written about (signed in) or read.
    const lost = (await (await request.get("/adopet/api/perdidos-e-achados?tipo=perdido")).json()) as {
      anuncios: { id: string; nome: string | null }[];
    };
    const mingau = lost.anuncios.find((report) => report.nome === "Mingau")!;
    const found = (await (await request.get("/adopet/api/perdidos-e-achados?tipo=encontrado")).json()) as {
      anuncios: { emergencia_id: string | null }[];
    };
    const emergencyId = found.anuncios.find((report) => report.emergencia_id)!.emergencia_id!;

    const everyone: Capture[] = [
      { name: "welcome", path: "/adopet/", status: 200 },
      { name: "finais-felizes", path: "/adopet/finais-felizes", status: 200 },
      { name: "final-feliz", path: `/adopet/finais-felizes/${storyId}`, status: 200 },
      {
        name: "final-feliz-desconhecido",
        path: "/adopet/finais-felizes/00000000-0000-4000-8000-000000000000",
        status: 404,
      },
      { name: "acompanhamento-invalido", path: "/adopet/acompanhamento?token=x", status: 404 },
      { name: "home", path: "/adopet/home", status: 200 },
      { name: "lar-temporario-precisam", path: "/adopet/lar-temporario/precisam", status: 200 },
      { name: "perdidos-e-achados", path: "/adopet/perdidos-e-achados?tipo=perdido&perto=3304557", status: 200 },
      { name: "perdido-anuncio", path: `/adopet/perdidos-e-achados/${mingau.id}`, status: 200 },
      {
        name: "perdidos-e-achados-emergencia",
        path: `/adopet/perdidos-e-achados?emergencia=${emergencyId}`,
        status: 200,
      },
      {
        name: "perdidos-e-achados-emergencia-busca-erros",
        path: `/adopet/perdidos-e-achados?emergencia=${emergencyId}`,
        status: 400,
        multipart: { especie: "dragao" },
      },
      { name: "home-filtros", path: "/adopet/home?uf=RJ&especie=cao&porte=medio&idade=jovem", status: 200 },
      { name: "home-vazia", path: "/adopet/home?cidade=Nenhuma%20Cidade&page=3", status: 200 },
      {
        name: "home-busca",
        path: "/adopet/home?q=calmo&perto=3304557&raio=25&sexo=macho&castrado=sim&convive_com=criancas",
        status: 200,
      },
      { name: "home-perto-desconhecida", path: "/adopet/home?perto=Atl%C3%A2ntida", status: 200 },
      { name: "responsavel", path: `/adopet/responsaveis/${available.responsavel.id}`, status: 200 },
      { name: "widget", path: `/adopet/widget/${available.responsavel.id}`, status: 200 },
      {
        name: "responsavel-desconhecido",
        path: "/adopet/responsaveis/00000000-0000-4000-8000-000000000000",
        status: 404,
      },
      { name: "pet", path: `/adopet/pets/${demoPet.id}`, status: 200 },
      { name: "denunciar", path: `/adopet/denunciar?tipo=pet&id=${demoPet.id}`, status: 200 },
      {
        name: "denunciar-erros",
        path: `/adopet/denunciar?tipo=pet&id=${demoPet.id}`,
        status: 400,
        form: { tipo: "pet", id: demoPet.id, categoria: "outro", texto: "" },
      },
      { name: "pet-proprio", path: `/adopet/pets/${available.id}`, status: 200 },
      { name: "pet-adotado", path: `/adopet/pets/${adopted.id}`, status: 410 },
      { name: "pet-removido", path: `/adopet/pets/${removed.id}`, status: 410 },
      { name: "contato", path: "/adopet/contato", status: 200 },
      { name: "contato-pet", path: `/adopet/contato?pet=${demoPet.id}`, status: 200 },
      { name: "contato-pet-indisponivel", path: `/adopet/contato?pet=${adopted.id}`, status: 200 },
      { name: "nao-encontrada", path: "/adopet/pagina-que-nao-existe", status: 404 },
      { name: "contato-erros", path: "/adopet/contato", status: 400, form: { nome: "", contato__texto: "" } },
      {
        name: "contato-escolha",
        path: "/adopet/contato",
        status: 409,
        form: {
          nome: "Carla Souza",
          telefone: "21 98888-7777",
          nome__animal: name,
          contato__texto: "Olá! Gostaria de saber mais sobre o animal.",
        },
      },
    ];
    const signedOut: Capture[] = [
      { name: "cadastro", path: "/adopet/cadastro", status: 200 },
      { name: "login", path: "/adopet/login", status: 200 },
      { name: "login-voltar", path: "/adopet/login?voltar=%2Fperfil", status: 200 },
      { name: "senha-esqueci", path: "/adopet/senha/esqueci", status: 200 },
      { name: "privacidade", path: "/adopet/privacidade", status: 200 },
      { name: "termos-de-uso", path: "/adopet/termos-de-uso", status: 200 },
      { name: "senha-esqueci-erros", path: "/adopet/senha/esqueci", status: 400, form: { email: "nao" } },
      { name: "senha-nova", path: `/adopet/senha/nova?token=${"A".repeat(43)}`, status: 200 },
      { name: "senha-nova-curta", path: "/adopet/senha/nova?token=x", status: 200 },
      {
        name: "senha-nova-recusada",
        path: `/adopet/senha/nova?token=${"A".repeat(43)}`,
        status: 400,
        form: { token: "A".repeat(43), senha: "Nova@2026", senha__confirma: "Nova@2026" },
      },
      {
        name: "cadastro-erros",
        path: "/adopet/cadastro",
        status: 400,
        form: { email: "nao-e-email", nome: "", senha: "curta", senha__confirma: "outra" },
      },
      { name: "login-erros", path: "/adopet/login", status: 400, form: { email: "", senha: "" } },
      {
        name: "login-recusado",
        path: "/adopet/login",
        status: 400,
        form: { email: "ninguem@exemplo.com", senha: "Errada@123" },
      },
    ];
    const signedIn: Capture[] = [
      { name: "mensagens", path: "/adopet/mensagens", status: 200 },
      { name: "perfil", path: "/adopet/perfil", status: 200 },
      { name: "perfil-senha", path: "/adopet/perfil/senha", status: 200 },
      { name: "perfil-excluir", path: "/adopet/perfil/excluir", status: 200 },
      { name: "meus-pets", path: "/adopet/meus-pets", status: 200 },
      { name: "meus-pets-novo", path: "/adopet/meus-pets/novo", status: 200 },
      { name: "favoritos", path: "/adopet/favoritos", status: 200 },
      { name: "candidaturas", path: "/adopet/candidaturas", status: 200 },
      { name: "candidaturas-recebidas", path: "/adopet/candidaturas/recebidas", status: 200 },
      { name: "questionario", path: "/adopet/meus-pets/questionario", status: 200 },
      { name: "adotar", path: `/adopet/pets/${demoPet.id}/adotar`, status: 200 },
      { name: "adotar-erros", path: `/adopet/pets/${demoPet.id}/adotar`, status: 400, form: { nome: "" } },
      {
        name: "questionario-erros",
        path: "/adopet/meus-pets/questionario",
        status: 400,
        form: { "perguntas[0].enunciado": "", "perguntas[0].tipo": "escolha_unica", intent: "salvar" },
      },
      { name: "meus-pets-editar", path: `/adopet/meus-pets/${available.id}`, status: 200 },
      { name: "meus-pets-outro", path: `/adopet/meus-pets/${demoPet.id}`, status: 404 },
      { name: "perfil-erros", path: "/adopet/perfil", status: 400, multipart: { nome: "", telefone: "123" } },
      {
        name: "perfil-senha-erros",
        path: "/adopet/perfil/senha",
        status: 400,
        form: { senha__atual: "", senha: "curta", senha__confirma: "outra" },
      },
      {
        name: "perfil-senha-recusada",
        path: "/adopet/perfil/senha",
        status: 400,
        form: { senha__atual: "Errada@123", senha: "Nova@1234", senha__confirma: "Nova@1234" },
      },
      { name: "perfil-excluir-erros", path: "/adopet/perfil/excluir", status: 400, form: { senha__atual: "" } },
      { name: "meus-pets-novo-erros", path: "/adopet/meus-pets/novo", status: 400, multipart: { nome: "" } },
      { name: "organizacoes-nova", path: "/adopet/organizacoes/nova", status: 200 },
      { name: "lar-temporario", path: "/adopet/lar-temporario", status: 200 },
      {
        name: "lar-temporario-erros",
        path: "/adopet/lar-temporario?acao=salvar",
        status: 400,
        form: { cidade: "", uf: "", quantos: "0" },
      },
      {
        name: "organizacoes-nova-erros",
        path: "/adopet/organizacoes/nova",
        status: 400,
        form: { nome: "", cnpj: "123", cidade: "", uf: "" },
      },
      { name: "organizacao", path: organizationPath, status: 200 },
      { name: "organizacao-contas", path: organizationPath.replace("/configuracoes", "/contas"), status: 200 },
      {
        name: "organizacao-contas-despesa",
        path: `${organizationPath.replace("/configuracoes", "/contas")}?acao=despesa&registrar=despesa`,
        status: 400,
        multipart: { categoria: "", valor: "", data: "" },
      },
      { name: "perdidos-e-achados-novo", path: "/adopet/perdidos-e-achados/novo", status: 200 },
      {
        name: "emergencia-animais",
        path: `/adopet/perdidos-e-achados/emergencias/${emergencyId}/animais`,
        status: 200,
      },
      {
        name: "emergencia-animais-erros",
        path: `/adopet/perdidos-e-achados/emergencias/${emergencyId}/animais`,
        status: 400,
        multipart: { organizacao_id: "" },
      },
      { name: "perdido-anuncio-escrever", path: `/adopet/perdidos-e-achados/${mingau.id}`, status: 200 },
      {
        name: "perdido-anuncio-escrever-erros",
        path: `/adopet/perdidos-e-achados/${mingau.id}?acao=escrever`,
        status: 400,
        form: { texto: "" },
      },
      {
        name: "perdidos-e-achados-novo-erros",
        path: "/adopet/perdidos-e-achados/novo",
        status: 400,
        multipart: { tipo: "", cidade: "" },
      },
      { name: "organizacao-lares", path: organizationPath.replace("/configuracoes", "/lares"), status: 200 },
      {
        name: "organizacao-lares-erros",
        path: `${organizationPath.replace("/configuracoes", "/lares")}?acao=levar`,
        status: 400,
        form: { animal: "", lar_id: "", inicio: "" },
      },
      { name: "meus-lares", path: "/adopet/meus-lares", status: 200 },
      { name: "organizacao-erros", path: organizationPath, status: 400, form: { nome: "", cidade: "", uf: "" } },
      { name: "organizacao-invalida", path: "/adopet/organizacoes/nao-e-um-id/configuracoes", status: 404 },
      {
        name: "meus-pets-editar-erros",
        path: `/adopet/meus-pets/${available.id}`,
        status: 400,
        multipart: { nome: "", idade: "-1" },
      },
    ];

    await Promise.all([
      ...[...everyone, ...signedOut].map((page) => capture(request, dir, { ...page, name: `sem-login-${page.name}` })),
      ...[...everyone, ...signedIn].map((page) => capture(caretaker, dir, { ...page, name: `com-login-${page.name}` })),
    ]);
    // The account still signs in: the refused password change and deletion left it alone.
    expect((await caretaker.get("/adopet/api/session")).status()).toBe(200);
    await caretaker.dispose();

    const files = fs
      .readdirSync(dir)
      .filter((file) => file !== "canario.html")
      .map((file) => path.join(dir, file));
    expect(files.length).toBeGreaterThan(40);
    const canary = path.join(dir, "canario.html");
    fs.writeFileSync(canary, CANARY);
    const errors = await htmlErrors([canary, ...files]);
    expect(errors.filter((error) => error.startsWith("canario.html:")).length).toBe(2);
    expect(errors.filter((error) => !error.startsWith("canario.html:"))).toEqual([]);
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
});
