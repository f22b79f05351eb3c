import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A free TCP port on 127.0.0.1, asked of the kernel. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** Builds the server bundle (esbuild, a few seconds); the dist of another engineer's edit is never trusted. */
export const buildServer = (root: string) => {
  const result = spawnSync('npm', ['run', 'build', '-w', '@invoicing/server'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 300_000,
  });
  if (result.status !== 0)
    throw new Error(`the server build failed (exit ${result.status ?? result.signal})`);
};

/** A child process whose last output is kept for the error message when it fails to start. */
export interface Child {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export const startChild = (
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ipc?: boolean },
): Child => {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    output: () => tail,
    /** SIGTERM, then SIGKILL after 10 s. */
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await Promise.race([exited, sleep(5_000)]);
      }
    },
  };
};

/** Polls `url` until it answers 200, the child exits, or `timeoutMs` passes. */
export const waitForHttp = async (url: string, child: Child, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`the process exited (${child.process.exitCode}) before answering:\n${child.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${child.output()}`);
};

/**
 * The built product (apps/server/dist/main.js, built first unless BENCH_SKIP_BUILD=1) on a fresh data
 * folder, answering health; `stop` ends it and removes the folder.
 */
export const startProduct = async (root: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) => {
  if (process.env.BENCH_SKIP_BUILD !== '1') buildServer(root);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoicing-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startChild('node', [path.join(root, 'apps/server/dist/main.js'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
  });
  try {
    await waitForHttp(`${base}/api/v1/health`, child, 120_000);
  } catch (error) {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    stop: async () => {
      await child.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
