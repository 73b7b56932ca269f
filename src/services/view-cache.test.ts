import { describe, expect, it } from 'vitest';
import { ViewCache } from './view-cache.js';

const view = (revision: number, size: number) => ({ revision, baseUrl: 'http://x', bytes: Buffer.alloc(size, revision) });

describe('ViewCache', () => {
  it('keeps answers per organisation and document', () => {
    const cache = new ViewCache(1000);
    cache.set('org_a', 'DOC_1', view(1, 10));
    expect(cache.get('org_b', 'DOC_1')).toBeUndefined();
    expect(cache.get('org_a', 'DOC_1')?.revision).toBe(1);
    cache.set('org_a', 'DOC_1', view(2, 20));
    expect(cache.get('org_a', 'DOC_1')?.revision).toBe(2);
    expect(cache.size).toEqual({ entries: 1, bytes: 20 });
    cache.delete('org_a', 'DOC_1');
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('holds at most its bytes, dropping the least recently read first', () => {
    const cache = new ViewCache(100);
    cache.set('o', 'A', view(1, 40));
    cache.set('o', 'B', view(1, 40));
    cache.get('o', 'A');
    cache.set('o', 'C', view(1, 40));
    expect(cache.get('o', 'B')).toBeUndefined();
    expect(cache.get('o', 'A')).toBeDefined();
    expect(cache.get('o', 'C')).toBeDefined();
    expect(cache.size.bytes).toBe(80);
    cache.set('o', 'D', view(1, 101));
    expect(cache.get('o', 'D')).toBeUndefined();
  });

  it('holds nothing with no bytes allowed', () => {
    const cache = new ViewCache(0);
    cache.set('o', 'A', view(1, 1));
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
