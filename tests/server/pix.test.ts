import jsQR from "jsqr";
import sharp from "sharp";
import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations, pets, users } from "~/db/schema";
import { addMember, createPet, createUser } from "../support/factories";
import { ownOrganization } from "~/domain/organizations/membership.server";
import { crc16 } from "~/lib/pix";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import { decodeEmv } from "../support/emv";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * Gifts by Pix (issue 46): an organisation's key, set by its administradores only (every change
 * e-mailed to all of them over real SMTP), and the public static BR Codes made from it, read back
 * field by field, CRC included, and from the QR code's picture.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
const ORGANIZATION = "Abrigo Esperança";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let app: TestApp;
let smtp: SmtpPeer;
let bia: Client;
let organizationId: string;
let otherOrganizationId: string;
let petId: string;
let team: Client;
let foster: Client;
let stranger: Client;
let anonymous: Client;

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.some((address) => address.toLowerCase() === to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

/** The QR code's picture, read by a QR reader as a phone's camera would. */
async function readQr(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  let biaId: string;
  ({ client: bia, id: biaId } = await signedInAccount(app, { email: "bia@exemplo.com", nome: "Bia Presidente" }));
  organizationId = (await bia.post("/api/organizacoes", { nome: ORGANIZATION, cidade: "Niterói", uf: "RJ" })).json
    .id as string;
  const other = await signedInAccount(app, { email: "outra-ong@exemplo.com", nome: "Outra Presidente" });
  otherOrganizationId = (
    await other.client.post("/api/organizacoes", { nome: "Outra ONG", cidade: "Niterói", uf: "RJ" })
  ).json.id as string;
  const second = await createUser(app.db, { email: "davi@exemplo.com", nome: "Davi Tesoureiro" });
  await addMember(app.db, organizationId, second.id, "administrador");
  let teamId: string;
  let fosterId: string;
  ({ client: team, id: teamId } = await signedInAccount(app, { email: "caio@exemplo.com", nome: "Caio Equipe" }));
  ({ client: foster, id: fosterId } = await signedInAccount(app, { email: "lia@exemplo.com", nome: "Lia Lar" }));
  await addMember(app.db, organizationId, teamId, "equipe");
  await addMember(app.db, organizationId, fosterId, "lar_temporario");
  ({ client: stranger } = await signedInAccount(app, { email: "ze@exemplo.com", nome: "Zé de Fora" }));
  anonymous = new Client(app.baseUrl);
  petId = await createPet(app.db, { caretakerId: biaId, nome: "Paçoca", organizationId });
});
afterAll(() => app?.close());

