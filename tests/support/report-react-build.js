// Preloaded (NODE_OPTIONS=--import) by a test: prints which build of React's server
// renderer the process loads, development or production.
import Module from "node:module";

/** @type {{ _load: (request: string, ...rest: unknown[]) => unknown }} */
const loader = /** @type {never} */ (Module);
const load = loader._load;
/** @param {string} request @param {unknown[]} rest */
loader._load = function (request, ...rest) {
  const build = /react-dom-server\.node\.(development|production)/.exec(request)?.[1];
  if (build) process.stdout.write(`react-dom-server: ${build}\n`);
  return load.call(this, request, ...rest);
};
