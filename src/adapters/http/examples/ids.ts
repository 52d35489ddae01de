/**
 * The ids of the examples' one story: an admin binds a shop, creates a product by hand, uploads its photo,
 * collects a second product from 1688, writes copy and images with AI, marks the first ready and publishes it.
 * Every example names these, so a later request refers to what an earlier answer created (OpenAPI links say
 * where each id comes from).
 */
export const EXAMPLE = {
  productId: '0b6f3d2e-8c41-4f7a-9e25-6d1a7c3b5e90',
  collectedId: '5c2e9a14-3b7d-4e68-a1f0-8d4c6b2e7f31',
  shopId: '9a7d1c3e-5b24-4f86-8e0a-2c6b4d8f1a57',
  /** The shop's warehouse on the marketplace (the fake marketplace's first). */
  warehouseId: 22_142_605_386_000,
  userId: '3e8b5f2a-1d6c-4a97-b3e4-7f0c9d2a6b18',
  /** The photo uploaded for the product. */
  assetId: '7d4a2c9e-6f13-4b85-9c2d-1e8f5a3b7c64',
  /** The seller's own video of the product (uploaded), chosen as its video cover. */
  videoAssetId: '4b9e6d2f-7a31-4c58-8e0d-5f2a9c7b3e16',
  /** A collected main image of the second product. */
  collectedAssetId: 'c1f8e3b6-2a5d-4c79-8b04-6e3f9a1d5c28',
  suiteId: 'e4c7a1f9-8d32-4b6e-a5c0-3f9b2d7e1a46',
  /** The suite of the earlier one-call endpoint. */
  legacySuiteId: 'f2b8d4a6-1c93-4e57-b0a8-9d6c3e5f7b12',
  jobId: 'a9e2d5b8-4c17-4f3a-8d6e-0b5c1f7a2e93',
  /** The marketplace's import task. */
  taskId: '1723000001',
  /** The import task of the bulk publish that sends the product again. */
  bulkTaskId: '1723000002',
  /** The upload ticket and its signature in the signed upload address. */
  uploadTicket: 'k7Qm2xZp9RtW4vLs',
  uploadSignature: 'Yd3rN8eQ1uTb6JfXc0HgWk5aPz2mVs9LoE4iR7nC',
  /** Where the service is reached from outside (PUBLIC_BASE_URL). */
  publicBase: 'https://lws.example.com',
  /** The seller's source images (1688's CDN). */
  sourceImage: 'https://cbu01.alicdn.com/img/ibank/O1CN01storagebox_main.jpg',
  sourceDetailImage: 'https://cbu01.alicdn.com/img/ibank/O1CN01storagebox_detail.jpg',
  createdAt: '2026-11-24T09:30:00.000Z',
  updatedAt: '2026-11-24T09:42:15.000Z',
  expiresAt: '2026-12-01T09:30:00.000Z',
} as const;

/** The admin's bearer token in the examples (a JWT; the real one comes from POST /api/auth/login). */
export const EXAMPLE_ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhcHAiLCJpYXQiOjE3NjM5NzY2MDAsImV4cCI6MTc2NDU4MTQwMH0.3yQm3n1pXk9Vb7sWfT2cLd8HrA5eJ0gUo4iZ6qNwYxE';
