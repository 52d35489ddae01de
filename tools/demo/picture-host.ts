import sharp from 'sharp';
import { type FakeServer, startFakeServer } from '../../tests/fakes/fake-server.ts';

/** One sample picture: a product-like shape on a coloured ground, optionally stamped with a seller's watermark. */
export type PictureSpec = { readonly color: string; readonly shape: 'box' | 'round' | 'tall'; readonly label: string; readonly watermark?: boolean };

const escape = (text: string): string => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Latin labels only: the SVG is rendered by librsvg, whose fonts need not include Chinese. */
function svgOf(spec: PictureSpec): string {
  const shape =
    spec.shape === 'round'
      ? `<ellipse cx="400" cy="420" rx="230" ry="230" fill="${spec.color}" stroke="#333" stroke-width="6"/>`
      : spec.shape === 'tall'
        ? `<rect x="280" y="150" width="240" height="520" rx="40" fill="${spec.color}" stroke="#333" stroke-width="6"/>`
        : `<rect x="170" y="230" width="460" height="360" rx="24" fill="${spec.color}" stroke="#333" stroke-width="6"/><rect x="170" y="230" width="460" height="70" rx="24" fill="#00000022"/>`;
  const watermark = spec.watermark
    ? `<text x="400" y="430" font-size="64" font-family="sans-serif" fill="#ffffffaa" stroke="#00000055" text-anchor="middle" transform="rotate(-30 400 400)">SHOP-1688 WATERMARK</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <rect width="800" height="800" fill="#f4f1ea"/>
  ${shape}
  <text x="400" y="740" font-size="40" font-family="sans-serif" fill="#333" text-anchor="middle">${escape(spec.label)}</text>
  ${watermark}
</svg>`;
}

export type PictureHost = FakeServer & {
  /** The address of a picture; its bytes are made (with sharp) at the first request and kept. */
  urlOf(name: string): string;
};

/**
 * The demo's image host: what 1688's and Ozon's CDNs are to the extension. Serves the sample pictures registered with
 * `pictures` at `/img/<name>.jpg`, rendered with sharp on first request (the service downloads each once, at seeding).
 */
export async function startPictureHost(pictures: ReadonlyMap<string, PictureSpec>): Promise<PictureHost> {
  const made = new Map<string, Promise<Buffer>>();
  const server = await startFakeServer(async (request, response) => {
    const name = /^\/img\/([\w-]+)\.jpg$/.exec(request.url.split('?')[0] ?? '')?.[1];
    const spec = name === undefined ? undefined : pictures.get(name);
    if (name === undefined || spec === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return void response.end('not found');
    }
    let bytes = made.get(name);
    if (!bytes)
      made.set(
        name,
        (bytes = sharp(Buffer.from(svgOf(spec)))
          .jpeg({ quality: 82 })
          .toBuffer()),
      );
    const body = await bytes;
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
    response.end(body);
  });
  return { ...server, urlOf: (name) => `${server.url}/img/${name}.jpg` };
}
