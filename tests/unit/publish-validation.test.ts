import { describe, expect, it } from 'vitest';
import { problemPaths } from '../helpers/prepare-publish.ts';
import { publishableProduct } from '../helpers/publishable-product.ts';

describe('preparePublish: validation lists every missing item', () => {
  it('reports all gaps of an empty product at once', () => {
    const product = publishableProduct({
      name: '',
      description: '',
      offer_id: '',
      description_category_id: null,
      type_id: null,
      weight: null,
      depth: null,
      width: 0,
      height: null,
      pricing: {},
      price: null,
    });
    expect(problemPaths({ product, imageUrls: [] })).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'offer_id',
        'description_category_id',
        'type_id',
        'weight',
        'depth',
        'width',
        'height',
        'images',
        'price',
      ]),
    );
  });

  it('refuses Chinese text, long offer ids and unknown units', () => {
    const product = publishableProduct({ name: '收纳盒', description: 'Коробка 收纳', offer_id: 'x'.repeat(51), weight_unit: 'jin', dimension_unit: 'ft' });
    expect(problemPaths({ product })).toEqual(expect.arrayContaining(['name', 'description', 'offer_id', 'weight_unit', 'dimension_unit']));
  });

  it('keeps the publishing limits: name ≤ 255 characters, vat 0.22 allowed, other rates refused', () => {
    expect(problemPaths({ product: publishableProduct({ name: 'К'.repeat(255) }) })).not.toContain('name');
    expect(problemPaths({ product: publishableProduct({ name: 'К'.repeat(256) }) })).toContain('name');
    expect(problemPaths({ product: publishableProduct({ vat: '0.22' }) })).not.toContain('vat');
    expect(problemPaths({ product: publishableProduct({ vat: '0.18' }) })).toContain('vat');
  });

  it('refuses relative, private and non-http image URLs', () => {
    const imageUrls = [
      '/media/p/1.jpg',
      'http://127.0.0.1:8787/media/1.jpg',
      'http://localhost/x.jpg',
      'http://192.168.1.5/x.jpg',
      'ftp://cdn.example.com/x.jpg',
      'https://cdn.example.com/ok.jpg',
    ];
    expect(problemPaths({ imageUrls })).toEqual(['images/0', 'images/1', 'images/2', 'images/3', 'images/4']);
  });

  it('refuses an implausible density (weight entered in the wrong unit)', () => {
    expect(problemPaths({ product: publishableProduct({ weight: 300, weight_unit: 'kg' }) })).toEqual(['weight']);
    expect(problemPaths({ product: publishableProduct({ weight: 0.001, weight_unit: 'g', depth: 1000, width: 1000, height: 1000 }) })).toEqual(['weight']);
  });

  it('needs an fx snapshot to price a CNY shop', () => {
    const product = publishableProduct({ fx_rate: null, pricing: { result: { price_rub: 593 } } });
    expect(problemPaths({ product, currency: 'CNY' })).toEqual(['fx_rate']);
  });

  it('refuses Chinese attribute values', () => {
    const product = publishableProduct({ attributes: { '9048': ['BOX-3', { value: '收纳盒' }] } });
    expect(problemPaths({ product })).toEqual(['attributes/9048/1']);
  });

  it('points at malformed stored attributes', () => {
    const product = publishableProduct({ attributes: { brand: 'x', '85': [{ foo: 1 }] }, complex_attributes: { '100001': 'video' } });
    expect(problemPaths({ product })).toEqual(['attributes/85/0', 'attributes/brand', 'complex_attributes/100001']);
  });
});
