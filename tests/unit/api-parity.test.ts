import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiEndpoints } from "~/api/index.server";
import routes from "~/routes";

/**
 * Every action a page offers has its endpoint in the API (issue 61): a partner's site or a phone
 * app can do what the pages do. Each page action is found in its route's code (below) and named
 * here with the endpoint that does the same; a new one without its line fails this test, and so
 * does a line whose endpoint is not declared (app/api).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A page action's key: the route's path as app/routes.ts writes it, and its intent, if any. */
type ActionKey = string;

/** `METHOD /path` of an endpoint under /adopet/api, as its declaration writes it. */
type EndpointRef = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;

/**
 * Each page action and its endpoint. The key is `route` for a page with one action, or
 * `route ?acao=x` (the query's intent) or `route intent=x` (a form field's).
 */
const PAGE_ACTIONS: Record<ActionKey, EndpointRef | { draft: ActionKey }> = {
  cadastro: "POST /users",
  login: "POST /session",
  sair: "DELETE /session",
  "senha/esqueci": "POST /senha/esqueci",
  "senha/nova": "POST /senha/nova",
  "moderacao intent=verificar_ong": "POST /moderacao/ongs/{id}/verificar",
  "moderacao intent=ocultar_anuncio": "POST /moderacao/anuncios/{id}/ocultar",
  "moderacao intent=restaurar_anuncio": "POST /moderacao/anuncios/{id}/restaurar",
  "moderacao intent=arquivar_denuncias": "POST /moderacao/denuncias/arquivamento",
  "moderacao intent=suspender_conta": "POST /moderacao/contas/{id}/suspender",
  "moderacao intent=restaurar_conta": "POST /moderacao/contas/{id}/restaurar",
  denunciar: "POST /denuncias",
  perfil: "PATCH /users/{id}",
  "perfil/senha": "PUT /users/{id}/senha",
  "perfil/excluir": "DELETE /users/{id}",
  "perfil/confirmacao": "POST /users/{id}/confirmacao",
  "email/confirmar": "POST /email/confirmar",
  contato: "POST /messages",
  "mensagens intent=ler-todas": "POST /messages/lidas",
  "mensagens intent=bloquear-telefone": "POST /bloqueios",
  "mensagens intent=desbloquear": "DELETE /bloqueios/{id}",
  "mensagens/:id": "POST /conversas/{id}/mensagens",
  "mensagens/:id ?acao=atribuir": "PATCH /conversas/{id}",
  "mensagens/:id/ajustes intent=compartilhar-whatsapp": "PATCH /conversas/{id}",
  "mensagens/:id/ajustes intent=parar-whatsapp": "PATCH /conversas/{id}",
  "mensagens/:id/ajustes intent=bloquear": "PATCH /conversas/{id}",
  "mensagens/:id/ajustes intent=desbloquear": "PATCH /conversas/{id}",
  "pets/:id": "POST /pets/{id}/lar/interesse",
  "pets/:id/adotar": "POST /pets/{id}/candidaturas",
  "pets/:id/apadrinhe": "POST /pets/{id}/apadrinhamentos",
  "pets/:id/saude ?acao=registrar": "POST /pets/{id}/saude",
  "pets/:id/saude ?acao=corrigir": "PATCH /pets/{id}/saude/{registroId}",
  "pets/:id/saude ?acao=apagar": "DELETE /pets/{id}/saude/{registroId}",
  "pets/:id/saude ?acao=lembretes": "PUT /pets/{id}/saude/lembretes",
  "candidaturas intent=desistir": "PATCH /candidaturas/{id}",
  "candidaturas/:id ?acao=mover": "PATCH /candidaturas/{id}",
  "candidaturas/:id ?acao=visita": "PATCH /candidaturas/{id}",
  "candidaturas/:id ?acao=atribuir": "PATCH /candidaturas/{id}",
  "candidaturas/:id ?acao=nota": "PATCH /candidaturas/{id}",
  "candidaturas/:id ?acao=desistir": "PATCH /candidaturas/{id}",
  "candidaturas/:id ?acao=recusar_espera": "POST /pets/{id}/lista-de-espera/recusa",
  "candidaturas/:id ?acao=mensagem": "POST /conversas/{id}/mensagens",
  "candidaturas/:id ?acao=castracao": "POST /candidaturas/{id}/castracao",
  "candidaturas/:id ?acao=devolucao": "POST /candidaturas/{id}/devolucao",
  "candidaturas/:id ?acao=historia": "PUT /candidaturas/{id}/historia",
  "candidaturas/:id ?acao=aprovar_historia": "POST /candidaturas/{id}/historia/revisao",
  "candidaturas/:id ?acao=retirar_historia": "DELETE /candidaturas/{id}/historia",
  "candidaturas/:id/termo ?acao=emitir": "POST /candidaturas/{id}/termo",
  "candidaturas/:id/termo ?acao=assinar": "POST /candidaturas/{id}/termo/assinaturas",
  "termos/verificar": "POST /termos/verificar",
  acompanhamento: "POST /acompanhamento/respostas",
  "favoritos intent=favoritar": "PUT /favoritos/{petId}",
  "favoritos intent=desfavoritar": "DELETE /favoritos/{petId}",
  apadrinhamentos: "DELETE /apadrinhamentos/{id}",
  "apadrinhamentos ?acao=continuar": "POST /apadrinhamentos/{id}/continuar",
  "apadrinhamentos/parar": "POST /apadrinhamentos/parar",
  "perdidos-e-achados": "POST /emergencias/{id}/busca",
  "perdidos-e-achados/novo": "POST /perdidos-e-achados",
  "perdidos-e-achados/emergencias/nova": "POST /emergencias",
  "perdidos-e-achados/emergencias/:id/animais": "POST /emergencias/{id}/animais",
  "perdidos-e-achados/:id": "PATCH /perdidos-e-achados/{id}",
  "perdidos-e-achados/:id ?acao=escrever": "POST /perdidos-e-achados/{id}/mensagens",
  "alertas intent=criar": "POST /alertas",
  "alertas intent=frequencia": "PATCH /alertas/{id}",
  "alertas intent=excluir": "DELETE /alertas/{id}",
  "alertas/cancelar": "POST /alertas/cancelamento",
  "meus-pets intent=adotado": "PATCH /pets/{id}",
  "meus-pets intent=disponivel": "PATCH /pets/{id}",
  "meus-pets intent=remover": "DELETE /pets/{id}",
  "organizacoes/:id/animais intent=adotado": "PATCH /pets/{id}",
  "organizacoes/:id/animais intent=disponivel": "PATCH /pets/{id}",
  "organizacoes/:id/animais intent=remover": "DELETE /pets/{id}",
  "organizacoes/:id/animais intent=precisa_lar": "PATCH /pets/{id}",
  "meus-pets intent=precisa_lar": "PATCH /pets/{id}",
  "organizacoes/:id/saude": "POST /organizacoes/{id}/saude",
  "organizacoes/:id/hoje": "PUT /organizacoes/{id}/resumo-diario",
  // The e-mail's stop link, without a login: signed in, the same setting.
  "organizacoes/resumo-diario/cancelar": "PUT /organizacoes/{id}/resumo-diario",
  "meus-pets/novo": "POST /pets",
  "meus-pets/questionario intent=salvar": "PUT /questionario",
  "meus-pets/questionario intent=adicionar": { draft: "meus-pets/questionario intent=salvar" },
  "meus-pets/questionario intent=padrao": { draft: "meus-pets/questionario intent=salvar" },
  "meus-pets/questionario intent=remover": { draft: "meus-pets/questionario intent=salvar" },
  "meus-pets/questionario intent=subir": { draft: "meus-pets/questionario intent=salvar" },
  "meus-pets/questionario intent=descer": { draft: "meus-pets/questionario intent=salvar" },
  "meus-pets/termo ?acao=salvar": "PUT /modelo-do-termo",
  "meus-pets/termo ?acao=previa": { draft: "meus-pets/termo ?acao=salvar" },
  "meus-pets/termo ?acao=dias": "PUT /acompanhamento/dias",
  "meus-pets/:id": "PATCH /pets/{id}",
  "organizacoes/:id/transferir": "POST /organizacoes/{id}/transferencias",
  "organizacoes/nova": "POST /organizacoes",
  "lar-temporario ?acao=salvar": "PUT /lares/meu",
  "lar-temporario ?acao=pausar": "PATCH /lares/meu",
  "lar-temporario ?acao=retomar": "PATCH /lares/meu",
  "lar-temporario ?acao=retirar": "DELETE /lares/meu",
  "meus-lares": "POST /pets/{id}/noticias",
  "organizacoes/:id/configuracoes ?acao=dados": "PATCH /organizacoes/{id}",
  "organizacoes/:id/configuracoes ?acao=logo": "PATCH /organizacoes/{id}",
  "organizacoes/:id/configuracoes ?acao=tirar_logo": "PATCH /organizacoes/{id}",
  "organizacoes/:id/configuracoes ?acao=pix": "PUT /organizacoes/{id}/pix",
  "organizacoes/:id/configuracoes ?acao=convidar": "POST /organizacoes/{id}/convites",
  "organizacoes/:id/configuracoes ?acao=papel": "PATCH /organizacoes/{id}/membros/{usuarioId}",
  "organizacoes/:id/configuracoes ?acao=remover": "DELETE /organizacoes/{id}/membros/{usuarioId}",
  "organizacoes/:id/configuracoes ?acao=cancelar_convite": "DELETE /organizacoes/{id}/convites/{conviteId}",
  "organizacoes/:id/configuracoes ?acao=liberar": "POST /organizacoes/{id}/membros/{usuarioId}/liberar",
  "organizacoes/:id/configuracoes ?acao=sair": "DELETE /organizacoes/{id}/membros/{usuarioId}",
  "organizacoes/:id/configuracoes ?acao=aceitar_transferencia": "POST /transferencias/{id}/aceitar",
  "organizacoes/:id/configuracoes ?acao=recusar_transferencia": "POST /transferencias/{id}/recusar",
  "organizacoes/:id/configuracoes ?acao=cancelar_transferencia": "POST /transferencias/{id}/cancelar",
  "organizacoes/:id/lares ?acao=convidar": "POST /organizacoes/{id}/lares/{larId}/convites",
  "organizacoes/:id/lares ?acao=levar": "POST /pets/{id}/lar",
  "organizacoes/:id/lares ?acao=encerrar": "DELETE /pets/{id}/lar",
  "organizacoes/:id/lares ?acao=publicar": "PATCH /pets/{id}/noticias/{noticiaId}",
  "organizacoes/:id/lares ?acao=recusar": "PATCH /pets/{id}/noticias/{noticiaId}",
  "organizacoes/:id/lares ?acao=aprovacao": "PUT /organizacoes/{id}/noticias/aprovacao",
  "organizacoes/:id/contas ?acao=doacao": "POST /organizacoes/{id}/doacoes",
  "organizacoes/:id/contas ?acao=despesa": "POST /organizacoes/{id}/despesas",
  "organizacoes/:id/contas ?acao=extrato": "POST /organizacoes/{id}/extratos",
  "organizacoes/:id/contas ?acao=ignorar": "PATCH /organizacoes/{id}/extratos/linhas/{linhaId}",
  "organizacoes/:id/contas ?acao=apagar-doacao": "DELETE /organizacoes/{id}/doacoes/{doacaoId}",
  "organizacoes/:id/contas ?acao=apagar-despesa": "DELETE /organizacoes/{id}/despesas/{despesaId}",
  "organizacoes/:id/contas ?acao=transparencia": "PUT /organizacoes/{id}/transparencia",
  "organizacoes/:id/lixeira ?acao=restaurar": "POST /organizacoes/{id}/lixeira/{itemId}/restaurar",
  "convites/:token ?acao=aceitar": "POST /convites/{token}/aceitar",
  "convites/:token ?acao=recusar": "POST /convites/{token}/recusar",
  // Signs out to sign in with the invited address: the API's client does the same with DELETE /session.
  "convites/:token ?acao=trocar-conta": "DELETE /session",
};

