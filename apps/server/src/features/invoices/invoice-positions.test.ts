import { describe, expect, it } from 'vitest';
import { ListPositions } from './invoice-positions';

describe('list positions', () => {
  it('gives the closest anchor at or before an offset, within reach', () => {
    const p = new ListPositions(10, 10, 100);
    expect(p.nearest('org:all', 40)).toBeNull();
    p.remember('org:all', 'v1', { offset: 20, id: 'a' });
    p.remember('org:all', 'v1', { offset: 60, id: 'b' });
    p.remember('org:all', 'v1', { offset: 40, id: 'c' });
    expect(p.nearest('org:all', 10)).toBeNull();
    expect(p.nearest('org:all', 20)).toEqual({ version: 'v1', anchor: { offset: 20, id: 'a' } });
    expect(p.nearest('org:all', 59)).toEqual({ version: 'v1', anchor: { offset: 40, id: 'c' } });
    expect(p.nearest('org:all', 160)).toEqual({ version: 'v1', anchor: { offset: 60, id: 'b' } });
    // Further than the reach: walking from an end may be shorter.
    expect(p.nearest('org:all', 161)).toBeNull();
    expect(p.nearest('org:PAID', 60)).toBeNull();
  });

  it('drops the anchors of an older version, and forgets a list on request', () => {
    const p = new ListPositions();
    p.remember('l', 'v1', { offset: 20, id: 'a' });
    p.remember('l', 'v2', { offset: 40, id: 'b' });
    expect(p.nearest('l', 30)).toBeNull();
    expect(p.nearest('l', 40)?.anchor.id).toBe('b');
    p.remember('l', 'v2', { offset: 40, id: 'c' });
    expect(p.nearest('l', 40)?.anchor.id).toBe('c');
    p.forget('l');
    expect(p.nearest('l', 40)).toBeNull();
  });

  it('keeps its size bounded: half the anchors of a full list, the least recently used lists', () => {
    const p = new ListPositions(2, 8, 1000);
    for (let i = 1; i <= 9; i += 1) p.remember('l', 'v', { offset: i * 10, id: `i${i}` });
    // Nine anchors over a limit of eight: every other one stays, still covering the list.
    expect(p.nearest('l', 15)?.anchor.offset).toBe(10);
    expect(p.nearest('l', 25)?.anchor.offset).toBe(10);
    expect(p.nearest('l', 35)?.anchor.offset).toBe(30);
    p.remember('m', 'v', { offset: 10, id: 'm' });
    expect(p.nearest('l', 10)).not.toBeNull(); // used: now the most recent
    p.remember('n', 'v', { offset: 10, id: 'n' });
    expect(p.nearest('m', 10)).toBeNull();
    expect(p.nearest('l', 10)).not.toBeNull();
    expect(p.nearest('n', 10)).not.toBeNull();
  });
});
