import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../src/domain/common/platform.ts';
import { fixSchemeless, isAllowedProxyHost, originalImageUrl, refererFor, refererForHost } from '../../src/domain/intake/image-source.ts';
import { sniffImageFormat } from '../../src/domain/media/image-format.ts';

describe('originalImageUrl', () => {
  it.each([
    ['//cbu01.alicdn.com/img/ibank/O1CN01abc.jpg', 'https://cbu01.alicdn.com/img/ibank/O1CN01abc.jpg'],
    ['https://cbu01.alicdn.com/img/ibank/O1CN01abc.jpg_400x400.jpg', 'https://cbu01.alicdn.com/img/ibank/O1CN01abc.jpg'],
    ['https://img.alicdn.com/imgextra/i1/x.jpg_180x180xzq90.jpg_.webp', 'https://img.alicdn.com/imgextra/i1/x.jpg'],
    ['https://img.alicdn.com/imgextra/i1/x.png_.webp', 'https://img.alicdn.com/imgextra/i1/x.png'],
    ['https://img.alicdn.com/imgextra/i1/x.jpg_q50.jpg', 'https://img.alicdn.com/imgextra/i1/x.jpg'],
    ['  https://cdn.example.com/a/b.jpg?x=1  ', 'https://cdn.example.com/a/b.jpg?x=1'],
    ['https://cdn.example.com/a_400x400.jpg', 'https://cdn.example.com/a_400x400.jpg'],
  ])('%s → %s', (input, expected) => {
    expect(originalImageUrl(input)).toBe(expected);
  });

  it('is idempotent and keeps host and query for any URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (url) => {
        const once = originalImageUrl(url);
        expect(originalImageUrl(once)).toBe(once);
        expect(new URL(once).host).toBe(new URL(url).host);
        expect(new URL(once).search).toBe(new URL(url).search);
      }),
    );
  });

  it('fixes only protocol-relative URLs', () => {
    expect(fixSchemeless('//a.example/x')).toBe('https://a.example/x');
    expect(fixSchemeless('http://a.example/x')).toBe('http://a.example/x');
  });
});

describe('Referer choice', () => {
  it('uses the collecting page origin when it is an http(s) URL', () => {
    expect(refererFor('taobao', 'https://detail.tmall.com/item.htm?id=1')).toBe('https://detail.tmall.com/');
    expect(refererFor('1688', '//detail.1688.com')).toBe('https://detail.1688.com/');
  });

  it('falls back to the platform page for a missing or unusable origin', () => {
    for (const platform of PLATFORMS) {
      for (const origin of [undefined, '', 'javascript:alert(1)', 'not a url']) {
        expect(refererFor(platform, origin)).toMatch(/^https:\/\/[a-z.0-9]+\/$/);
      }
    }
    expect(refererFor('1688', undefined)).toBe('https://detail.1688.com/');
    expect(refererFor('taobao', undefined)).toBe('https://item.taobao.com/');
  });

  it('picks the site Referer for known image hosts only', () => {
    expect(refererForHost('cbu01.alicdn.com')).toBe('https://detail.1688.com/');
    expect(refererForHost('gw.alicdn.com')).toBe('https://detail.1688.com/');
    expect(refererForHost('img.tbcdn.cn')).toBe('https://item.taobao.com/');
    expect(refererForHost('ir.ozone.ru')).toBe('https://www.ozon.ru/');
    expect(refererForHost('alicdn.com.evil.example')).toBeUndefined();
  });
});

describe('isAllowedProxyHost', () => {
  const hosts = ['alicdn.com', 'ozon.ru'];
  it('matches the host or its subdomains, not look-alikes', () => {
    expect(isAllowedProxyHost('alicdn.com', hosts)).toBe(true);
    expect(isAllowedProxyHost('cbu01.alicdn.com', hosts)).toBe(true);
    expect(isAllowedProxyHost('CBU01.ALICDN.COM.', hosts)).toBe(true);
    expect(isAllowedProxyHost('evilalicdn.com', hosts)).toBe(false);
    expect(isAllowedProxyHost('alicdn.com.evil.example', hosts)).toBe(false);
    expect(isAllowedProxyHost('anything.example', ['*'])).toBe(true);
  });
});

describe('sniffImageFormat', () => {
  const riff = (tag: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(tag), Buffer.alloc(8)]);
  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'jpeg'],
    [Buffer.from('\x89PNG\r\n\x1a\n\0\0', 'latin1'), 'png'],
    [riff('WEBP'), 'webp'],
    [Buffer.from('GIF89a\0\0'), 'gif'],
    [Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(8)]), 'avif'],
    [riff('WAVE'), undefined],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), undefined],
    [Buffer.from('<html>'), undefined],
    [Buffer.alloc(0), undefined],
  ])('%#', (bytes, expected) => {
    expect(sniffImageFormat(new Uint8Array(bytes))).toBe(expected);
  });
});
