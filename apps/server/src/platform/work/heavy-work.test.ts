import { describe, expect, it } from 'vitest';
import { createHeavyWork } from './heavy-work';

/** Jobs the test finishes by hand; `started` lists them in the order the limiter started them. */
const harness = (concurrency: number) => {
  const work = createHeavyWork(concurrency);
  const started: string[] = [];
  const finishers = new Map<string, { ok: (v: string) => void; fail: (e: Error) => void }>();
  let now = 0;
  let most = 0;
  const submit = (organizationId: string, name: string) =>
    work.run(organizationId, () => {
      started.push(name);
      now += 1;
      most = Math.max(most, now);
      return new Promise<string>((ok, fail) => finishers.set(name, { ok, fail })).finally(() => (now -= 1));
    });
  const finish = async (name: string, error?: Error) => {
    const f = finishers.get(name);
    if (!f) throw new Error(`${name} has not started`);
    if (error) f.fail(error);
    else f.ok(name);
    // Lets the promise chains settle, so the next job has been started.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { submit, finish, started, most: () => most };
};

describe('the heavy work limiter', () => {
  it('runs no more jobs at once than its bound, and runs every job', async () => {
    const h = harness(2);
    const names = Array.from({ length: 7 }, (_, i) => `job-${i}`);
    const results = names.map((name, i) => h.submit(`org-${i % 3}`, name));
    expect(h.started).toHaveLength(2);
    for (let done = 0; done < names.length; done += 1) {
      // Always two running while enough wait.
      expect(h.started.length - done).toBe(Math.min(2, names.length - done));
      await h.finish(h.started[done]!);
    }
    expect(h.most()).toBe(2);
    expect((await Promise.all(results)).sort()).toEqual([...names].sort());
  });

  it("starts another organization's single job before the rest of one organization's burst", async () => {
    const h = harness(2);
    const burst = Array.from({ length: 8 }, (_, i) => h.submit('busy', `busy-${i}`));
    const single = h.submit('quiet', 'quiet-0');
    expect(h.started).toEqual(['busy-0', 'busy-1']);
    await h.finish('busy-0');
    expect(h.started).toEqual(['busy-0', 'busy-1', 'quiet-0']);
    await h.finish('quiet-0');
    await expect(single).resolves.toBe('quiet-0');
    for (let i = 1; i < 8; i += 1) await h.finish(`busy-${i}`);
    expect(await Promise.all(burst)).toHaveLength(8);
  });

  it('takes turns between organizations with waiting jobs', async () => {
    const h = harness(1);
    const all = [
      ...['a0', 'a1', 'a2'].map((n) => h.submit('a', n)),
      ...['b0', 'b1'].map((n) => h.submit('b', n)),
      h.submit('c', 'c0'),
    ];
    for (const name of ['a0', 'b0', 'c0', 'a1', 'b1', 'a2']) {
      expect(h.started.at(-1)).toBe(name);
      await h.finish(name);
    }
    await Promise.all(all);
    expect(h.started).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2']);
  });

  it('passes a failure to its caller and frees the slot', async () => {
    const h = harness(1);
    const failing = h.submit('a', 'a0');
    const after = h.submit('a', 'a1');
    const thrown = createHeavyWork(1).run('a', () => {
      throw new Error('synchronous');
    });
    await h.finish('a0', new Error('broken file'));
    await expect(failing).rejects.toThrow('broken file');
    expect(h.started).toEqual(['a0', 'a1']);
    await h.finish('a1');
    await expect(after).resolves.toBe('a1');
    await expect(thrown).rejects.toThrow('synchronous');
  });
});
