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
  /** What the ticket allows, without spending it (so a refused body leaves the URL usable); same refusals as `redeem`. */
  inspect(ticketId: string, signature: string, now: Date): Promise<RedeemedUpload | 'invalid' | 'expired' | 'used'>;
  /** Marks the ticket used and says what it allows; `invalid`, `expired` or `used` otherwise. */
  redeem(ticketId: string, signature: string, now: Date): Promise<RedeemedUpload | 'invalid' | 'expired' | 'used'>;
}

/** One signed upload URL's record: what it allows, until when, and whether it was spent. */
export type StoredUploadTicket = {
  readonly id: string;
  readonly key: string;
  readonly contentType: string;
  readonly expiresAt: string;
  readonly usedAt: string | null;
  readonly createdAt: string;
};

/** Where the local store's upload tickets are kept, so each signed URL works once (the database). */
export interface UploadTicketStore {
  /** Stores a new, unused ticket, and forgets tickets that expired before `forgetExpiredBefore`. */
  add(ticket: Omit<StoredUploadTicket, 'usedAt'>, forgetExpiredBefore: string): Promise<void>;
  /** The ticket, used or not; undefined when unknown or forgotten. */
  find(id: string): Promise<StoredUploadTicket | undefined>;
  /** Marks the ticket used at `at`; true only for the one call that found it unused (concurrent redeems race safely). */
  markUsed(id: string, at: string): Promise<boolean>;
}
