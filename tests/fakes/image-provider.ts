import { type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-server.ts';

/** What the fake does with the next generation call. */
export type Outcome =
  | { readonly kind: 'image' }
  | { readonly kind: 'error'; readonly status: number; readonly body?: unknown }
  | { readonly kind: 'hang' }
  | { readonly kind: 'drop' };

export type Generation = { readonly request: RecordedRequest; readonly startedAt: number; endedAt: number };

/** Shared scripting of the image-provider fakes: planned outcomes, a delay, and the timing of every call. */
export type ImageProviderFake = FakeServer & {
  /** Outcomes for the next calls, in order; once used up every call succeeds. */
  readonly script: Outcome[];
  /** Milliseconds each successful call takes (to make overlaps observable). */
  delayMs: number;
  /** The generation calls (not result downloads), with when each started and ended. */
  readonly generations: Generation[];
  /** Holds every successful call until the returned release runs (a job stays visibly in progress meanwhile). */
  hold(): () => void;
};

/** A solid-colour PNG of the provider's native size (never the 1200×1600 we normalise to). */
export const solidPng = (width: number, height: number, colour = { r: 30, g: 140, b: 60 }): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export type ProviderHandler = (request: RecordedRequest, response: ServerResponse, image: () => Promise<Buffer>) => Promise<void>;

/**
 * Starts a provider fake: requests matching `isGeneration` follow the script, then `handler` answers them with
 * the provider's real success document; other requests (result downloads) go straight to `handler`.
 */
export async function startImageProviderFake(options: {
  readonly isGeneration: (request: RecordedRequest) => boolean;
  readonly size: { width: number; height: number };
  readonly handler: ProviderHandler;
}): Promise<ImageProviderFake> {
  const script: Outcome[] = [];
  const generations: Generation[] = [];
  const image = () => solidPng(options.size.width, options.size.height);
  let gate: Promise<void> | null = null;
  const fake: ImageProviderFake = Object.assign(
    await startFakeServer(async (request, response) => {
      if (!options.isGeneration(request)) return options.handler(request, response, image);
      const generation: Generation = { request, startedAt: Date.now(), endedAt: Number.NaN };
      generations.push(generation);
      const outcome = script.shift() ?? { kind: 'image' };
      if (outcome.kind === 'hang') return;
      if (outcome.kind === 'drop') {
        response.socket?.destroy();
        return;
      }
      await gate;
      await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      generation.endedAt = Date.now();
      if (outcome.kind === 'error') return sendJson(response, outcome.status, outcome.body ?? { error: { message: `fake ${outcome.status}` } });
      return options.handler(request, response, image);
    }),
    {
      script,
      delayMs: 0,
      generations,
      hold() {
        let release = (): void => undefined;
        gate = new Promise<void>((resolve) => (release = resolve));
        return () => {
          gate = null;
          release();
        };
      },
    },
  );
  return fake;
}

/** Parses a multipart/form-data body the way a server framework would. */
export async function formDataOf(request: RecordedRequest): Promise<FormData> {
  return new Response(new Uint8Array(request.body), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
}

export const jsonOf = <T>(request: RecordedRequest): T => JSON.parse(request.body.toString('utf8')) as T;
