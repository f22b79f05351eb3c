import { describe, expect, it } from 'vitest';
import { createSupervisor, type Child } from './supervisor';

/** A supervisor over pretend processes, with a clock and timers the test moves by hand. */
const harness = (count: number) => {
  let clock = 0;
  let nextId = 1;
  const timers: { at: number; fn: () => void; cleared: boolean }[] = [];
  const killed: [number, string][] = [];
  const exits: number[] = [];
  const log: string[] = [];
  const forked: Child[] = [];
  let readyCalls = 0;
  const supervisor = createSupervisor({
    count,
    fork: () => {
      const id = nextId++;
      const child: Child = { id, kill: (signal) => killed.push([id, signal]) };
      forked.push(child);
      return child;
    },
    onReady: () => (readyCalls += 1),
    exit: (code) => exits.push(code),
    log: (line) => log.push(line),
    now: () => clock,
    setTimer: (fn, ms) => {
      const timer = { at: clock + ms, fn, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => ((timer as { cleared: boolean }).cleared = true),
  });
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.splice(0)) {
      if (timer.cleared) continue;
      if (timer.at <= clock) timer.fn();
      else timers.push(timer);
    }
  };
  return { supervisor, forked, killed, exits, log, advance, ready: () => readyCalls };
};

describe('the API process supervisor', () => {
  it('announces readiness once all processes listen, and replaces one that dies after serving', () => {
    const h = harness(2);
    expect(h.forked).toHaveLength(2);
    h.supervisor.listening(h.forked[0]!);
    expect(h.ready()).toBe(0);
    h.supervisor.listening(h.forked[1]!);
    expect(h.ready()).toBe(1);
    h.supervisor.exited(h.forked[0]!, 'SIGKILL');
    expect(h.forked).toHaveLength(2);
    h.advance(999);
    expect(h.forked).toHaveLength(2);
    h.advance(1);
    expect(h.forked).toHaveLength(3);
    h.supervisor.listening(h.forked[2]!);
    expect(h.ready()).toBe(1);
    expect(h.exits).toEqual([]);
  });

  it('waits longer after each death and gives up with exit code 1 when deaths keep coming', () => {
    const h = harness(1);
    const delays: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const child = h.forked.at(-1)!;
      h.supervisor.listening(child);
      h.supervisor.exited(child, '1');
      const before = h.forked.length;
      let waited = 0;
      // Bounded: a supervisor that stopped instead of restarting fails the test rather than hanging it.
      while (h.forked.length === before && waited < 120_000) {
        h.advance(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    const last = h.forked.at(-1)!;
    h.supervisor.listening(last);
    h.supervisor.exited(last, '1');
    // Nothing left alive: the supervisor exits at once, with failure.
    expect(h.exits).toEqual([1]);
    h.advance(60_000);
    expect(h.forked).toHaveLength(6);
  });

  it('counts a replacement that fails to start as one more death, once the server has started', () => {
    const h = harness(1);
    h.supervisor.listening(h.forked[0]!);
    h.supervisor.exited(h.forked[0]!, 'SIGKILL');
    h.advance(1000);
    expect(h.forked).toHaveLength(2);
    // The database is briefly away: the replacement dies before it listens, and is tried again later.
    h.supervisor.exited(h.forked[1]!, '1', true);
    expect(h.exits).toEqual([]);
    h.advance(2000);
    expect(h.forked).toHaveLength(3);
  });

  it('exits 1 when a process fails on its own while the server stops', () => {
    const h = harness(2);
    h.supervisor.listening(h.forked[0]!);
    h.supervisor.listening(h.forked[1]!);
    h.supervisor.stop('SIGTERM');
    h.supervisor.exited(h.forked[0]!, 'SIGTERM');
    h.supervisor.exited(h.forked[1]!, '1', true);
    expect(h.exits).toEqual([1]);
  });

  it('stops everything with exit code 1 when a process dies before it ever listened', () => {
    const h = harness(2);
    h.supervisor.exited(h.forked[0]!, '1');
    expect(h.killed).toEqual([[2, 'SIGTERM']]);
    expect(h.exits).toEqual([]);
    h.supervisor.exited(h.forked[1]!, 'SIGTERM');
    expect(h.exits).toEqual([1]);
    h.advance(60_000);
    expect(h.forked).toHaveLength(2);
  });

  it('on a signal passes it on, starts no replacement already scheduled, and exits 0 after the last', () => {
    const h = harness(2);
    h.supervisor.listening(h.forked[0]!);
    h.supervisor.listening(h.forked[1]!);
    h.supervisor.exited(h.forked[0]!, 'SIGKILL');
    h.supervisor.stop('SIGTERM');
    expect(h.killed).toEqual([[2, 'SIGTERM']]);
    h.advance(5_000);
    expect(h.forked).toHaveLength(2);
    expect(h.exits).toEqual([]);
    h.supervisor.exited(h.forked[1]!, '0');
    expect(h.exits).toEqual([0]);
  });
});
