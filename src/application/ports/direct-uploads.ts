/** Permission for a client to PUT one object straight to storage. */
export type UploadTicket = {
  readonly uploadUrl: string;
  readonly method: 'PUT';
  /** Headers the PUT must carry (e.g. the signed Content-Type). */
  readonly headers: Readonly<Record<string, string>>;
  readonly expiresAt: string;
  /** Where the object will be served once uploaded. */
  readonly storedUrl: string;
};

/** Issues direct-upload URLs: presigned on S3, signed single-use app URLs on the local store. */
export interface DirectUploads {
  /** A URL valid until `expiresAt` for one PUT of `contentType` bytes to `key`. */
  issue(key: string, contentType: string, expiresAt: Date): Promise<UploadTicket>;
}

/** What a signed app upload URL allows, once redeemed. */
export type RedeemedUpload = { readonly key: string; readonly contentType: string };

/** The local store's side of direct uploads: each signed URL works once, until it expires. */
export interface UploadRedemptions {
  /** Marks the ticket used and says what it allows; `invalid`, `expired` or `used` otherwise. */
  redeem(ticketId: string, signature: string, now: Date): Promise<RedeemedUpload | 'invalid' | 'expired' | 'used'>;
}
