/** One supervised process, as the supervisor sees it. */
export interface Child {
  readonly id: number;
  kill(signal: NodeJS.Signals): void;
}

interface SupervisorOptions {
  count: number;
  /** Starts a process; the caller reports `listening` and `exit` for it. */
  fork: () => Child;
  /** Called once, when `count` processes have listened. */
  onReady: () => void;
  exit: (code: number) => void;
  log: (line: string) => void;
  maxRestarts?: number;
  restartWindowMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

interface Supervisor {
  listening(child: Child): void;
  /** `failed`: the process ended with a non-zero exit code of its own (not by a signal). */
  exited(child: Child, how: string, failed?: boolean): void;
  stop(signal: NodeJS.Signals, code?: number): void;
}

/**
 * Keeps `count` processes running. A process that dies after it listened is replaced, after a delay that
 * doubles while deaths keep coming (1 s, 2 s, 4 s ... at most 30 s), a replacement that fails to start
 * as well; more than `maxRestarts` within `restartWindowMs`, or a process that dies before the server
 * ever started (its start-up fails and would fail again), stops everything with exit code 1. `stop`
 * passes the signal on and exits after the last process, with 0 unless a process failed.
 */
export const createSupervisor = (options: SupervisorOptions): Supervisor => {
  const maxRestarts = options.maxRestarts ?? 5;
  const windowMs = options.restartWindowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as NodeJS.Timeout));
  const live = new Map<number, Child>();
  const listened = new Set<number>();
  const pending = new Set<unknown>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;
  let ready = false;

  const fork = () => {
    const child = options.fork();
    live.set(child.id, child);
  };

  const supervisor: Supervisor = {
    listening(child) {
      listened.add(child.id);
      if (!ready && listened.size >= options.count) {
        ready = true;
        options.onReady();
      }
    },
    exited(child, how, failed = false) {
      live.delete(child.id);
      const served = listened.delete(child.id);
      if (stopping) {
        if (failed) exitCode = 1;
        if (live.size === 0) options.exit(exitCode);
        return;
      }
      if (!served && !ready) {
        // The server's start fails (configuration, database): starting again would fail again.
        options.log(`API process ${child.id} ended (${how}) before the server started; stopping`);
        supervisor.stop('SIGTERM', 1);
        return;
      }
      const at = now();
      while (restarts.length > 0 && at - restarts[0]! > windowMs) restarts.shift();
      if (restarts.length >= maxRestarts) {
        options.log(`API process ${child.id} ended (${how}); ${restarts.length} restarts recently, stopping`);
        supervisor.stop('SIGTERM', 1);
        return;
      }
      const delay = Math.min(1000 * 2 ** restarts.length, 30_000);
      restarts.push(at);
      options.log(`API process ${child.id} ended (${how}); starting another in ${delay} ms`);
      const timer = setTimer(() => {
        pending.delete(timer);
        if (!stopping) fork();
      }, delay);
      pending.add(timer);
    },
    stop(signal, code = 0) {
      exitCode = Math.max(exitCode, code);
      if (stopping) return;
      stopping = true;
      for (const timer of pending) clearTimer(timer);
      pending.clear();
      if (live.size === 0) {
        options.exit(exitCode);
        return;
      }
      for (const child of live.values()) child.kill(signal);
    },
  };
  for (let i = 0; i < options.count; i += 1) fork();
  return supervisor;
};
