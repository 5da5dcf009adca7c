import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPet, createUser, petPortrait } from "../support/factories";
import { organizations, pets, users } from "~/db/schema";
import { verifyOng } from "~/domain/moderation/operators.server";
import { ORGANIZATION_MESSAGES } from "~/validation/organizations";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/**
 * Organisations (issue 43), through the API: a person's own one made when they first publish,
 * one made on purpose, and what each role may do with it and its animals.
 */

let app: TestApp;

function petForm(fields: Record<string, string>, photo: Buffer) {
  const form = new FormData();
  const base = {
    nome: "Paçoca",
    especie: "cao",
    idade: "4",
    idade__unidade: "meses",
    porte: "medio",
    perfil: "Brincalhona e dócil",
    cidade: "Niterói",
    uf: "RJ",
    status: "disponivel",
    sexo: "femea",
  };
  for (const [key, value] of Object.entries({ ...base, ...fields })) form.set(key, value);
  form.append("fotos", new File([new Uint8Array(photo)], "pacoca.png", { type: "image/png" }));
  return form;
}

const NEW_ORGANIZATION = {
  nome: "Patinhas de Niterói",
  cidade: "Niterói",
  uf: "RJ",
  sobre: "Resgate de cães e gatos.",
};

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("a person's own organisation", () => {
  it("is made when they first publish, named after them, with them as its only administrador", async () => {
    const { client, id } = await signedInAccount(app, { email: "ana@exemplo.com", nome: "Ana Protetora" });
    expect((await client.get("/api/organizacoes")).json).toEqual({ organizacoes: [] });

    const published = await client.post("/api/pets", petForm({}, await petPortrait("cao", 1)));
    expect(published.status).toBe(201);
    const organizacao = published.json.organizacao as { id: string; nome: string; verificada: boolean };
    expect(organizacao).toMatchObject({ nome: "Ana Protetora", verificada: false });

    expect((await client.get("/api/organizacoes")).json).toEqual({
      organizacoes: [{ id: organizacao.id, nome: "Ana Protetora", papel: "administrador", verificada: false }],
    });
    const members = await client.get(`/api/organizacoes/${organizacao.id}/membros`);
    expect(members.json.membros).toEqual([
      { id, nome: "Ana Protetora", papel: "administrador", desde: expect.any(String), novo_administrador_ate: null },
    ]);
    // A second animal goes to the same one: it is made once.
    const again = await client.post("/api/pets", petForm({ nome: "Bolinha" }, await petPortrait("cao", 2)));
    expect((again.json.organizacao as { id: string }).id).toBe(organizacao.id);
    const own = await app.db.select().from(organizations).where(eq(organizations.ownAccountOf, id));
    expect(own).toHaveLength(1);
  });

  it("of an ONG carries its public name and CNPJ, and the badge an operator gives the ONG", async () => {
    const ong = await createUser(app.db, { nome: "Joana", email: "joana@exemplo.com" });
    await app.db
      .update(users)
      .set({ tipo: "ong", cnpj: "11444777000161", nomePublico: "Gatinhos de Icaraí" })
      .where(eq(users.id, ong.id));
    await createPet(app.db, { caretakerId: ong.id, nome: "Frajola" });
    const own = () => app.db.select().from(organizations).where(eq(organizations.ownAccountOf, ong.id));
    expect((await own())[0]).toMatchObject({ nome: "Gatinhos de Icaraí", cnpj: "11444777000161", verifiedAt: null });
    const operator = await createUser(app.db, { nome: "Operadora" });
    expect((await verifyOng(app.db, { id: operator.id, nome: operator.nome }, ong.id, "CNPJ conferido")).ok).toBe(true);
    expect((await own())[0]!.verifiedAt).toBeInstanceOf(Date);
  });

  it("is made once, by the first publication, however many follow", async () => {
    const user = await createUser(app.db, { nome: "Corrida" });
    // Two first publications at the same moment are tests/integration/overlaps.test.ts's, on PostgreSQL.
    const made = [];
    for (const index of [1, 2, 3]) {
      made.push(
        await createPet(app.db, {
          caretakerId: user.id,
          nome: `Pet ${index}`,
          photos: [await petPortrait("gato", index)],
        }),
      );
    }
    const owners = await app.db
      .selectDistinct({ organizationId: pets.organizationId })
      .from(pets)
      .where(eq(pets.caretakerId, user.id));
    expect(made).toHaveLength(3);
    expect(owners).toHaveLength(1);
  });
});

