// Node 24 comes with the project, as the `node` package (docs/decisions/0046-node-24-from-the-registry.md):
// npm scripts run it first. An older Node here means the server was started outside them, or
// an install that skipped scripts (`npm ci --ignore-scripts`) left it out.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `O Adopet roda no Node.js 24, que vem com o projeto; este é o ${process.version}. ` +
      "Use os scripts do npm (npm start, npm test); se a instalação pulou os scripts, rode `npm rebuild node`.",
  );
  process.exit(1);
}
