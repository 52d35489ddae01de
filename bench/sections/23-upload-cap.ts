import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { memoryOf, startServer, tempDir } from '../lib.ts';
import { SECRETS, login } from '../intake-workload.ts';
import { type BenchSection } from '../section.ts';

const PADDED_MB = 90;
const AT_ONCE = 4;
const SAMPLE_MS = 20;
const TARGET_MB = 40;
const MEBIBYTE = 1024 * 1024;

type Round = { label: string; declared: boolean };
const ROUNDS: readonly Round[] = [
  { label: `${AT_ONCE} at once, Content-Length declared`, declared: true },
  { label: `${AT_ONCE} at once, chunked (no length)`, declared: false },
];

/** The reproduction: a real JPEG followed by zeros up to 90 MB (it decodes: the padding follows the end marker). */
async function* paddedJpeg(jpeg: Buffer): AsyncGenerator<Uint8Array> {
  yield jpeg;
  for (let sent = 0; sent < PADDED_MB; sent += 1) yield new Uint8Array(MEBIBYTE);
}

/**
 * Four 90 MB "images" PUT at once to image upload URLs of a fresh server (local store), first with their length
 * declared, then chunked; the server's RSS is read from /proc every 20 ms. The body is made as it is sent, so the
 * bench process's own memory does not count.
 */
async function oversizedImages(): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const dataDir = tempDir('lws-bench-upload-cap-');
  const ours = await startServer('src/main.ts', { ...SECRETS, DATA_DIR: dataDir });
  const rows: string[] = [];
  let worst = 0;
  try {
    const pid = ours.child.pid!;
    const headers = { authorization: await login(ours), 'content-type': 'application/json' };
    for (const round of ROUNDS) {
      const tickets = await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          const response = await fetch(`${ours.url}/api/image/upload-token`, { method: 'POST', headers, body: JSON.stringify({ content_type: 'image/jpeg' }) });
          return (await response.json()) as { upload_url: string };
        }),
      );
      const before = memoryOf(pid);
      let maxRss = before.rss;
      const sampler = setInterval(() => (maxRss = Math.max(maxRss, memoryOf(pid).rss)), SAMPLE_MS);
      const started = Date.now();
      const answers = await Promise.all(
        tickets.map(async (ticket) => {
          const length = round.declared ? { 'content-length': String(jpeg.byteLength + PADDED_MB * MEBIBYTE) } : {};
          try {
            const response = await fetch(`${ours.url}${ticket.upload_url}`, {
              method: 'PUT',
              headers: { 'content-type': 'image/jpeg', ...length },
              // undici sends an async iterable as it is made (chunked unless a length is declared).
              body: paddedJpeg(jpeg) as unknown as BodyInit,
              duplex: 'half',
            } as RequestInit);
            return `${response.status} ${((await response.json()) as { code?: string }).code ?? ''}`.trim();
          } catch (error) {
            return `no answer (${(error as { cause?: { code?: string } }).cause?.code ?? String(error)})`;
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      clearInterval(sampler);
      const after = memoryOf(pid);
      const growth = Math.max(maxRss, after.rss) - before.rss;
      worst = Math.max(worst, growth);
      const stored = readdirSync(path.join(dataDir, 'media')).includes('uploads') ? readdirSync(path.join(dataDir, 'media', 'uploads')).length : 0;
      const answered = [...new Set(answers)].map((answer) => `${answers.filter((a) => a === answer).length} × ${answer}`).join(', ');
      rows.push(
        `| ${round.label} | ${answered} | ${stored} | ${((Date.now() - started) / 1000).toFixed(1)} s | ${before.rss} MB | ${maxRss} MB | ${after.rss} MB | ${growth} MB | < ${TARGET_MB} MB |`,
      );
    }
  } finally {
    await ours.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    `${AT_ONCE} JPEGs padded to ${PADDED_MB} MB PUT at once to image upload URLs (\`POST /api/image/upload-token\`, local store) of one fresh`,
    'server: the image cap (20 MB) holds before the body is read (declared length) or as it passes (chunked). Growth = the higher of',
    'the RSS sampled every 20 ms and the RSS 200 ms after the answers, minus the RSS before.',
    '',
    '| uploads | answers | files stored | time | RSS before | RSS max during | RSS after | growth | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
    `Worst growth: **${worst} MB** (target < ${TARGET_MB} MB: ${worst < TARGET_MB ? 'met' : 'NOT met'}).`,
    '',
    'Before the fix (9a6c1a2, the same bench): 4 × 200 in both rounds, all 8 padded files stored (90 MB each), growth 391 MB',
    'declared and 180 MB chunked (RSS max 737 MB): the route buffered any image body up to the video cap.',
  ].join('\n');
}

const section: BenchSection = {
  title: 'Intake: 90 MB images sent to image upload URLs (issue 29)',
  run: oversizedImages,
};

export default section;
