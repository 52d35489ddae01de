import { createFile } from 'mp4box';
import { type Page } from 'playwright-core';

type Encoded = { chunks: { data: number[]; key: boolean; timestamp: number }[]; description: number[]; width: number; height: number };

/**
 * Runs in the page (a string, so the test runner's transforms never touch it): encodes one coloured frame per
 * second with the browser's own H.264 encoder (WebCodecs), each showing its second, and returns the chunks.
 */
const ENCODE = (seconds: number, hue: number) => `(async () => {
  const width = 320, height = 180, chunks = [];
  let description = [];
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      chunks.push({ data: [...data], key: chunk.type === 'key', timestamp: chunk.timestamp });
      if (meta && meta.decoderConfig && meta.decoderConfig.description) description = [...new Uint8Array(meta.decoderConfig.description)];
    },
    error: (error) => { throw error; },
  });
  encoder.configure({ codec: 'avc1.42001f', width, height, bitrate: 300000, framerate: 1, avc: { format: 'avc' } });
  const canvas = new OffscreenCanvas(width, height);
  const draw = canvas.getContext('2d');
  for (let second = 0; second < ${seconds}; second += 1) {
    draw.fillStyle = 'hsl(' + (${hue} + second * 12) + ', 60%, 45%)';
    draw.fillRect(0, 0, width, height);
    draw.fillStyle = '#ffffff';
    draw.font = 'bold 40px sans-serif';
    draw.fillText('商品视频 ' + second + 's', 40, 105);
    const frame = new VideoFrame(canvas, { timestamp: second * 1000000, duration: 1000000 });
    encoder.encode(frame, { keyFrame: second % 2 === 0 });
    frame.close();
  }
  await encoder.flush();
  return { chunks, description, width, height };
})()`;

/**
 * A real, playable MP4 made at test time (no binary fixture): H.264 frames from the browser's encoder, put in an
 * MP4 by mp4box (the library the service reads durations with), `moov` first. `seconds` long, one frame a second.
 */
export async function makeRealMp4(page: Page, seconds: number, hue = 200): Promise<Buffer> {
  const encoded = (await page.evaluate(ENCODE(seconds, hue))) as Encoded;
  const file = createFile();
  const track = file.addTrack({
    type: 'avc1',
    timescale: 1000,
    width: encoded.width,
    height: encoded.height,
    avcDecoderConfigRecord: new Uint8Array(encoded.description).buffer,
  });
  for (const chunk of encoded.chunks) {
    const at = chunk.timestamp / 1000;
    file.addSample(track, new Uint8Array(chunk.data), { duration: 1000, dts: at, cts: at, is_sync: chunk.key });
  }
  const stream = file.getBuffer();
  return Buffer.from(stream.buffer, 0, stream.byteLength);
}
