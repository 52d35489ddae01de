import { asFunction } from 'awilix';
import { makeIssueUploadToken } from '../../application/use-cases/issue-upload-token.ts';
import { makeReceiveDirectUpload } from '../../application/use-cases/receive-direct-upload.ts';
import { directUploadRoutes, uploadTokenRoutes } from '../../adapters/http/routes/upload-token.ts';
import { makeKyselyUploadTicketStore } from '../../adapters/persistence/kysely-upload-ticket-store.ts';
import { makeLocalDirectUploads } from '../../adapters/storage/local-direct-uploads.ts';
import { makeS3DirectUploads, s3OptionsFrom } from '../../adapters/storage/s3-object-store.ts';
import { type FeatureModule } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type UploadsRegistry } from '../registries/uploads.ts';
import { type IntakeRegistry } from '../registries/intake.ts';
import { type VideoRegistry } from '../registries/video.ts';

type Deps = UploadsRegistry & CoreRegistry & IntakeRegistry & VideoRegistry;

/** Direct uploads of image bytes (and, on the local store, videos) from the extension, with a signed ticket (issue 3). */
export const uploadsModule: FeatureModule<UploadsRegistry, CoreRegistry & IntakeRegistry & VideoRegistry> = {
  name: 'uploads',
  provide: () => ({
    localUploads: asFunction(({ db, secrets, config, objectStore }: Deps) =>
      makeLocalDirectUploads({
        tickets: makeKyselyUploadTicketStore(db),
        secret: secrets.secretKey,
        publicBaseUrl: config.publicBaseUrl,
        urlFor: objectStore.storedUrlFor, // the address a client keeps: free of PUBLIC_BASE_URL (issue 32)
      }),
    ).singleton(),
    directUploads: asFunction(({ config, localUploads }: Deps) =>
      config.objectStore === 's3' ? makeS3DirectUploads(s3OptionsFrom(config.s3)) : localUploads,
    ).singleton(),
    issueUploadToken: asFunction(({ directUploads, ids, clock, config }: Deps) =>
      makeIssueUploadToken({ directUploads, ids, clock, checksVideos: config.objectStore === 'local' }),
    ).singleton(),
    receiveDirectUpload: asFunction(({ localUploads, objectStore, imageNormaliser, clock, receiveDirectVideo }: Deps) =>
      makeReceiveDirectUpload({ uploadRedemptions: localUploads, objectStore, imageNormaliser, clock, receiveVideo: receiveDirectVideo }),
    ).singleton(),
  }),
  protectedRoutes: (c) => [uploadTokenRoutes({ issueUploadToken: c.issueUploadToken })],
  // The signed upload URL is only the app's own on the local store; S3 takes presigned PUTs itself.
  publicRoutes: (c) => (c.config.objectStore === 'local' ? [directUploadRoutes({ receiveDirectUpload: c.receiveDirectUpload })] : []),
};
