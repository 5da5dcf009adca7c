import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStatement, payerOf, STATEMENT_MAX_LINES } from "~/lib/statements";

/**
 * Bank statements read into lines: the three formats from files shaped like the banks' own
 * exports (tests/fixtures/statements/), and the refusals.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/statements");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const isUtf8 = (bytes: Uint8Array) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

const NUBANK_HEADER = "Data,Valor,Identificador,Descrição";
const INTER_PREAMBLE =
  "Extrato Conta Corrente \nConta ;12345678\nPeríodo ;01/11/2026 a 30/11/2026\nSaldo ;1.234,56\n\n";
const INTER_HEADER = "Data Lançamento;Histórico;Descrição;Valor;Saldo";

/** An OFX 1.x file holding these STMTTRN blocks' insides. */
const ofx = (...transactions: string[]) =>
  utf8(
    "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n" +
      transactions.map((inside) => `<STMTTRN>\n${inside}\n</STMTTRN>\n`).join("") +
      "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n",
  );

/** Nubank's CSV of these rows, and the amounts read from them. */
const nubank = (...rows: string[]) => utf8([NUBANK_HEADER, ...rows].join("\n") + "\n");
const amounts = (result: ReturnType<typeof parseStatement>) =>
  result.ok ? result.linhas.map((line) => line.valorCentavos) : result;

describe("Nubank's account CSV", () => {
  it("reads credits and debits, quoted descriptions with commas and doubled quotes, and the ids, past the BOM", () => {
    const bytes = fixture("nubank.csv");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseStatement(bytes)).toEqual({
      ok: true,
      formato: "nubank",
      linhas: [
        {
          data: "2026-11-05",
          valorCentavos: 3000,
          descricao:
            "Transferência recebida pelo Pix - MARIA DA SILVA - •••.123.456-•• - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 1234567-8",
          idBanco: "6745d8e2-4b1a-4c0e-9a57-1f2a3b4c5d6e",
        },
        {
          data: "2026-11-06",
          valorCentavos: 125050,
          descricao:
            "Transferência recebida pelo Pix - AMIGOS DOS BICHOS, PROTETORES ASSOCIADOS - 12.345.678/0001-90 - BCO DO BRASIL S.A. (0001) Agência: 1234 Conta: 56789-0",
          idBanco: "67470b1c-8f2d-4e3a-b6c1-2d3e4f5a6b7c",
        },
        {
          data: "2026-11-07",
          valorCentavos: -15000,
          descricao:
            "Transferência enviada pelo Pix - CLINICA VETERINARIA PATAS LTDA - 98.765.432/0001-10 - ITAÚ UNIBANCO S.A. (0341) Agência: 4321 Conta: 12345-6",
          idBanco: "6748a3f0-1c2b-4d5e-8f9a-0b1c2d3e4f5a",
        },
        {
          data: "2026-11-08",
          valorCentavos: -4290,
          descricao: 'Pagamento de boleto efetuado - RAÇÃO "BOM PRATO" LTDA',
          idBanco: "6749c4d1-2e3f-4a5b-9c8d-1e2f3a4b5c6d",
        },
      ],
    });
  });

  it("reads amounts from their digits: whole, one decimal, signs, the cap", () => {
    expect(
      amounts(
        parseStatement(
          nubank(
            "01/11/2026,30,,a",
            "01/11/2026,30.5,,b",
            "01/11/2026,+0.07,,c",
            "01/11/2026,-0.01,,d",
            "01/11/2026,0.29,,e",
            "01/11/2026,1000000000.00,,f",
            "01/11/2026,-1000000000,,g",
          ),
        ),
      ),
    ).toEqual([3000, 3050, 7, -1, 29, 100_000_000_000, -100_000_000_000]);
  });

  it("gives null for an empty id, skips zero lines, and counts lines across a quoted newline", () => {
    const result = parseStatement(
      nubank('01/11/2026,10.00,,"Pix\nrecebido"', "02/11/2026,0.00,x,Ajuste", "03/11/2026,1.00, abc ,c"),
    );
    expect(result).toEqual({
      ok: true,
      formato: "nubank",
      linhas: [
        { data: "2026-11-01", valorCentavos: 1000, descricao: "Pix recebido", idBanco: null },
        { data: "2026-11-03", valorCentavos: 100, descricao: "c", idBanco: "abc" },
      ],
    });
    // Line 1 the header, 2–3 the quoted row, 4 the next one.
    expect(parseStatement(nubank('01/11/2026,10.00,,"a\nb"', "31/02/2026,1.00,,c"))).toEqual({
      ok: false,
      motivo: "linha",
      linha: 4,
    });
  });

  it("refuses a row whose date is not a real day, with its line in the file", () => {
    expect(parseStatement(nubank("05/11/2026,30.00,a,ok", "31/02/2026,30.00,b,fev"))).toEqual({
      ok: false,
      motivo: "linha",
      linha: 3,
    });
    expect(parseStatement(nubank("29/02/2028,1.00,a,bissexto"))).toMatchObject({ ok: true });
    expect(parseStatement(nubank("29/02/2027,1.00,a,não bissexto"))).toEqual({ ok: false, motivo: "linha", linha: 2 });
    for (const date of ["2026-11-05", "5/13/2026", "00/11/2026", "05/11/26", ""]) {
      expect(parseStatement(nubank(`${date},1.00,a,b`)), date).toEqual({ ok: false, motivo: "linha", linha: 2 });
    }
  });

  it("refuses an amount it cannot read exactly, with its line", () => {
    for (const amount of ["30.000", "1,234.56", "1.234,56", "30,00", "", "abc", "1e3", "1000000000.01", "--1.00"]) {
      expect(parseStatement(nubank("01/11/2026,1.00,a,ok", `02/11/2026,${amount},b,x`)), amount).toEqual({
        ok: false,
        motivo: "linha",
        linha: 3,
      });
    }
  });

  it("refuses a row with the wrong number of fields or an unclosed quote", () => {
    expect(parseStatement(nubank("01/11/2026,1.00,a,b,c"))).toEqual({ ok: false, motivo: "linha", linha: 2 });
    expect(parseStatement(nubank("01/11/2026,1.00,a"))).toEqual({ ok: false, motivo: "linha", linha: 2 });
    expect(parseStatement(nubank("01/11/2026,1.00,a,ok", '02/11/2026,1.00,a,"sem fim'))).toEqual({
      ok: false,
      motivo: "linha",
      linha: 3,
    });
  });
});

