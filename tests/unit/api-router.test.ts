import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { endpoint, idParam } from "~/api/endpoint";
import { createApiWing } from "~/api/router.server";
import { answer } from "~/api/openapi/operation";

/** The wing's router, fed declarations of its own: what the declarations promise every endpoint. */

const doc = { tags: ["Teste"], summary: "Teste", ok: { 200: answer("Certo.") } };
const ID = "00000000-0000-4000-8000-000000000001";
const calls: string[] = [];

const endpoints = [
  endpoint({
    method: "get",
    path: "/coisas/novas",
    access: "anyone",
    crossOrigin: true,
    publicCache: true,
    doc,
    handle: () => Response.json({ novas: true }),
  }),
  endpoint({
    method: "get",
    path: "/coisas/{id}",
    access: "anyone",
    params: { id: idParam("pet", "da coisa") },
    doc,
    handle: ({ params }) => {
      calls.push(params.id);
      return Response.json({ id: params.id });
    },
  }),
  endpoint({
    method: "delete",
    path: "/coisas/{id}",
    access: "signed-in",
    params: { id: idParam("pet", "da coisa") },
    doc,
    handle: () => new Response(null, { status: 204 }),
  }),
  endpoint({
    method: "post",
    path: "/falhas",
    access: "anyone",
    doc,
    handle: ({ request }) => {
      if (request.headers.get("x-falha") === "resposta") throw Response.json({ message: "Recusado." }, { status: 409 });
      throw new Error("quebrou");
    },
  }),
];

const wing = createApiWing(endpoints, () => ({ db: {} }) as AppLoadContext);
const bindings = { incoming: {} as IncomingMessage, outgoing: {} as ServerResponse };
const ask = (method: string, path: string, headers: Record<string, string> = {}) =>
  wing.fetch(new Request(`http://adopet.test/adopet/api${path}`, { method, headers }), bindings);

describe("the API wing's router", () => {
  it("answers a declared endpoint, with the charset its answers always had", async () => {
    const answered = await ask("GET", `/coisas/${ID}`);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await answered.json()).toEqual({ id: ID });
  });

  it("answers HEAD with the GET's status and no body", async () => {
    const answered = await ask("HEAD", `/coisas/${ID}`);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("");
  });

  it("refuses the methods a path does not declare with 405 and the ones it does in Allow", async () => {
    for (const method of ["POST", "PUT", "PATCH", "OPTIONS"]) {
      const answered = await ask(method, `/coisas/${ID}`);
      expect(answered.status, method).toBe(405);
      expect(answered.headers.get("allow")).toBe("GET, DELETE");
      expect(await answered.json()).toEqual({ message: "Método não permitido." });
    }
  });

  it("asks for a session before it reads the path's parameters", async () => {
    const answered = await ask("DELETE", "/coisas/nao-e-um-id");
    expect(answered.status).toBe(401);
    expect(await answered.json()).toEqual({ message: "Faça login para continuar." });
  });

  it("answers a parameter that names nothing with its resource's 404, never calling the handler", async () => {
    calls.length = 0;
    const answered = await ask("GET", "/coisas/nao-e-um-id");
    expect(answered.status).toBe(404);
    expect(await answered.json()).toEqual({ message: "Animal não encontrado." });
    expect(calls).toEqual([]);
  });

  it("gives a fixed path declared before a parameter beside it its own requests", async () => {
    expect(await (await ask("GET", "/coisas/novas")).json()).toEqual({ novas: true });
  });

  it("answers a thrown Response as it is, and anything else thrown as a 500 in Portuguese", async () => {
    const refused = await ask("POST", "/falhas", { "x-falha": "resposta" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Recusado." });
    const broken = await ask("POST", "/falhas");
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({
      message: "Não foi possível atender ao seu pedido. Tente novamente em instantes.",
    });
  });

  it("owns its declared paths, any method, and gives CORS and the response cache their lists", () => {
    expect(wing.owns(`/adopet/api/coisas/${ID}`)).toBe(true);
    expect(wing.owns(`/adopet/api/coisas/${ID}/`)).toBe(true);
    expect(wing.owns("/adopet/api/docs")).toBe(false);
    expect(wing.owns("/adopet/api/coisas")).toBe(false);
    expect(wing.crossOriginPaths.map(String)).toEqual(["/^\\/adopet\\/api\\/coisas\\/novas\\/?$/"]);
    expect(wing.publicCachePaths.map(String)).toEqual(["/^\\/adopet\\/api\\/coisas\\/novas\\/?$/"]);
  });

  it("refuses to start when a parameter path would take the requests of a fixed one declared after it", () => {
    const [fixed, param] = endpoints;
    expect(() => createApiWing([param!, fixed!], () => ({}) as AppLoadContext)).toThrow(/encobriria/);
    expect(() => createApiWing([fixed!, fixed!], () => ({}) as AppLoadContext)).toThrow(/duas vezes/);
  });
});
