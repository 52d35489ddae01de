import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_LABELS } from '../../src/domain/catalog/csv-columns.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { addStoredImage, parseCsv } from './catalog-helpers.ts';

/** The DOS date and time of each local file header in a zip. */
function entryDates(zip: Buffer): Date[] {
  const dates: Date[] = [];
  for (let offset = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])); offset >= 0; offset = zip.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), offset + 4)) {
    const time = zip.readUInt16LE(offset + 10);
    const date = zip.readUInt16LE(offset + 12);
    dates.push(new Date((date >> 9) + 1980, ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2));
  }
  return dates;
}

describe('exports tell the truth about dates and image URLs', () => {
  let relative: TestApp;
  let absolute: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    relative = await startTestApp({ logger });
    absolute = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://shop.example.com' } });
  });
  afterAll(async () => {
    await relative?.close();
    await absolute?.close();
  });

  it('dates zip entries with the time of the export, not 1970 or 1980', async () => {
    const product = (await relative.app.inject({ method: 'POST', url: '/api/products', headers: relative.auth, payload: { name: '打包' } })).json();
    const stored = await addStoredImage(relative, product.id);
    const before = Date.now();
    const response = await relative.app.inject({
      method: 'POST',
      url: '/api/export/images',
      headers: relative.auth,
      payload: { title: 'zip', images: [{ url: stored.stored_url, groupName: '主图', variantName: null, key: 'a' }] },
    });
    expect(response.statusCode).toBe(200);
    const dates = entryDates(response.rawPayload);
    expect(dates.length).toBeGreaterThan(0);
    // DOS times have 2-second steps and no zone: within a minute of now, in local time.
    for (const date of dates) expect(Math.abs(date.getTime() - before)).toBeLessThan(60_000);
  });

  it('says image columns hold relative paths when PUBLIC_BASE_URL is unset: start-up log, /export/info, CSV header', async () => {
    expect(lines.some((line) => line.includes('PUBLIC_BASE_URL') && line.includes('相对路径'))).toBe(true);
    expect((await relative.app.inject({ method: 'GET', url: '/api/export/info', headers: relative.auth })).json()).toEqual({
      image_urls: 'relative',
      warning: expect.stringContaining('PUBLIC_BASE_URL'),
    });
    const csv = await relative.app.inject({ method: 'GET', url: '/api/export/products.csv', headers: relative.auth });
    expect(csv.headers['x-image-urls']).toBe('relative');
    expect(parseCsv(csv.body)[0]).toEqual([...PRODUCT_CSV_COLUMNS]);

    expect((await absolute.app.inject({ method: 'GET', url: '/api/export/info', headers: absolute.auth })).json()).toEqual({
      image_urls: 'absolute',
      warning: null,
    });
    expect((await absolute.app.inject({ method: 'GET', url: '/api/export/products.csv', headers: absolute.auth })).headers['x-image-urls']).toBe('absolute');
  });

  it('names the price columns with ₽ for people', () => {
    expect(PRODUCT_CSV_LABELS.price).toBe('售价（₽）');
    expect(PRODUCT_CSV_LABELS.old_price).toBe('划线价（₽）');
    expect(Object.keys(PRODUCT_CSV_LABELS)).toEqual([...PRODUCT_CSV_COLUMNS, 'description', 'attributes']);
  });
});
