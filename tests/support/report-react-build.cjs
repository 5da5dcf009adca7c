// Preloaded (NODE_OPTIONS=--require) by a test: prints which build of React's server
// renderer the process loads, development or production.
const Module = require("node:module");
const load = Module._load;
Module._load = function (request, ...rest) {
  const build = /react-dom-server\.node\.(development|production)/.exec(request)?.[1];
  if (build) process.stdout.write(`react-dom-server: ${build}\n`);
  return load.call(this, request, ...rest);
};
