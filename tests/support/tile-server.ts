import http from "node:http";
import sharp from "sharp";

/**
 * The end-to-end suite's map tiles (a webServer of playwright.config.ts, MAP_TILES_URL): the
 * app's maps fetch real images over HTTP, as from an operator's tile server, without leaving
 * the machine. Every tile is the same light ground with a few "streets"; a request counts.
 */
const port = Number(process.env.TILE_PORT);
const tile = await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#eef0e6"/>
    <path d="M0 64H256M0 192H256M80 0V256M200 0V256" stroke="#ffffff" stroke-width="10"/>
    <path d="M0 0L256 256" stroke="#d7dccb" stroke-width="6"/>
  </svg>`),
)
  .png()
  .toBuffer();

http
  .createServer((request, response) => {
    if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? "")) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=3600" }).end(tile);
  })
  .listen(port, "127.0.0.1");
