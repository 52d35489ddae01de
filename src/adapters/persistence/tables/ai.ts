/** Table types of the ai feature (migrations/014-suites.ts). */
export type SuiteJobTable = {
  id: string;
  product_id: string;
  status: string;
  style_set: number;
  platform: string;
  lang: string;
  ratio: string;
  provider: string;
  total: number;
  /** JSON array of the finished images, in plan order. */
  images: string;
  error: string | null;
  /** JSON of what the remaining images need (the application's SuiteWork). */
  work: string;
  /** The generating process's lease: null when nobody holds it. */
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
};

export type AiTables = { suite_jobs: SuiteJobTable };
