// Makes the migrated template database that every API test file copies.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createSql, openDatabase } from '../src/db/connect.ts';
import { migrate } from '../src/schema.ts';
import { testServerUrl, withDatabase } from './helpers/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  // Project env reaches the test workers, not this process: read the kind from the project.
  if (project.config.env?.TEST_DB === 'postgres') {
    const template = `quorum_test_${randomBytes(4).toString('hex')}_template`;
    const admin = createSql(testServerUrl(), 1);
    await admin.unsafe(`create database "${template}"`);
    const sql = createSql(withDatabase(testServerUrl(), template), 1);
    try {
      await migrate(sql);
    } finally {
      await sql.end();
    }
    project.provide('templateDatabase', template);
    return async () => {
      await admin.unsafe(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'quorum-template-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database.sql);
  } finally {
    await database.close();
  }
  project.provide('templateDatabase', dir);
  return () => rm(dir, { recursive: true, force: true });
}
