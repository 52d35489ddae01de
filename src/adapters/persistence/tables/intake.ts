/** Signed single-use direct-upload URLs of the local store. */
export type UploadTicketTable = {
  id: string;
  object_key: string;
  content_type: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

/** Extension telemetry, kept up to a cap; `seq` orders events of one batch. */
export type ExtLogTable = {
  id: string;
  received_at: string;
  seq: number;
  event: string;
};

/** Table types of the intake feature (its migration is migrations/002-intake.ts). */
export type IntakeTables = {
  upload_tickets: UploadTicketTable;
  ext_logs: ExtLogTable;
};
