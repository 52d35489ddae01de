import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DirectUploads } from '../../application/ports/direct-uploads.ts';
import { type ObjectStore } from '../../application/ports/object-store.ts';
import { assertSafeKey } from './local-object-store.ts';
import { releasingDeadBuffers } from './release-dead-buffers.ts';

export type S3StoreOptions = {
  /** Any S3-compatible endpoint (MinIO, OSS, COS, R2); AWS when undefined. */
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string | undefined;
  readonly secretAccessKey: string | undefined;
  /** Base the public URLs start with (a CDN or the bucket's public domain); derived from the endpoint otherwise. */
  readonly publicBaseUrl: string | undefined;
  readonly forcePathStyle: boolean;
};

export function makeS3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // A streamed body otherwise goes out aws-chunked with a checksum trailer, which S3-compatible stores
    // (MinIO, OSS, COS) may keep as part of the object; checksums stay where an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
}

/** Where objects are publicly readable: the configured base, else the endpoint's path- or host-style bucket URL. */
function publicBase(options: S3StoreOptions): string {
  if (options.publicBaseUrl) return options.publicBaseUrl.replace(/\/+$/, '');
  if (options.endpoint) {
    const endpoint = new URL(options.endpoint);
    const base = endpoint.href.replace(/\/+$/, '');
    return options.forcePathStyle ? `${base}/${options.bucket}` : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
  }
  return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

/** Objects in an S3-compatible bucket; the bucket (or the CDN before it) serves them publicly. */
export function makeS3ObjectStore(options: S3StoreOptions, client: S3Client = makeS3Client(options)): ObjectStore {
  const base = publicBase(options);
  const urlFor = (key: string): string => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
      );
      return { key, url: urlFor(key), bytes: body.byteLength, contentType };
    },

    async putStream(key, body, contentType) {
      assertSafeKey(key);
      // A plain PUT of a stream needs its length up front: the body goes to a temp file first (disk, not
      // memory), then to the bucket as a file stream. Multipart would buffer 5 MB parts for no gain at 100 MB.
      const folder = await mkdtemp(path.join(tmpdir(), 'lws-put-'));
      try {
        const file = path.join(folder, 'body');
        await pipeline(Readable.from(releasingDeadBuffers(body)), createWriteStream(file));
        const { size } = await stat(file);
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: key,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
        return { key, url: urlFor(key), bytes: size, contentType };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },

    urlFor,
    // The bucket's address does not follow PUBLIC_BASE_URL: kept as it is read.
    storedUrlFor: urlFor,

    keyFromUrl(url) {
      if (!url.startsWith(`${base}/`)) return undefined;
      try {
        const key = decodeURIComponent(url.slice(base.length + 1).split('?')[0]!);
        assertSafeKey(key);
        return key;
      } catch {
        return undefined;
      }
    },
  };
}

/** Presigned PUT URLs straight to the bucket; the signature binds the key and Content-Type. */
export function makeS3DirectUploads(options: S3StoreOptions, client: S3Client = makeS3Client(options)): DirectUploads {
  const store = makeS3ObjectStore(options, client);
  return {
    async issue(key, contentType, expiresAt) {
      assertSafeKey(key);
      const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      const uploadUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket: options.bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        signableHeaders: new Set(['content-type']),
      });
      return { uploadUrl, method: 'PUT', headers: { 'content-type': contentType }, expiresAt: expiresAt.toISOString(), storedUrl: store.urlFor(key) };
    },
  };
}

/** The S3 options from config, or an Error naming what is missing. */
export function s3OptionsFrom(s3: Omit<S3StoreOptions, 'bucket'> & { bucket: string | undefined }): S3StoreOptions {
  if (!s3.bucket) throw new Error('S3_BUCKET must be set when OBJECT_STORE=s3');
  return { ...s3, bucket: s3.bucket };
}
