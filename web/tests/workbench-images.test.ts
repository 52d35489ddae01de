import { describe, expect, it } from 'vitest';
import { keyMove, moveTo } from '../src/editor/image-list.ts';

describe('listing image order', () => {
  it('moves a dragged image to the drop position, either way', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(moveTo(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('maps the arrow keys, Home and End to a new position, and nothing at the ends', () => {
    expect(keyMove('ArrowLeft', 2, 4)).toBe(1);
    expect(keyMove('ArrowRight', 2, 4)).toBe(3);
    expect(keyMove('ArrowRight', 3, 4)).toBeNull();
    expect(keyMove('ArrowUp', 0, 4)).toBeNull();
    expect(keyMove('Home', 2, 4)).toBe(0);
    expect(keyMove('End', 2, 4)).toBe(3);
    expect(keyMove('a', 2, 4)).toBeNull();
  });
});
