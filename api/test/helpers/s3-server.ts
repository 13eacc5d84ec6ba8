// A real S3-protocol server for the image store's tests: s3rver as a child process on a loopback
// port, keeping its objects in a temporary folder. Its only credentials are S3RVER / S3RVER.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
const PORTS = [4581, 4582, 4583, 4584, 4585, 4586, 4587, 4588, 4589];

export interface S3TestServer {
  endpoint: string;
  stop(): Promise<void>;
}

/** Answers once the server says it listens; false when it exits first (its port is taken). */
function listening(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('S3rver listening')) resolve(true);
    });
    child.once('exit', () => resolve(false));
  });
}

/** Starts s3rver with `bucket` made, on the first free port of the tests' range. */
export async function startS3Server(bucket: string): Promise<S3TestServer> {
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const dir = await mkdtemp(join(tmpdir(), 'quorum-s3-'));
  for (const port of PORTS) {
    const child = spawn(process.execPath, [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', bucket], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    if (await listening(child)) {
      return {
        endpoint: `http://127.0.0.1:${port}`,
        stop: async () => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill();
          await exited;
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(`s3rver could not listen on any of the ports ${PORTS[0]}–${PORTS.at(-1)}.`);
}