describe("an organisation's Pix key", () => {
  const url = () => `/api/organizacoes/${organizationId}/pix`;
  const key = { chave: "11.222.333/0001-81", nome_recebedor: "Abrigo Esperança", cidade_recebedor: "Niterói" };

  it("is set by its administradores only", async () => {
    expect((await anonymous.put(url(), key)).status).toBe(401);
    expect((await stranger.put(url(), key)).status).toBe(404);
    for (const member of [team, foster]) {
      const refused = await member.put(url(), key);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe("Só quem administra a organização pode fazer isso.");
    }
    expect((await bia.get(`/api/organizacoes/${organizationId}/pix/chave`)).status).toBe(404);
    expect((await anonymous.get(`${url()}?valor=10`)).json.message).toBe(
      "Esta organização ainda não recebe doações por Pix na Adopet.",
    );
  });

  it("refuses a key that is no key, and fields a code cannot carry, with a message for each", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...key, chave: "123.456.789-00" }, "chave", "Chave Pix inválida"],
      [{ ...key, chave: "21 9999" }, "chave", "Chave Pix inválida"],
      [{ ...key, chave: "ong@" }, "chave", "Chave Pix inválida"],
      [{ ...key, chave: 11222333000181 }, "chave", ""],
      [{ ...key, chave: "" }, "chave", "Informe a chave Pix."],
      [{ ...key, nome_recebedor: "Associação Protetora dos Animais" }, "nome_recebedor", "de 2 a 25 caracteres"],
      [{ ...key, nome_recebedor: "!!" }, "nome_recebedor", "de 2 a 25 caracteres"],
      [{ ...key, cidade_recebedor: "São João de Meriti" }, "cidade_recebedor", "de 2 a 15 caracteres"],
      [{ ...key, banco: "Nubank" }, "banco", "Campo desconhecido."],
    ];
    for (const [body, field, message] of cases) {
      const refused = await bia.put(url(), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const errors = refused.json.errors as Record<string, string[]>;
      expect(errors[field]?.[0] ?? "", JSON.stringify(body)).toContain(message);
    }
    expect((await bia.request("PUT", url(), "{", { "Content-Type": "application/json" })).status).toBe(400);
    expect((await bia.get(`/api/organizacoes/${organizationId}/pix/chave`)).status).toBe(404);
  });

  it("is kept as the Pix directory keeps it, and each change is e-mailed to every administrador", async () => {
    const saved = await bia.put(url(), key);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      tipo: "cnpj",
      chave: "11222333000181",
      nome_recebedor: "Abrigo Esperança",
      cidade_recebedor: "Niterói",
    });
    for (const email of ["bia@exemplo.com", "davi@exemplo.com"]) {
      await expect.poll(async () => (await mailTo(email)).length, { timeout: 20_000 }).toBe(1);
      const [mail] = await mailTo(email);
      expect(mail!.subject).toBe(`A chave Pix de ${ORGANIZATION} foi alterada`);
      // An RFC 5322 msg-id: its key's time is written without `:` (issue 60).
      expect(mail!.messageId).toMatch(/^<[\w!#$%&'*+\-/=?^`{|}~]+(?:\.[\w!#$%&'*+\-/=?^`{|}~]+)*@[\w.-]+>$/);
      const text = mail!.text!.replace(/\s+/g, " ");
      expect(text).toContain(`Bia Presidente alterou a chave Pix de ${ORGANIZATION} na Adopet em`);
      expect(text).toContain("agora vão para a chave 11.222.333/0001-81 (CNPJ), de Abrigo Esperança, Niterói.");
      expect(text).toContain("Se ninguém da equipe fez esta alteração, confira a chave");
      expect(text).toContain(`${PUBLIC_URL}/adopet/organizacoes/${organizationId}/configuracoes#pix`);
    }
    // The same key again changes nothing and tells no one; a new one tells them again.
    expect((await bia.put(url(), { ...key, chave: "11222333000181" })).status).toBe(200);
    const changed = await bia.put(url(), { ...key, chave: "(21) 98765-4321" });
    expect(changed.json).toMatchObject({ tipo: "telefone", chave: "+5521987654321" });
    await expect.poll(async () => (await mailTo("davi@exemplo.com")).length, { timeout: 20_000 }).toBe(2);
    expect((await mailTo("davi@exemplo.com"))[1]!.text!.replace(/\s+/g, " ")).toContain(
      "a chave +55 21 98765-4321 (Celular)",
    );
    expect(await mailTo("caio@exemplo.com")).toEqual([]);
    expect(await mailTo("lia@exemplo.com")).toEqual([]);
    const log = (await bia.get(`/api/organizacoes/${organizationId}/atividade`)).json.atividade as { texto: string }[];
    expect(log.slice(0, 2).map((entry) => entry.texto)).toEqual([
      "Bia Presidente alterou a chave Pix (celular)",
      "Bia Presidente alterou a chave Pix (cnpj, a primeira)",
    ]);
    // Read by the team, not by its foster homes nor by strangers.
    expect((await team.get(`/api/organizacoes/${organizationId}/pix/chave`)).json.chave).toBe("+5521987654321");
    expect((await foster.get(`/api/organizacoes/${organizationId}/pix/chave`)).status).toBe(403);
    expect((await stranger.get(`/api/organizacoes/${organizationId}/pix/chave`)).status).toBe(404);
    await bia.put(url(), key);
  });

  it("is set from the settings page's form too", async () => {
    const page = await bia.get(`/organizacoes/${organizationId}/configuracoes`);
    expect(page.text).toContain("Doações por Pix");
    expect(page.text).toContain("Salvar a chave Pix");
    const fields = {
      chave: "pix@abrigoesperanca.org.br",
      nome_recebedor: "Abrigo Esperança",
      cidade_recebedor: "Niterói",
    };
    const posted = await bia.post(
      `/organizacoes/${organizationId}/configuracoes?acao=pix`,
      new URLSearchParams(fields).toString(),
      FORM,
    );
    expect(posted.status).toBe(302);
    expect((await bia.get(`/api/organizacoes/${organizationId}/pix/chave`)).json.chave).toBe(
      "pix@abrigoesperanca.org.br",
    );
    const refused = await bia.post(
      `/organizacoes/${organizationId}/configuracoes?acao=pix`,
      new URLSearchParams({ ...fields, chave: "000.000.000-00" }).toString(),
      FORM,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Chave Pix inválida");
    const teamPage = await team.get(`/organizacoes/${organizationId}/configuracoes`);
    expect(teamPage.text).toContain("Só quem administra a organização altera a chave Pix.");
    expect(teamPage.text).not.toContain("Salvar a chave Pix");
    const byTeam = await team.post(
      `/organizacoes/${organizationId}/configuracoes?acao=pix`,
      new URLSearchParams(fields).toString(),
      FORM,
    );
    expect(byTeam.status).toBe(403);
    await bia.put(url(), key);
  });
});

