import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';

const profiles = [{ platform: '1688', match: ['https://detail.1688.com/offer/*'], selectors: { title: 'h1.title-text', price: '.price-now' } }];

/** The browser extension's remote profiles and telemetry. */
export const EXT_EXAMPLES: Record<string, OperationExample> = {
  getExtProfiles: {
    status: 200,
    answer: {
      version: 0,
      updated_at: '2026-11-01T00:00:00.000Z',
      profiles: [
        {
          platform: '1688',
          match: ['https://detail.1688.com/offer/*'],
          selectors: { title: '.title-text, .d-title, h1', price: '.price-text, .price-now, .price' },
        },
      ],
    },
  },
  putExtProfiles: { body: { profiles }, status: 200, answer: { version: 1, updated_at: EXAMPLE.updatedAt, profiles } },
  postExtLogs: {
    body: { events: [{ level: 'warn', message: '详情图懒加载超时', url: 'https://detail.1688.com/offer/6543210987.html', at: 1763976600000 }] },
    status: 202,
    answer: { accepted: 1 },
  },
  getExtLogs: {
    parameters: { page: 1, page_size: 20 },
    status: 200,
    answer: {
      total: 1,
      items: [
        {
          id: '281c726a-5b41-40f9-8ea5-aaf245ea98c8',
          received_at: EXAMPLE.updatedAt,
          event: { level: 'warn', message: '详情图懒加载超时', url: 'https://detail.1688.com/offer/6543210987.html', at: 1763976600000 },
        },
      ],
    },
  },
};