describe("Banco Inter's account CSV", () => {
  it("reads the Latin-1 export past its preamble: comma decimals, thousands, Histórico - Descrição, no ids", () => {
    const bytes = fixture("inter.csv");
    expect(isUtf8(bytes)).toBe(false);
    expect(parseStatement(bytes)).toEqual({
      ok: true,
      formato: "inter",
      linhas: [
        {
          data: "2026-11-05",
          valorCentavos: 3000,
          descricao: "Pix recebido - Cp :00000000-MARIA DA SILVA",
          idBanco: null,
        },
        {
          data: "2026-11-06",
          valorCentavos: 125000,
          descricao: "Pix recebido - Cp :00000000-JOSÉ DE SOUZA",
          idBanco: null,
        },
        {
          data: "2026-11-07",
          valorCentavos: -104590,
          descricao: "Pix enviado - Cp :60701190-CLÍNICA VETERINÁRIA SÃO FRANCISCO",
          idBanco: null,
        },
        // The "Saldo do dia" row between them is a balance, not a transaction.
        {
          data: "2026-11-10",
          valorCentavos: -1,
          descricao: "Pagamento efetuado - Boleto - RAÇÃO & CIA",
          idBanco: null,
        },
      ],
    });
  });

  it("reads the older header without Histórico, and quotes left unbalanced inside descriptions", () => {
    expect(parseStatement(fixture("inter-antigo.csv"))).toEqual({
      ok: true,
      formato: "inter",
      linhas: [
        {
          data: "2026-10-02",
          valorCentavos: 2500,
          descricao: "Pix recebido: Cp :00000000-JOSE DA SILVA",
          idBanco: null,
        },
        { data: "2026-10-03", valorCentavos: 10000, descricao: "Pix recebido: Cp :00000000-ANA", idBanco: null },
        {
          data: "2026-10-15",
          valorCentavos: -8050,
          descricao: "Pix enviado: Cp :18236120-PET SHOP AU AU",
          idBanco: null,
        },
      ],
    });
  });

  it("keeps a `;` inside a description, and reads amounts with and without thousands", () => {
    const result = parseStatement(
      utf8(
        INTER_PREAMBLE +
          `${INTER_HEADER}\n` +
          "01/11/2026;Pix recebido;Cp :1-ANA; BETO;1250,00;0,00\n" +
          "02/11/2026;Pix recebido;x;1.234.567,8;0,00;\n" +
          "03/11/2026;Pix enviado;y;-0,01;0,00\n",
      ),
    );
    expect(result).toEqual({
      ok: true,
      formato: "inter",
      linhas: [
        { data: "2026-11-01", valorCentavos: 125000, descricao: "Pix recebido - Cp :1-ANA; BETO", idBanco: null },
        { data: "2026-11-02", valorCentavos: 123456780, descricao: "Pix recebido - x", idBanco: null },
        { data: "2026-11-03", valorCentavos: -1, descricao: "Pix enviado - y", idBanco: null },
      ],
    });
  });

  it("refuses a bad date or amount with its line in the file, the preamble counted", () => {
    const inter = (row: string) => latin1(`${INTER_PREAMBLE}${INTER_HEADER}\n01/11/2026;Pix;a;1,00;1,00\n${row}\n`);
    // Lines 1–5 the preamble, 6 the header, 7 a good row, 8 the bad one.
    for (const row of [
      "31/02/2026;Pix;a;1,00;1,00",
      "01/11/2026;Pix;a;30,000;1,00",
      "01/11/2026;Pix;a;1.25,00;1,00",
      "01/11/2026;Pix;a;30.00;1,00",
      "01/11/2026;Pix;a",
    ]) {
      expect(parseStatement(inter(row)), row).toEqual({ ok: false, motivo: "linha", linha: 8 });
    }
  });
});

