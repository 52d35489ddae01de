import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import sharp from 'sharp';

export type Fixtures = {
  readonly url: string;
  close(): Promise<void>;
};

async function jpeg(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The outside world the service talks to during the browser tests, on 127.0.0.1: a CDN with two product
 * photos (and a 404 for a third), and the Bank of Russia rate feed quoting 11.5 RUB per CNY (the worked
 * examples' rate). Real wire formats, no internet.
 */
export async function startFixtures(): Promise<Fixtures> {
  const images = new Map<string, Buffer>([
    ['/img/main-1.jpg', await jpeg({ r: 220, g: 60, b: 60 })],
    ['/img/detail-1.jpg', await jpeg({ r: 60, g: 120, b: 220 })],
    // One picture per colour of a product collected with its SKUs (issue 20).
    ['/img/sku-red.jpg', await jpeg({ r: 200, g: 30, b: 40 })],
    ['/img/sku-blue.jpg', await jpeg({ r: 30, g: 60, b: 200 })],
    ['/img/sku-grey.jpg', await jpeg({ r: 140, g: 140, b: 140 })],
  ]);
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const image = images.get(path);
    if (image) {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length });
      response.end(image);
    } else if (path === '/daily_json.js') {
      const body = JSON.stringify({
        Date: new Date().toISOString(),
        Valute: { CNY: { ID: 'R01375', CharCode: 'CNY', Nominal: 1, Name: 'Юань', Value: 11.5, Previous: 11.4 } },
      });
      response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      response.end(body);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
