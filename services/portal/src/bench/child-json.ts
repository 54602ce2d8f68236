import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs one of the bench's scripts (`bench/{script}`) in a child process of its own, so its peak
 * RSS is its own and not the bench's, and answers the JSON it printed on stdout; its stderr goes to
 * the bench's. Rejects when it exits other than 0 (`what` names it) or prints no JSON.
 */
export function jsonFromChild<T>(script: string, args: readonly string[], what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, script), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`The ${what} child exited with ${code}`));
      try {
        resolve(JSON.parse(stdout) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