describe("OFX", () => {
  it("reads OFX 1.02 SGML in windows-1252: no closing tags, BRT dates, repeated and empty FITIDs, a comma decimal", () => {
    const bytes = fixture("extrato.ofx");
    expect(isUtf8(bytes)).toBe(false);
    expect(parseStatement(bytes)).toEqual({
      ok: true,
      formato: "ofx",
      linhas: [
        // The "Saldo Anterior" block before them is a balance, not a transaction.
        { data: "2026-11-05", valorCentavos: 3000, descricao: "PIX RECEBIDO - JOÃO", idBanco: "202611050001" },
        {
          data: "2026-11-05",
          valorCentavos: 5500,
          descricao: "PIX RECEBIDO - MARIA DA CONCEIÇÃO",
          idBanco: "202611050001",
        },
        { data: "2026-11-06", valorCentavos: -123456, descricao: "DROGAVET & CIA - PAGTO BOLETO", idBanco: null },
        // One line of tags; a tab and two spaces in the memo.
        { data: "2026-11-07", valorCentavos: -1250, descricao: "TARIFA PACOTE SERVIÇOS", idBanco: "202611070003" },
      ],
    });
  });

  it("reads OFX 2.x XML with closing tags, its entities, and NAME and MEMO once when they are the same", () => {
    expect(parseStatement(fixture("extrato-v2.ofx"))).toEqual({
      ok: true,
      formato: "ofx",
      linhas: [
        {
          data: "2026-11-12",
          valorCentavos: 20000,
          descricao: "ANA PAULA <DOADORA> - Transferência recebida pelo Pix",
          idBanco: "6752e1a0-9b8c-4d7e-a6f5-4e3d2c1b0a99",
        },
        {
          data: "2026-11-29",
          valorCentavos: -8999,
          descricao: "Compra no débito",
          idBanco: "6752e1a0-9b8c-4d7e-a6f5-4e3d2c1b0a9a",
        },
      ],
    });
  });

  it("reads amounts with either decimal mark and thousands, and UTF-8 text whatever CHARSET says", () => {
    const result = parseStatement(
      utf8(
        "OFXHEADER:100\nCHARSET:1252\n<OFX><STMTTRN><DTPOSTED>20261101<TRNAMT>1.234.567,89<MEMO>JOÃO &amp;lt; 1</STMTTRN>" +
          "<STMTTRN><DTPOSTED>20261102[0:GMT]<TRNAMT>1,234.5<NAME>a</STMTTRN>" +
          "<STMTTRN><DTPOSTED>20261103<TRNAMT>-30<FITID>  </STMTTRN>" +
          "<STMTTRN><DTPOSTED>20261104<TRNAMT>1,234,567<FITID>x</STMTTRN></OFX>",
      ),
    );
    expect(result).toEqual({
      ok: true,
      formato: "ofx",
      linhas: [
        { data: "2026-11-01", valorCentavos: 123456789, descricao: "JOÃO &lt; 1", idBanco: null },
        { data: "2026-11-02", valorCentavos: 123450, descricao: "a", idBanco: null },
        { data: "2026-11-03", valorCentavos: -3000, descricao: "", idBanco: null },
        { data: "2026-11-04", valorCentavos: 123456700, descricao: "", idBanco: "x" },
      ],
    });
  });

  it("refuses a malformed transaction with its index among the transactions", () => {
    const good = "<TRNTYPE>CREDIT\n<DTPOSTED>20261105\n<TRNAMT>1.00\n<FITID>1";
    expect(parseStatement(ofx(good, "<TRNTYPE>CREDIT\n<DTPOSTED>20261105\n<FITID>2"))).toEqual({
      ok: false,
      motivo: "linha",
      linha: 2,
    });
    for (const bad of [
      "<DTPOSTED>20260231\n<TRNAMT>1.00",
      "<DTPOSTED>2026-11-05\n<TRNAMT>1.00",
      "<TRNAMT>1.00",
      "<DTPOSTED>20261105\n<TRNAMT>30.005",
      "<DTPOSTED>20261105\n<TRNAMT>1.234",
      "<DTPOSTED>20261105\n<TRNAMT>R$ 1,00",
      `<DTPOSTED>20261105\n<TRNAMT>1.00\n<FITID>${"x".repeat(256)}`,
    ]) {
      // The zero-amount balance line before still counts as transaction 2.
      expect(parseStatement(ofx(good, "<TRNAMT>0.00\n<MEMO>SALDO", bad)), bad).toEqual({
        ok: false,
        motivo: "linha",
        linha: 3,
      });
    }
  });
});

