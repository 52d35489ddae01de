import { describe, expect, it } from 'vitest';
import { publicUrl, storedImages, withPublicRichContent } from '../../src/application/media-addresses.ts';
import { publicAddressOfStore } from '../../src/application/public-address.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { buildRichContent, richContentAttribute } from '../../src/domain/catalog/rich-content.ts';
import { publicAddressBanner } from '../../src/infrastructure/public-address-banner.ts';
import { makeInMemoryObjectStore } from '../in-memory/in-memory-object-store.ts';

const AT = '2026-11-27T10:00:00.000Z';

describe('stored media addresses, made public when read (issue 32 item 1)', () => {
  it('a stored /media/ address follows the public base of the moment; other addresses stay', () => {
    const stored = '/media/products/p1/a.jpg';
    expect(publicUrl(makeInMemoryObjectStore('https://old.example.com'), stored)).toBe('https://old.example.com/media/products/p1/a.jpg');
    expect(publicUrl(makeInMemoryObjectStore('https://new.example.com'), stored)).toBe('https://new.example.com/media/products/p1/a.jpg');
    expect(publicUrl(makeInMemoryObjectStore('https://new.example.com'), 'https://cbu01.alicdn.com/a.jpg')).toBe('https://cbu01.alicdn.com/a.jpg');
  });

  it('an address a client sends in the public form is kept in the stored form', () => {
    const store = makeInMemoryObjectStore('https://shop.example.com');
    const product = storedImages(store, {
      images: ['https://shop.example.com/media/uploads/u.jpg', 'https://cdn.example.com/x.jpg'],
      primary_image: '/media/uploads/u.jpg',
    });
    expect(product).toEqual({ images: ['/media/uploads/u.jpg', 'https://cdn.example.com/x.jpg'], primary_image: '/media/uploads/u.jpg' });
  });

  it('the rich content keeps stored addresses and is published with the public base of the day', () => {
    const content = buildRichContent([{ url: '/media/products/p1/a.jpg', alt: '' }], []);
    const product = {
      ...newProduct({ id: 'p1', stage: 'ready', source_platform: '1688', name: 'Mug', offer_id: 'M' }, AT),
      attributes: { '11254': richContentAttribute(content) },
    };
    const published = withPublicRichContent(product, makeInMemoryObjectStore('https://shop.example.com'));
    const value = (published.attributes['11254'] as { value: string }[])[0]!.value;
    expect(JSON.parse(value).content[0].blocks[0].img.src).toBe('https://shop.example.com/media/products/p1/a.jpg');
    expect(product.attributes['11254']).toEqual(richContentAttribute(content));
  });

  it('says loudly when the public address is missing or private, and nothing when it is public', () => {
    expect(publicAddressOfStore(makeInMemoryObjectStore())).toMatchObject({
      state: 'missing',
      public_base: null,
      warning: expect.stringContaining('PUBLIC_BASE_URL'),
    });
    const lan = publicAddressOfStore(makeInMemoryObjectStore('http://192.168.1.5:8787'));
    expect(lan).toMatchObject({ state: 'private', public_base: 'http://192.168.1.5:8787', warning: expect.stringContaining('内网') });
    expect(publicAddressOfStore(makeInMemoryObjectStore('http://127.0.0.1:8787')).state).toBe('private');
    expect(publicAddressOfStore(makeInMemoryObjectStore('https://shop.example.com'))).toEqual({
      state: 'public',
      public_base: 'https://shop.example.com',
      warning: null,
    });
    expect(publicAddressBanner(lan)).toContain('!! 警告：PUBLIC_BASE_URL 是本机或内网地址');
    expect(publicAddressBanner(publicAddressOfStore(makeInMemoryObjectStore('https://shop.example.com')))).toBeUndefined();
  });
});
