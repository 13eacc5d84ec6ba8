import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface EmbeddedDatabase {
  url: string;
  /** Closes the database process cleanly (its data is flushed to disk). */
  stop(): Promise<void>;
}

type ChildMessage = { type: 'ready'; port: number } | { type: 'error'; message: string } | { type: 'closed' };

const serverFile = fileURLToPath(new URL('./embedded-server.mjs', import.meta.url));

/** Starts the embedded PGlite database on `dataDir` in its own process. */
export function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const child: ChildProcess = fork(serverFile, [], {
    env: { ...process.env, PGLITE_DATA_DIR: dataDir },
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`The embedded database exited early (code ${code}).`));
    child.once('exit', onExit);
    child.once('message', (message: ChildMessage) => {
      child.off('exit', onExit);
      if (message.type !== 'ready') {
        reject(new Error(message.type === 'error' ? message.message : 'The embedded database did not start.'));
        return;
      }
      resolve({
        url: `postgres://postgres@127.0.0.1:${message.port}/postgres`,
        stop: () => stopChild(child),
      });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'close' });
  });
}