/**
 * The actions a route's code offers. Its module and the helpers in its own folder are read for the
 * intents it dispatches on (`?acao=` or a form's `intent` field): the values its forms send, and the
 * values its action compares, switches on or keys a table by.
 */
function pageActions(): ActionKey[] {
  const found: ActionKey[] = [];
  for (const route of routes) {
    const source = fs.readFileSync(path.join(ROOT, "app", route.file), "utf8");
    if (!/export (async )?function action\b|export const action\b/.test(source)) continue;
    const folders = new Set([...source.matchAll(/from "\.\/([a-z-]+)\/[^"]+"/g)].map((match) => match[1]!));
    const code = [
      source,
      ...[...folders].flatMap((folder) =>
        fs
          .readdirSync(path.join(ROOT, "app/routes", folder))
          .map((file) => fs.readFileSync(path.join(ROOT, "app/routes", folder, file), "utf8")),
      ),
    ].join("\n");
    const byField = /get\("intent"\)/.test(code) && !/get\("acao"\)/.test(code);
    const intents = new Set<string>();
    const add = (name: string) => intents.add(byField ? `intent=${name}` : `?acao=${name}`);
    for (const [, name] of code.matchAll(/[?&]acao=([a-z][\w-]*)/g)) intents.add(`?acao=${name}`);
    for (const [, name] of code.matchAll(/\bacao: "([a-z][\w-]*)"/g)) intents.add(`?acao=${name}`);
    for (const [, name] of code.matchAll(/name="intent"\s+value="([a-z][\w-]*)"/g)) intents.add(`intent=${name}`);
    for (const [, name] of code.matchAll(/value=\{`([a-z][\w-]*):/g)) intents.add(`intent=${name}`);
    for (const [, name] of code.matchAll(/(?<!typeof )\b(?:intent|acao)\s*[!=]==\s*"([a-z][\w-]*)"/g)) add(name!);
    for (const [, body] of code.matchAll(/switch \((?:intent|acao)\) \{([\s\S]*?)\n {2}\}/g)) {
      for (const [, name] of body!.matchAll(/case "([a-z][\w-]*)":/g)) add(name!);
    }
    for (const [, body] of code.matchAll(/const (?:INTENTS|NOTICE)\b[^=]*= \{([^}]*)\}/g)) {
      for (const [, name] of body!.matchAll(/^\s*"?([a-z][\w-]*)"?:/gm)) add(name!);
    }
    const key = route.path ?? "";
    // A page with intents may also act on a plain post (no intent): its default action.
    const plain = intents.size === 0 || Object.hasOwn(PAGE_ACTIONS, key);
    if (plain) found.push(key);
    for (const intent of intents) found.push(`${key} ${intent}`);
  }
  return found;
}

const declared = new Set(apiEndpoints.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`));

describe("the API does what the pages do", () => {
  it("names an endpoint for every action a page offers, and for no action that is gone", () => {
    const found = pageActions();
    expect(found.length).toBeGreaterThan(100);
    const unnamed = found.filter((key) => !Object.hasOwn(PAGE_ACTIONS, key));
    expect(unnamed, "page actions without their endpoint in PAGE_ACTIONS").toEqual([]);
    const gone = Object.keys(PAGE_ACTIONS).filter((key) => !found.includes(key));
    expect(gone, "PAGE_ACTIONS lines for actions no page offers").toEqual([]);
  });

  it("names only declared endpoints, and draft steps of an action that has one", () => {
    for (const [key, target] of Object.entries(PAGE_ACTIONS)) {
      if (typeof target === "string") expect(declared.has(target), `${key} → ${target}`).toBe(true);
      else {
        // A draft's step is saved by an action of its page that is no draft itself.
        const saving = PAGE_ACTIONS[target.draft];
        expect(typeof saving === "string", key).toBe(true);
      }
    }
  });
});