describe("an organisation made on purpose", () => {
  let admin: Client;
  let adminId: string;
  let organizationId: string;
  let team: Client;
  let foster: Client;
  let stranger: Client;

  beforeAll(async () => {
    ({ client: admin, id: adminId } = await signedInAccount(app, {
      email: "presidente@exemplo.com",
      nome: "Bia Presidente",
    }));
    const created = await admin.post("/api/organizacoes", { ...NEW_ORGANIZATION, cnpj: "11.222.333/0001-81" });
    expect(created.status).toBe(201);
    organizationId = created.json.id as string;
    expect(created.headers.get("location")).toBe(`/adopet/api/organizacoes/${organizationId}`);
    const teamAccount = await signedInAccount(app, { email: "equipe@exemplo.com", nome: "Caio Equipe" });
    const fosterAccount = await signedInAccount(app, { email: "lar@exemplo.com", nome: "Duda Lar" });
    ({ client: stranger } = await signedInAccount(app, { email: "estranha@exemplo.com", nome: "Eva Estranha" }));
    team = teamAccount.client;
    foster = fosterAccount.client;
    await addMember(app.db, organizationId, teamAccount.id, "equipe");
    await addMember(app.db, organizationId, fosterAccount.id, "lar_temporario");
  });

  it("is shown to its members with their role, and to nobody else", async () => {
    const seen = await admin.get(`/api/organizacoes/${organizationId}`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      id: organizationId,
      nome: "Patinhas de Niterói",
      cnpj: "11222333000181",
      cidade: "Niterói",
      uf: "RJ",
      sobre: "Resgate de cães e gatos.",
      verificada: false,
      logo: null,
      papel: "administrador",
    });
    expect((await team.get(`/api/organizacoes/${organizationId}`)).json.papel).toBe("equipe");
    expect((await foster.get(`/api/organizacoes/${organizationId}`)).json.papel).toBe("lar_temporario");
    for (const url of [`/api/organizacoes/${organizationId}`, `/api/organizacoes/${organizationId}/membros`]) {
      const refused = await stranger.get(url);
      expect(refused.status, url).toBe(404);
      expect(refused.json.message).toBe("Organização não encontrada.");
    }
    expect((await new Client(app.baseUrl).get(`/api/organizacoes/${organizationId}`)).status).toBe(401);
    expect((await admin.get("/api/organizacoes/nao-e-um-id")).status).toBe(404);
  });

  it("lists its members, administrators first", async () => {
    const members = await foster.get(`/api/organizacoes/${organizationId}/membros`);
    expect((members.json.membros as { nome: string; papel: string }[]).map(({ nome, papel }) => [nome, papel])).toEqual(
      [
        ["Bia Presidente", "administrador"],
        ["Caio Equipe", "equipe"],
        ["Duda Lar", "lar_temporario"],
      ],
    );
  });

  it("is changed by its administrators only, and a new name takes the badge off", async () => {
    await app.db.update(organizations).set({ verifiedAt: new Date() }).where(eq(organizations.id, organizationId));
    expect((await team.patch(`/api/organizacoes/${organizationId}`, { sobre: "Outro" })).status).toBe(403);
    expect((await foster.patch(`/api/organizacoes/${organizationId}`, { sobre: "Outro" })).status).toBe(403);
    expect((await stranger.patch(`/api/organizacoes/${organizationId}`, { sobre: "Outro" })).status).toBe(404);

    expect(
      (await admin.patch(`/api/organizacoes/${organizationId}`, { sobre: "Cães e gatos de Niterói." })).status,
    ).toBe(204);
    let seen = await admin.get(`/api/organizacoes/${organizationId}`);
    expect(seen.json).toMatchObject({ sobre: "Cães e gatos de Niterói.", verificada: true, cnpj: "11222333000181" });

    expect((await admin.patch(`/api/organizacoes/${organizationId}`, { nome: "Patinhas RJ" })).status).toBe(204);
    seen = await admin.get(`/api/organizacoes/${organizationId}`);
    expect(seen.json).toMatchObject({ nome: "Patinhas RJ", verificada: false });
  });

  it("refuses bad input with Portuguese messages, writing nothing", async () => {
    const url = `/api/organizacoes/${organizationId}`;
    const cases: [unknown, number][] = [
      [{ nome: "x".repeat(81) }, 400],
      [{ nome: "ONG ✔ Verificada" }, 400],
      [{ cnpj: "11.222.333/0001-00" }, 400],
      [{ uf: "XX" }, 400],
      [{ sobre: "a".repeat(1001) }, 400],
      [{ sobre: "<script>alert(1)</script>\u0007" }, 400],
      [{ desconhecido: 1 }, 400],
      [{ nome: 42 }, 400],
      [[], 400],
    ];
    for (const [body, status] of cases) {
      const answer = await admin.patch(url, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(typeof answer.json.message).toBe("string");
    }
    const malformed = await admin.request("PATCH", url, "{nome:", { "Content-Type": "application/json" });
    expect(malformed.status).toBe(400);
    const created = await admin.post("/api/organizacoes", { nome: "", cidade: "Niterói", uf: "RJ" });
    expect(created.status).toBe(400);
    expect((created.json.errors as Record<string, string[]>).nome![0]).toBe(ORGANIZATION_MESSAGES.nomeRequired);
    const unknownCity = await admin.post("/api/organizacoes", {
      nome: "Grupo Sem Cidade",
      cidade: "Xyzópolis",
      uf: "RJ",
    });
    expect(unknownCity.status).toBe(400);
    const [row] = await app.db.select().from(organizations).where(eq(organizations.id, organizationId));
    expect(row!.nome).toBe("Patinhas RJ");
  });

  it("takes a logo from its administradores, checked by its content, public, and taken off again", async () => {
    const png = await petPortrait("gato", 7);
    const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
    const url = `/api/organizacoes/${organizationId}`;
    const nome = (await admin.get(url)).json.nome as string;
    // Another role, a stranger, a picture that lies about its type: nothing changes.
    expect((await team.patch(url, { logo__upload: dataUrl })).status).toBe(403);
    expect((await stranger.patch(url, { logo__upload: dataUrl })).status).toBe(404);
    const lying = await admin.patch(url, {
      nome: "Nome Que Não Fica",
      logo__upload: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
    });
    expect(lying.status).toBe(400);
    expect(lying.json.errors).toEqual({ logo__upload: ["A imagem deve ser do tipo .jpeg, .jpg ou .png."] });
    const notAnUrl = await admin.patch(url, { logo__upload: "https://exemplo.com/logo.png" });
    expect(notAnUrl.status).toBe(400);
    expect((await admin.get(url)).json).toMatchObject({ nome, logo: null });

    expect((await admin.patch(url, { logo__upload: dataUrl })).status).toBe(204);
    const logo = (await team.get(url)).json.logo as string;
    expect(logo).toMatch(/^\/adopet\/imagens\/[0-9a-f-]{36}\/320\.webp$/);
    const image = await new Client(app.baseUrl).get(logo.replace("/adopet", ""));
    expect([image.status, image.headers.get("Content-Type")]).toEqual([200, "image/webp"]);

    // From the page: another image replaces it (the old one is deleted), and `Tirar o logo` takes it off.
    const form = new FormData();
    form.append("logo", new File([new Uint8Array(await petPortrait("cao", 3))], "logo.png", { type: "image/png" }));
    const page = `/organizacoes/${organizationId}/configuracoes`;
    expect((await team.post(`${page}?acao=logo`, form)).status).toBe(403);
    expect((await admin.post(`${page}?acao=logo`, form)).status).toBe(302);
    const replaced = (await admin.get(url)).json.logo as string;
    expect(replaced).not.toBe(logo);
    expect((await new Client(app.baseUrl).get(logo.replace("/adopet", ""))).status).toBe(404);
    expect((await admin.get(page)).text).toContain(`alt="Logo de ${nome}"`);
    const empty = await admin.post(`${page}?acao=logo`, new FormData());
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(ORGANIZATION_MESSAGES.logoRequired);
    expect((await admin.post(`${page}?acao=tirar_logo`, new FormData())).status).toBe(302);
    expect((await admin.get(url)).json.logo).toBeNull();
    const log = (await admin.get(`${url}/atividade`)).json.atividade as { texto: string }[];
    expect(log[0]!.texto).toBe("Bia Presidente alterou os dados da organização (logo)");
  });

  it("refuses a CNPJ a verified organisation holds (409)", async () => {
    await app.db.update(organizations).set({ verifiedAt: new Date() }).where(eq(organizations.id, organizationId));
    const other = await stranger.post("/api/organizacoes", {
      ...NEW_ORGANIZATION,
      nome: "Outra",
      cnpj: "11222333000181",
    });
    expect(other.status).toBe(409);
    expect(other.json.errors).toHaveProperty("cnpj");
  });

  it("takes animals published for it by its team, and a person in several names which one", async () => {
    // The administrator has their own (from no animal yet: none) and this one: one, so it is used.
    const first = await admin.post("/api/pets", petForm({ nome: "Tobias" }, await petPortrait("cao", 3)));
    expect(first.status).toBe(201);
    expect((first.json.organizacao as { id: string }).id).toBe(organizationId);

    // A second organisation: now the person must say for which one.
    const second = await admin.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome: "Segundo Grupo" });
    const secondId = second.json.id as string;
    const unnamed = await admin.post("/api/pets", petForm({ nome: "Sem Dono" }, await petPortrait("cao", 4)));
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.errors).toEqual({ organizacao_id: [ORGANIZATION_MESSAGES.organizacaoRequired] });
    const named = await admin.post(
      "/api/pets",
      petForm({ nome: "Com Dono", organizacao_id: secondId }, await petPortrait("cao", 5)),
    );
    expect(named.status).toBe(201);
    expect((named.json.organizacao as { id: string }).id).toBe(secondId);

    // Someone else's organisation is not found; a foster home publishes none for it.
    const foreign = await stranger.post(
      "/api/pets",
      petForm({ nome: "Intrusa", organizacao_id: organizationId }, await petPortrait("gato", 6)),
    );
    expect(foreign.status).toBe(404);
    const fostered = await foster.post(
      "/api/pets",
      petForm({ nome: "Lar", organizacao_id: organizationId }, await petPortrait("gato", 7)),
    );
    expect(fostered.status).toBe(403);
    expect(await app.db.select().from(pets).where(eq(pets.nome, "Intrusa"))).toHaveLength(0);
    expect(adminId).toBeTruthy();
  });

  it("is named on the page of a team member who publishes for it", async () => {
    const teamId = (await team.get("/api/session")).json.id as string;
    const published = await team.post(
      "/api/pets",
      petForm({ nome: "Da Equipe", organizacao_id: organizationId }, await petPortrait("gato", 8)),
    );
    expect(published.status).toBe(201);
    const page = await new Client(app.baseUrl).get(`/responsaveis/${teamId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Organização");
    expect(page.text).toContain("Patinhas RJ");
  });

  it("lets its administradores and equipe change its animals, not a foster home or a stranger", async () => {
    const petId = await createPet(app.db, { caretakerId: adminId, organizationId, nome: "Nina" });
    expect((await team.patch(`/api/pets/${petId}`, { perfil: "Mudou com a equipe" })).status).toBe(200);
    expect((await foster.patch(`/api/pets/${petId}`, { perfil: "Mudou com o lar" })).status).toBe(403);
    expect((await stranger.patch(`/api/pets/${petId}`, { perfil: "Mudou com a estranha" })).status).toBe(403);
    const [row] = await app.db.select({ perfil: pets.perfil }).from(pets).where(eq(pets.id, petId));
    expect(row!.perfil).toBe("Mudou com a equipe");
    // The log says who changed it; a foster home does not read the log.
    const log = await admin.get(`/api/organizacoes/${organizationId}/atividade`);
    expect((log.json.atividade as { texto: string }[])[0]!.texto).toBe("Caio Equipe alterou Nina");
    expect((await team.get(`/api/organizacoes/${organizationId}/atividade`)).status).toBe(403);
    expect((await team.delete(`/api/pets/${petId}`)).status).toBe(204);
    const after = await admin.get(`/api/organizacoes/${organizationId}/atividade`);
    expect((after.json.atividade as { texto: string }[])[0]!.texto).toBe("Caio Equipe removeu o anúncio de Nina");
    const petAgain = await createPet(app.db, { caretakerId: adminId, organizationId, nome: "Nina" });
    // The pages too: `Meus animais` lists it for the team, and its edit page opens only for them.
    expect((await team.page("/meus-pets")).text).toContain("Nina");
    expect((await foster.page("/meus-pets")).text).not.toContain("Nina");
    expect((await team.get(`/meus-pets/${petAgain}`)).status).toBe(200);
    expect((await foster.get(`/meus-pets/${petAgain}`)).status).toBe(404);
    expect((await stranger.get(`/meus-pets/${petAgain}`)).status).toBe(404);
  });
});

describe("a verified organisation's name (issue 60)", () => {
  const REAL = "ONG Amigos de Quatro Patas";
  let impostor: Client;
  let impostorOrg: string;

  beforeAll(async () => {
    const founder = await signedInAccount(app, { email: "real.patas@exemplo.com", nome: "Rui Fundador" });
    const real = await founder.client.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome: REAL });
    expect(real.status).toBe(201);
    await app.db
      .update(organizations)
      .set({ verifiedAt: new Date() })
      .where(eq(organizations.id, real.json.id as string));
    ({ client: impostor } = await signedInAccount(app, { email: "impostor@exemplo.com", nome: "Ivo Impostor" }));
    const own = await impostor.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome: "Amigos do Bairro" });
    expect(own.status).toBe(201);
    impostorOrg = own.json.id as string;
  });

  it("is taken by nobody else, however it is written: case, spaces, a dot, digits for letters, look-alike letters", async () => {
    for (const nome of [
      REAL,
      "ong amigos de quatro patas",
      "ONG  Amigos de Quatro Patas.",
      "ONG Amig0s de Quatro Patas",
      "ONG Amigoѕ de Quatro Patas", // a Cyrillic "ѕ"
      "ＯＮＧ Amigos de Quatro Patas",
      "O.N.G. Amigos-de-Quatro-Patas",
    ]) {
      const made = await impostor.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome });
      expect(made.status, nome).toBe(400);
      expect(made.json.errors, nome).toEqual({
        nome: ["Este é o nome de uma ONG verificada da Adopet. Escolha outro nome."],
      });
      // Nor by renaming one's own.
      const renamed = await impostor.patch(`/api/organizacoes/${impostorOrg}`, { nome });
      expect(renamed.status, nome).toBe(400);
    }
    const [kept] = await app.db.select().from(organizations).where(eq(organizations.id, impostorOrg));
    expect(kept!.nome).toBe("Amigos do Bairro");
    // A name of its own still goes through.
    expect(
      (await impostor.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome: "Amigos de Cinco Patas" })).status,
    ).toBe(201);
  });

  it("holds no web address or domain, on the organisation and on a person's name", async () => {
    const message = "O nome não pode ter endereço de site nem domínio (como www.exemplo.org).";
    for (const nome of ["Suporte Adopet - www.evil.example", "Patas https://doe.exemplo", "Ajuda patas.com.br"]) {
      const made = await impostor.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome });
      expect(made.status, nome).toBe(400);
      expect(made.json.errors, nome).toEqual({ nome: [message] });
      const person = await impostor.post("/api/users", { email: "x.dominio@exemplo.com", nome, senha: "Adote@123" });
      expect(person.status, nome).toBe(400);
      expect((person.json.errors as Record<string, string[]>).nome, nome).toContain(message);
    }
    expect((await impostor.post("/api/organizacoes", { ...NEW_ORGANIZATION, nome: "S.O.S. Animais" })).status).toBe(
      201,
    );
  });
});
