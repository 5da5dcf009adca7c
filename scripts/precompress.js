// After the build: every script, stylesheet and SVG of the browser's build, compressed
// once at the strongest settings beside the original (.br, .gz). The server sends the
// one the browser accepts (express-static-gzip), with no compression work per request.
// Run by `npm run build`, after React Router's build (which writes the route manifest last).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(import.meta.dirname, "../build/client/assets");
let files = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const data = fs.readFileSync(path.join(dir, name));
  if (data.length < 1024) continue;
  fs.writeFileSync(
    path.join(dir, `${name}.br`),
    zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }));
  files += 1;
}
console.log(`precompress: ${files} files in build/client/assets (.br, .gz)`);