describe("what is not a statement, or too much of one", () => {
  it("refuses an empty file, a blank one and files with no transaction as empty", () => {
    expect(parseStatement(new Uint8Array())).toEqual({ ok: false, motivo: "vazio" });
    expect(parseStatement(utf8(" \r\n\n"))).toEqual({ ok: false, motivo: "vazio" });
    expect(parseStatement(nubank())).toEqual({ ok: false, motivo: "vazio" });
    expect(parseStatement(nubank("01/11/2026,0.00,a,zero"))).toEqual({ ok: false, motivo: "vazio" });
    expect(parseStatement(utf8(`${INTER_PREAMBLE}${INTER_HEADER}\n`))).toEqual({ ok: false, motivo: "vazio" });
    expect(parseStatement(ofx())).toEqual({ ok: false, motivo: "vazio" });
  });

  it("refuses an image, a random CSV and plain text as an unknown format", () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
      0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
    ]);
    expect(parseStatement(png)).toEqual({ ok: false, motivo: "formato" });
    expect(parseStatement(utf8("nome,email\nAna,ana@example.com\n"))).toEqual({ ok: false, motivo: "formato" });
    // A download cut short and padded with NUL bytes is binary, not a statement with a bad last line.
    const padded = nubank("05/11/2026,30.00,a,Pix");
    expect(parseStatement(new Uint8Array([...padded, 0, 0, 0, 0]))).toEqual({ ok: false, motivo: "formato" });
    // Nubank's credit card CSV is another file (date,title,amount), not the account's.
    expect(parseStatement(utf8("date,title,amount\n2026-11-05,Petz,89.90\n"))).toEqual({
      ok: false,
      motivo: "formato",
    });
    expect(parseStatement(utf8("Data;Descrição;Valor\n05/11/2026;Pix;30,00\n"))).toEqual({
      ok: false,
      motivo: "formato",
    });
  });

  it("tells the format from the content: a UTF-16 export with its BOM is still Nubank's", () => {
    const text = `${NUBANK_HEADER}\n05/11/2026,30.00,a,Pix\n`;
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    expect(parseStatement(utf16)).toEqual({
      ok: true,
      formato: "nubank",
      linhas: [{ data: "2026-11-05", valorCentavos: 3000, descricao: "Pix", idBanco: "a" }],
    });
  });

  it(`reads ${STATEMENT_MAX_LINES} transactions and refuses one more as too large`, () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `05/11/2026,1.00,id-${i},Pix ${i}`);
    const full = parseStatement(nubank(...rows(STATEMENT_MAX_LINES)));
    expect(full.ok && full.linhas.length).toBe(STATEMENT_MAX_LINES);
    expect(parseStatement(nubank(...rows(STATEMENT_MAX_LINES + 1)))).toEqual({ ok: false, motivo: "grande" });
    // Zero lines are skipped, not counted.
    expect(parseStatement(nubank(...rows(STATEMENT_MAX_LINES), "05/11/2026,0.00,z,zero"))).toMatchObject({ ok: true });
  });
});

