import { afterAll } from 'vitest';
import { dropSchema } from './databases.ts';
import { dropIdleSchemas } from './fresh-databases.ts';

// A Vitest setup file: the PostgreSQL schemas kept for reuse within a test file are dropped when the file ends.
afterAll(() => dropIdleSchemas(dropSchema));
