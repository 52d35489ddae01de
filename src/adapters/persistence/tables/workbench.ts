/** Table types of the workbench feature (its migration is migrations/012-workbench.ts). */
export type WorkbenchTables = {
  jobs: {
    id: string;
    kind: string;
    status: string;
    /** JSON object. */
    params: string;
    total: number;
    done: number;
    failed: number;
    lease_owner: string | null;
    lease_until: string | null;
    created_at: string;
    updated_at: string;
  };
  job_items: {
    job_id: string;
    seq: number;
    /** JSON object. */
    subject: string;
    status: string;
    /** JSON object or null. */
    result: string | null;
    error: string | null;
  };
};