describe("descriptions", () => {
  it("lose control and bidi characters, collapse whitespace and stop at 300 characters without halving an emoji", () => {
    const result = parseStatement(
      nubank(
        '01/11/2026,1.00,a,"  Pix\u0007\u0085 \u202Erecebido\t  de\u00a0ANA  "',
        `02/11/2026,1.00,b,${"x".repeat(299)}🐶 fim`,
        `03/11/2026,1.00,c,${"y".repeat(400)}`,
      ),
    );
    expect(result.ok && result.linhas.map((line) => line.descricao)).toEqual([
      "Pix recebido de ANA",
      "x".repeat(299),
      "y".repeat(300),
    ]);
  });
});

describe("who paid a line", () => {
  it.each([
    [
      "Transferência recebida pelo Pix - ROBERTO ALVES NUNES - •••.123.456-•• - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 1234567-8",
      "Roberto Alves Nunes",
    ],
    [
      "Transferência recebida pelo Pix - AMIGOS DOS BICHOS, PROTETORES ASSOCIADOS - 12.345.678/0001-90 - BCO DO BRASIL S.A. (0001)",
      "Amigos dos Bichos, Protetores Associados",
    ],
    ['Pix recebido: "Cp :00000000-MARIA DA SILVA"', "Maria da Silva"],
    ["Pix recebido - Cp :00000000-JOSÉ DE SOUZA", "José de Souza"],
    ["PIX RECEBIDO ROBERTO ALVES NUNES", "Roberto Alves Nunes"],
    ["TED RECEBIDA 001 0001 ANA PAULA LIMA", "Ana Paula Lima"],
    ["Pix recebido - LUCAS", "Lucas"],
  ])("reads %j as paid by %s", (description, payer) => {
    expect(payerOf(description)).toBe(payer);
  });

  it.each(["Pix recebido", "Transferência recebida pelo Pix", "Rendimento da conta", "PIX RECEBIDO 123.456.789-00"])(
    "names no one in %j",
    (description) => {
      expect(payerOf(description)).toBeNull();
    },
  );
});
