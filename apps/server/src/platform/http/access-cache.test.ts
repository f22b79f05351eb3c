import { describe, expect, it } from 'vitest';
import { AccessAnswers } from './access-cache';

const member = { isActive: true, isSuperuser: false, role: 'OWNER' as const };

describe('access answers', () => {
  it('keeps nothing until changes are heard, and forgets everything when they no longer are', () => {
    const a = new AccessAnswers();
    a.set('u1', 'o1', member, a.generation());
    expect(a.get('u1', 'o1')).toBeUndefined();
    a.setListening(true);
    a.set('u1', 'o1', member, a.generation());
    expect(a.get('u1', 'o1')).toEqual(member);
    a.setListening(false);
    expect(a.get('u1', 'o1')).toBeUndefined();
  });

  it("drops a user's answers on a change to that user, and everyone's on a change to no one in particular", () => {
    const a = new AccessAnswers();
    a.setListening(true);
    a.set('u1', 'o1', member, a.generation());
    a.set('u1', 'o2', member, a.generation());
    a.set('u2', 'o1', member, a.generation());
    a.invalidate('u1');
    expect(a.get('u1', 'o1')).toBeUndefined();
    expect(a.get('u1', 'o2')).toBeUndefined();
    expect(a.get('u2', 'o1')).toEqual(member);
    a.invalidate();
    expect(a.get('u2', 'o1')).toBeUndefined();
  });

  it('does not keep an answer read while a change arrived: it may be older than the change', () => {
    const a = new AccessAnswers();
    a.setListening(true);
    const before = a.generation();
    // The database answered from the state before the change; the change is heard before the answer.
    a.invalidate('u1');
    a.set('u1', 'o1', member, before);
    expect(a.get('u1', 'o1')).toBeUndefined();
    // A change to another user counts too: the signal says who, but the answer's age is what matters.
    const again = a.generation();
    a.invalidate('u9');
    a.set('u1', 'o1', member, again);
    expect(a.get('u1', 'o1')).toBeUndefined();
  });

  it('asks again after the time limit, and stays within its size', () => {
    let now = 1_000;
    const a = new AccessAnswers({ ttlMs: 500, maxUsers: 2, now: () => now });
    a.setListening(true);
    a.set('u1', 'o1', member, a.generation());
    now += 499;
    expect(a.get('u1', 'o1')).toEqual(member);
    now += 1;
    expect(a.get('u1', 'o1')).toBeUndefined();
    a.set('u1', 'o1', member, a.generation());
    a.set('u2', 'o1', member, a.generation());
    a.set('u3', 'o1', member, a.generation());
    // Past the limit the cache starts over with the newcomer.
    expect(a.get('u1', 'o1')).toBeUndefined();
    expect(a.get('u3', 'o1')).toEqual(member);
  });
});
