// Command-line administration: `npm run cli -- <command> [args]`.
import { loadConfig } from './config.ts';
import { openDatabase, type Sql } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { cleanImages } from './images/cleanup.ts';
import { createImageStore } from './images/storage.ts';
import { runSeed, SEED_USAGE } from './seed/command.ts';
import { setAdmin } from './users/queries.ts';

const usage = `Usage: npm run cli -- <command>

Commands:
  migrate                 apply pending database migrations
  make-admin <username>   give a user admin rights
  remove-admin <username> take admin rights away
  clean-images            remove the files and rows of deleted images and of uploads never used
  ${SEED_USAGE}`;

async function run(sql: Sql, command: string | undefined, args: string[]): Promise<string> {
  switch (command) {
    case 'migrate': {
      const applied = await migrate(sql);
      return applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.';
    }
    case 'make-admin':
    case 'remove-admin': {
      const username = args[0];
      if (!username) throw new Error(`${command} needs a username.\n\n${usage}`);
      await migrate(sql);
      const makeAdmin = command === 'make-admin';
      if (!(await setAdmin(sql, username, makeAdmin))) throw new Error(`No user named ${username}.`);
      return makeAdmin ? `${username} is now an admin.` : `${username} is no longer an admin.`;
    }
    case 'clean-images': {
      await migrate(sql);
      const removed = await cleanImages(sql, createImageStore(config));
      return `Removed ${removed} image${removed === 1 ? '' : 's'}.`;
    }
    case 'seed':
      await migrate(sql);
      return runSeed(sql, args);
    default:
      throw new Error(usage);
  }
}

const config = loadConfig();
const [command, ...args] = process.argv.slice(2);
if (command === undefined || command === 'help' || command === '--help') {
  console.log(usage);
} else {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  try {
    console.log(await run(database.sql, command, args));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