describe("a gift's code", () => {
  it("is a static BR Code with the key, the amount, the receiver and a fresh txid, CRC checked", async () => {
    const first = await anonymous.get(`/api/organizacoes/${organizationId}/pix?valor=25.00`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const code = first.json.br_code as string;
    const fields = decodeEmv(code);
    expect(fields.get("00")).toBe("01");
    expect(decodeEmv(fields.get("26")!)).toEqual(
      new Map([
        ["00", "br.gov.bcb.pix"],
        ["01", "11222333000181"],
      ]),
    );
    expect([fields.get("52"), fields.get("53"), fields.get("54"), fields.get("58")]).toEqual([
      "0000",
      "986",
      "25.00",
      "BR",
    ]);
    expect([fields.get("59"), fields.get("60")]).toEqual(["Abrigo Esperanca", "NITEROI"]);
    const txid = decodeEmv(fields.get("62")!).get("05")!;
    expect(txid).toMatch(/^DO[A-Z0-9]{16}$/);
    expect(first.json).toMatchObject({ txid, valor: "25.00", nome_recebedor: "Abrigo Esperança" });
    expect(first.json.organizacao).toEqual({ id: organizationId, nome: ORGANIZATION, verificada: false });
    expect(code.slice(-8, -4)).toBe("6304");
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(await readQr(first.json.qr_svg as string)).toBe(code);
    // Each request names a new gift.
    const second = await anonymous.get(`/api/organizacoes/${organizationId}/pix?valor=25.00`);
    expect(second.json.txid).not.toBe(txid);
  });

  it("reads the amount as Brazilians write it, or leaves it to the bank's app", async () => {
    const amountOf = async (valor: string) => {
      const got = await anonymous.get(`/api/organizacoes/${organizationId}/pix?valor=${encodeURIComponent(valor)}`);
      return got.status === 200 ? decodeEmv(got.json.br_code as string).get("54") : got.status;
    };
    expect(await amountOf("25,50")).toBe("25.50");
    expect(await amountOf("1.250,00")).toBe("1250.00");
    expect(await amountOf("R$ 30")).toBe("30.00");
    expect(await amountOf("100000")).toBe("100000.00");
    const open = await anonymous.get(`/api/organizacoes/${organizationId}/pix`);
    expect(decodeEmv(open.json.br_code as string).has("54")).toBe(false);
    expect(open.json.valor).toBeNull();
    for (const valor of ["0,50", "abc", "100000.01", "-5", "1e3", "25.555", "1.250", "9".repeat(40)]) {
      const refused = await anonymous.get(`/api/organizacoes/${organizationId}/pix?valor=${encodeURIComponent(valor)}`);
      expect(refused.status, valor).toBe(400);
      expect(refused.json.message).toBe("Informe um valor entre R$ 1,00 e R$ 100.000,00, como 25,00.");
    }
  });

  it("towards an animal names it in the txid, and exists only while it waits for a home", async () => {
    const got = await anonymous.get(`/api/pets/${petId}/pix?valor=50`);
    expect(got.status).toBe(200);
    expect(got.json.txid).toMatch(new RegExp(`^AP${petId.replace(/-/g, "").slice(0, 12).toUpperCase()}[A-Z0-9]{8}$`));
    expect(decodeEmv(got.json.br_code as string).get("54")).toBe("50.00");
    expect((await anonymous.get(`/api/pets/not-an-id/pix`)).status).toBe(404);
    expect((await anonymous.get(`/api/pets/${crypto.randomUUID()}/pix`)).status).toBe(404);
    const [other] = await app.db.select({ id: pets.caretakerId }).from(pets).where(eq(pets.id, petId));
    const keyless = await createPet(app.db, {
      caretakerId: other!.id,
      nome: "Tufão",
      organizationId: otherOrganizationId,
    });
    const refused = await anonymous.get(`/api/pets/${keyless}/pix`);
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe("Esta organização ainda não recebe doações por Pix na Adopet.");
    expect((await anonymous.get(`/api/organizacoes/${otherOrganizationId}/pix`)).status).toBe(404);
    await app.db.update(pets).set({ status: "adotado" }).where(eq(pets.id, keyless));
    const adopted = await createPet(app.db, {
      caretakerId: other!.id,
      nome: "Biscoito",
      organizationId,
      status: "adotado",
    });
    expect((await anonymous.get(`/api/pets/${adopted}/pix`)).status).toBe(404);
  });
});

describe("the gift pages", () => {
  it("`Doe` and `Apadrinhe` show the amounts, then the QR code and the code to copy", async () => {
    const donate = await anonymous.get(`/organizacoes/${organizationId}/doe`);
    expect(donate.status).toBe(200);
    expect(donate.text).toContain(`Doe para ${ORGANIZATION}`);
    expect(donate.text).not.toContain("Pix copia e cola");
    // Before any amount, an unverified organisation is named as such, with the key's holder that
    // the donor's bank will show (issue 60); a verified one wears the badge instead.
    const plain = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");
    expect(plain(donate.text)).toContain(
      `Organização não verificada. A equipe da Adopet ainda não conferiu quem é ${ORGANIZATION}. O Pix vai para a conta de Abrigo Esperança: é esse o nome que o app do seu banco mostra antes de você confirmar. Doe só se você conhece o trabalho dela.`,
    );
    expect(plain((await anonymous.get(`/pets/${petId}/apadrinhe`)).text)).toContain("Organização não verificada.");
    await app.db.update(organizations).set({ verifiedAt: new Date() }).where(eq(organizations.id, organizationId));
    const verified = plain((await anonymous.get(`/organizacoes/${organizationId}/doe`)).text);
    expect(verified).toContain("Organização verificada");
    expect(verified).not.toContain("não verificada");
    await app.db.update(organizations).set({ verifiedAt: null }).where(eq(organizations.id, organizationId));
    const chosen = await anonymous.get(`/organizacoes/${organizationId}/doe?valor=30`);
    expect(chosen.text).toContain("Pix copia e cola");
    expect(chosen.text).toContain("Pix de R$ 30,00");
    expect(chosen.text).toMatch(/<svg[^>]*viewBox/);
    expect(chosen.text).toContain("ainda não foi verificada pela equipe da Adopet");
    const wrong = await anonymous.get(`/organizacoes/${organizationId}/doe?valor=abc`);
    expect(wrong.status).toBe(200);
    expect(wrong.text).toContain("Informe um valor entre R$ 1,00 e R$ 100.000,00, como 25,00.");
    expect(wrong.text).not.toContain("Pix copia e cola");

    const sponsor = await anonymous.get(`/pets/${petId}/apadrinhe?valor=20`);
    expect(sponsor.status).toBe(200);
    expect(sponsor.text).toContain("Apadrinhe Paçoca");
    expect(sponsor.text).toContain("Pix de R$ 20,00");
    expect((await anonymous.get(`/pets/${petId}`)).text).toContain(`href="/adopet/pets/${petId}/apadrinhe"`);
    expect((await anonymous.get(`/organizacoes/${otherOrganizationId}/doe`)).status).toBe(404);
    expect((await anonymous.get(`/organizacoes/nada/doe`)).status).toBe(404);
  });
});

describe("a suspended person's own organisation", () => {
  it("receives no gift while the account is suspended, and again once it is restored", async () => {
    const { client: rui, id: ruiId } = await signedInAccount(app, { email: "rui@exemplo.com", nome: "Rui Protetor" });
    const own = await ownOrganization(app.db, ruiId);
    const key = { chave: "rui@exemplo.com", nome_recebedor: "Rui Protetor", cidade_recebedor: "Niterói" };
    expect((await rui.put(`/api/organizacoes/${own}/pix`, key)).status).toBe(200);
    const receives = async () => ({
      api: (await anonymous.get(`/api/organizacoes/${own}/pix?valor=10`)).status,
      page: (await anonymous.get(`/organizacoes/${own}/doe?valor=10`)).status,
    });
    expect(await receives()).toEqual({ api: 200, page: 200 });

    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, ruiId));
    expect(await receives()).toEqual({ api: 404, page: 404 });
    // Another organisation, whose own account is not suspended, still receives.
    expect((await anonymous.get(`/api/organizacoes/${organizationId}/pix?valor=10`)).status).toBe(200);

    await app.db.update(users).set({ suspendedAt: null }).where(eq(users.id, ruiId));
    expect(await receives()).toEqual({ api: 200, page: 200 });
  });
});
