// A Postgres primary and a streaming replica of it, for the read-replica tests: two clusters of
// their own beside the machine's main one (which is left alone), made with Debian's cluster tools
// the first time and reused afterwards. Without those tools or root, the test server stands in for
// both and the tests say so loudly.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { testServerUrl } from './database.ts';

const run = promisify(execFile);

const VERSION = '15';
const PRIMARY = { name: 'quorum_test_primary', port: 5434 };
const REPLICA = { name: 'quorum_test_replica', port: 5435 };

// Trust over loopback and the socket, replication included: these clusters hold only test data.
const HBA = `local all all trust
local replication all trust
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
host replication all 127.0.0.1/32 trust
host replication all ::1/128 trust
`;

// Small, loopback-only clusters; the replica answers reads while it replays.
const SETTINGS = `listen_addresses = '127.0.0.1'
wal_level = replica
max_wal_senders = 4
hot_standby = on
shared_buffers = 32MB
`;

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** False when the primary stands in for the replica (no cluster tools here). */
  replicating: boolean;
}

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

async function clusterStatus(name: string): Promise<'online' | 'down' | 'missing'> {
  const { stdout } = await run('pg_lsclusters', ['--no-header']);
  for (const line of stdout.split('\n')) {
    const [version, cluster, , status] = line.trim().split(/\s+/);
    if (version === VERSION && cluster === name) return status?.startsWith('online') ? 'online' : 'down';
  }
  return 'missing';
}

async function configure(name: string): Promise<void> {
  const etc = `/etc/postgresql/${VERSION}/${name}`;
  await writeFile(`${etc}/pg_hba.conf`, HBA);
  await writeFile(`${etc}/conf.d/quorum-test.conf`, SETTINGS);
}

const ctl = (action: 'start' | 'stop', name: string) => run('pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, name, action]);

async function ensurePrimary(): Promise<void> {
  const status = await clusterStatus(PRIMARY.name);
  if (status === 'missing') {
    await run('pg_createcluster', [VERSION, PRIMARY.name, '-p', String(PRIMARY.port)]);
    await configure(PRIMARY.name);
  }
  if (status !== 'online') await ctl('start', PRIMARY.name);
}

async function ensureReplica(): Promise<void> {
  const data = `/var/lib/postgresql/${VERSION}/${REPLICA.name}`;
  let status = await clusterStatus(REPLICA.name);
  // A replica whose copy of the primary never finished is made again.
  if (status !== 'missing' && !existsSync(`${data}/standby.signal`)) {
    await run('pg_dropcluster', ['--stop', VERSION, REPLICA.name]);
    status = 'missing';
  }
  if (status === 'missing') {
    // The cluster tools make the configuration; the data is then replaced by a copy of the primary.
    await run('pg_createcluster', [VERSION, REPLICA.name, '-p', String(REPLICA.port)]);
    await configure(REPLICA.name);
    // Emptied, not removed: the folder above belongs to root, and pg_basebackup runs as postgres.
    for (const entry of await readdir(data)) await rm(`${data}/${entry}`, { recursive: true, force: true });
    await run('runuser', ['-u', 'postgres', '--', 'pg_basebackup', '-h', '127.0.0.1', '-p', String(PRIMARY.port), '-U', 'postgres',
      '-D', data, '-R', '-X', 'stream', '-c', 'fast']);
  }
  if (status !== 'online') await ctl('start', REPLICA.name);
}

function canMakeClusters(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/pg_createcluster') && existsSync(`/usr/lib/postgresql/${VERSION}/bin/pg_basebackup`);
}

/** Starts (making them the first time) the primary on 5434 and its streaming replica on 5435. */
export async function ensureReplicaCluster(): Promise<ReplicaCluster> {
  if (!canMakeClusters()) {
    console.warn(
      '\n!!! NO READ REPLICA: this machine cannot make Postgres clusters (needs root and Debian\'s pg_createcluster).\n' +
        '!!! The read-replica tests check the routing with the test server standing in for the replica; nothing replicates.\n',
    );
    return { primaryUrl: testServerUrl(), replicaUrl: testServerUrl(), replicating: false };
  }
  await ensurePrimary();
  await ensureReplica();
  return { primaryUrl: urlOf(PRIMARY.port), replicaUrl: urlOf(REPLICA.port), replicating: true };
}
