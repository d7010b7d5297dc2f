/**
 * A virtual X display for WebKitGTK (it needs one: without, session creation hangs
 * silently). Xvfb picks a free display number itself (-displayfd), so parallel runs never
 * collide on a lock file.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface Display {
  /** ":N", for DISPLAY. */
  name: string;
  stop(): void;
}

export async function startXvfb(xvfbPath = '/usr/bin/Xvfb'): Promise<Display> {
  const child: ChildProcess = spawn(
    xvfbPath,
    ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const fd3 = child.stdio[3] as NodeJS.ReadableStream;
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    fd3.on('data', (d) => {
      out += String(d);
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) =>
      reject(new Error(`Xvfb exited (${code}) before it chose a display: ${stderr}`)),
    );
    child.once('error', reject);
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  return { name: `:${number}`, stop };
}
