/** What Ajv reports for one failed keyword (the fields we read). */
export type SchemaError = { keyword: string; instancePath: string; params?: Record<string, unknown>; message?: string | undefined };
