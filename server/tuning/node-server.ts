import http from "node:http";
import type { Express } from "express";

/**
 * The HTTP server for `app`, whose requests and responses are born with the app's prototypes
 * (ADR 11). Express 5 swaps the prototypes of every request and response it handles
 * (Object.setPrototypeOf), and after that V8 kept each request's objects through two
 * young-generation collections: under load about 1 MB was promoted per collection, and the
 * whole heap was collected several times a second. Born with them, Express's swap changes
 * nothing (docs/performance.md).
 *
 * It relies on Node's documented `IncomingMessage`/`ServerResponse` server options, on
 * Node's request and response constructors being callable as functions, and on Express 5
 * taking its prototypes from `app.request` and `app.response`
 * (tests/integration/runtime-tuning.test.ts checks each).
 */
export function bornWithExpressPrototypes(app: Express): http.Server {
  return http.createServer(
    {
      IncomingMessage: bornWith(http.IncomingMessage as never, app.request) as typeof http.IncomingMessage,
      ServerResponse: bornWith(http.ServerResponse as never, app.response) as typeof http.ServerResponse,
    },
    app,
  );
}

/** Why the trick cannot apply to `app` with this Node and this Express, or undefined when it can. */
export function nodeServerProblem(app: Express): string | undefined {
  const pairs = [
    [http.IncomingMessage, app.request, "IncomingMessage", "app.request"],
    [http.ServerResponse, app.response, "ServerResponse", "app.response"],
  ] as const;
  for (const [Base, prototype, baseName, prototypeName] of pairs) {
    // A class cannot be called as a function (Base.apply below would throw at every request).
    if (typeof Base !== "function" || /^class[\s{]/.test(Function.prototype.toString.call(Base))) {
      return `http.${baseName} não é mais uma função comum`;
    }
    if (
      typeof prototype !== "object" ||
      prototype === null ||
      !Object.prototype.isPrototypeOf.call(Base.prototype, prototype)
    ) {
      return `o Express não expõe mais ${prototypeName} herdando de http.${baseName}`;
    }
  }
  return undefined;
}

/**
 * A constructor of `Base`'s objects whose prototype is `prototype`. Node's request and
 * response constructors are plain functions, so Base runs on the object as a function
 * would: V8 keeps such construction fast, as it did not through Reflect.construct.
 */
function bornWith(Base: (...args: never[]) => void, prototype: object): unknown {
  function Born(this: object, ...args: never[]) {
    Base.apply(this, args);
  }
  Born.prototype = prototype;
  return Born;
}
