// Command-line administration: `npm run cli -- <command> [args]`.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { restoreScheduledBackup } from './backups/scheduled.ts';
import { loadConfig, type Config } from './config.ts';
import { backupEmbeddedDatabase } from './db/backup.ts';
import { openDatabase, type Sql } from './db/connect.ts';
import { restoreEmbeddedDatabase } from './db/embedded.ts';
import { cleanImages } from './images/cleanup.ts';
import { createImageStore } from './images/storage.ts';
import { migrate } from './schema.ts';
import { runSeed, SEED_USAGE } from './seed/command.ts';
import { setAdmin } from './users/queries.ts';

const usage = `Usage: npm run cli -- <command>

Commands:
  migrate                 apply pending database migrations
  make-admin <username>   give a user admin rights
  remove-admin <username> take admin rights away
  clean-images            remove the files and rows of deleted images and of uploads never used
  ${SEED_USAGE}
  backup <file>           write a backup of the embedded database (also while the site runs)
  restore <file> [--force]
                          replace the embedded database with a backup (the site must be
                          stopped; --force replaces a database that is there already); a
                          scheduled backup's folder (DATA_DIR/backups/<name>) also brings
                          back its image files`;

async function run(sql: Sql, config: Config, command: string | undefined, args: string[]): Promise<string> {
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

/** `backup` and `restore` work on the embedded database's files, not through a connection. */
async function runOnFiles(config: Config, command: 'backup' | 'restore', args: string[]): Promise<string> {
  if (config.databaseUrl) {
    throw new Error(`${command} is for the embedded database; for a Postgres server (DATABASE_URL) use pg_dump and pg_restore.`);
  }
  const [file, ...others] = args.filter((arg) => !arg.startsWith('--'));
  const flags = args.filter((arg) => arg.startsWith('--'));
  const allowedFlags = command === 'restore' ? ['--force'] : [];
  if (!file || others.length > 0 || flags.some((flag) => !allowedFlags.includes(flag))) throw new Error(usage);
  const force = flags.includes('--force');
  // Files are named relative to where the command was typed (npm runs it from the api folder).
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') {
    const bytes = await backupEmbeddedDatabase(config.dataDir, path);
    return `Wrote a backup of ${config.dataDir} to ${path} (${(bytes / 1_048_576).toFixed(1)} MB).`;
  }
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) await restoreScheduledBackup(config.dataDir, path, { force });
  else await restoreEmbeddedDatabase(config.dataDir, path, { force });
  return `Restored ${path} into ${config.dataDir}.`;
}

async function runCommand(config: Config, command: string, args: string[]): Promise<string> {
  if (command === 'backup' || command === 'restore') return runOnFiles(config, command, args);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  try {
    return await run(database.sql, config, command, args);
  } finally {
    await database.close();
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === undefined || command === 'help' || command === '--help') {
  console.log(usage);
} else {
  try {
    console.log(await runCommand(loadConfig(), command, args));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
