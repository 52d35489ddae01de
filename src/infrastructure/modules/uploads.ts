import { asFunction } from 'awilix';
import { type DirectUploads, type UploadRedemptions } from '../../application/ports/direct-uploads.ts';
import { type IssueUploadToken, makeIssueUploadToken } from '../../application/use-cases/issue-upload-token.ts';
import { type ReceiveDirectUpload, makeReceiveDirectUpload } from '../../application/use-cases/receive-direct-upload.ts';
import { directUploadRoutes, uploadTokenRoutes } from '../../adapters/http/routes/upload-token.ts';
import { makeKyselyUploadTicketStore } from '../../adapters/persistence/kysely-upload-ticket-store.ts';
import { makeLocalDirectUploads } from '../../adapters/storage/local-direct-uploads.ts';
import { makeS3DirectUploads, s3OptionsFrom } from '../../adapters/storage/s3-object-store.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
export type UploadsRegistry = {
  /** Signed upload URLs of the app itself (local object store), redeemed by `receiveDirectUpload`. */
  localUploads: DirectUploads & UploadRedemptions;
  /** Where the extension sends image bytes: the local signed URLs, or S3's presigned PUTs. */
  directUploads: DirectUploads;
  issueUploadToken: IssueUploadToken;
  receiveDirectUpload: ReceiveDirectUpload;
};

/** Direct uploads of image bytes (and, on the local store, videos) from the extension, with a signed ticket (issue 3). */
export const uploadsModule: FeatureModuleOf = {
  name: 'uploads',
  register(container) {
    container.register({
      localUploads: asFunction(({ db, secrets, config, objectStore }: Cradle) =>
        makeLocalDirectUploads({
          tickets: makeKyselyUploadTicketStore(db),
          secret: secrets.secretKey,
          publicBaseUrl: config.publicBaseUrl,
          urlFor: objectStore.urlFor,
        }),
      ).singleton(),
      directUploads: asFunction(({ config, localUploads }: Cradle) =>
        config.objectStore === 's3' ? makeS3DirectUploads(s3OptionsFrom(config.s3)) : localUploads,
      ).singleton(),
      issueUploadToken: asFunction(({ directUploads, ids, clock, config }: Cradle) =>
        makeIssueUploadToken({ directUploads, ids, clock, checksVideos: config.objectStore === 'local' }),
      ).singleton(),
      receiveDirectUpload: asFunction(({ localUploads, objectStore, imageNormaliser, clock }: Cradle) =>
        makeReceiveDirectUpload({ uploadRedemptions: localUploads, objectStore, imageNormaliser, clock }),
      ).singleton(),
    });
  },
  protectedRoutes: (c) => [uploadTokenRoutes({ issueUploadToken: c.issueUploadToken })],
  // The signed upload URL is only the app's own on the local store; S3 takes presigned PUTs itself.
  publicRoutes: (c) =>
    c.config.objectStore === 'local'
      ? [directUploadRoutes({ receiveDirectUpload: c.receiveDirectUpload, receiveDirectVideo: c.receiveDirectVideo, maxVideoBytes: c.config.maxVideoBytes })]
      : [],
};
