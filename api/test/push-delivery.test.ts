// Where pushes may go, and that one member's push service cannot hold up everyone else's pushes.
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@quorum/shared/errors';
import { PUSH_ENDPOINT_MAX } from '@quorum/shared/constants';
import { insertNotification, queuePush } from '../src/notifications/store.ts';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { makeUser, type SignedUp } from './helpers/factories.ts';
import { startPushEndpoint, subscriberKeys, type PushEndpoint } from './helpers/push-endpoint.ts';

/** Background jobs run on their own time: asks again until `check` passes (or gives up after 20 s). */
const keys = subscriberKeys();
const validKeys = { p256dh: keys.p256dh, auth: keys.auth };

/** Stores a subscription through the API, then points it at `endpoint` as a push service might have handed it out. */
async function subscribe(t: TestApp, user: SignedUp, endpoint: string): Promise<void> {
  const response = await user.browser.post('/api/push_subscriptions', { endpoint: 'https://push.example/sub', keys: validKeys });
  expect(response.statusCode).toBe(200);
  await t.sql`update push_subscriptions set endpoint = ${endpoint} where user_id = ${user.user.id}`;
}

/** A new user whose welcome notice is read already, so that only the pushes a test makes are sent. */
async function welcomedUser(t: TestApp): Promise<SignedUp> {
  const user = await makeUser(t);
  await eventually(() => t.sql`select 1 from notifications where user_id = ${user.user.id} and type = 'welcome'`, (rows) => rows.length === 1);
  await t.sql`update notifications set seen_at = now() where user_id = ${user.user.id}`;
  return user;
}

/** A notification that is pushed, with its push queued. */
async function notify(t: TestApp, user: SignedUp, badgeType = 'supporter'): Promise<string> {
  const stored = await insertNotification(t.sql, user.user.id, 'new_badge', { userId: user.user.id, badgeType });
  await queuePush({ sql: t.sql, jobs: t.app.jobs }, stored);
  return stored.id;
}

/** A TCP listener on loopback that only counts the connections it is offered. */
async function startListener(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('push subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobPollMs: 500 });
  });
  afterAll(() => t.close());

  it("a member turns pushes off for one device: that session's subscription goes, the others stay", async () => {
    const user = await makeUser(t);
    const phone = await user.browser.post('/api/push_subscriptions', { endpoint: 'https://push.example/phone', keys: validKeys });
    expect(phone.statusCode).toBe(200);
    const laptop = await new Browser(t.app).open();
    expect((await laptop.post('/api/_login', { username: user.username, password: user.password })).statusCode).toBe(200);
    expect((await laptop.post('/api/push_subscriptions', { endpoint: 'https://push.example/laptop', keys: validKeys })).statusCode).toBe(200);

    const off = await user.browser.request('DELETE', '/api/push_subscriptions');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true });
    const left = await t.sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${user.user.id}`;
    expect(left.map((row) => row.endpoint)).toEqual(['https://push.example/laptop']);
    // Turning off twice is no error.
    expect((await user.browser.request('DELETE', '/api/push_subscriptions')).statusCode).toBe(200);

    const visitor = await new Browser(t.app).open();
    const refused = await visitor.request('DELETE', '/api/push_subscriptions');
    expect(refused.statusCode).toBe(401);
  });

  it('refuses endpoints that are not https, are written as inside addresses, or are too long; and keys of the wrong length', async () => {
    const user = await makeUser(t);
    const refusedEndpoints = [
      'http://push.example/sub',
      'https://127.0.0.1/sub',
      'https://127.1/sub',
      'https://[::1]/sub',
      'https://[::ffff:127.0.0.1]/sub',
      'https://10.0.0.8/sub',
      'https://192.168.1.1/sub',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/sub',
      `https://push.example/${'a'.repeat(PUSH_ENDPOINT_MAX)}`,
    ];
    for (const endpoint of refusedEndpoints) {
      const response = await user.browser.post('/api/push_subscriptions', { endpoint, keys: validKeys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json<{ message: string }>().message, endpoint).toBe(Messages.invalidPushEndpoint);
    }
    const refusedKeys = [
      { p256dh: 'BPk3', auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'c2VjcmV0' },
      { p256dh: `${keys.p256dh}AAAA`, auth: keys.auth },
      { p256dh: keys.p256dh, auth: `${keys.auth}x` },
      { p256dh: keys.p256dh.replace(/^./, '+'), auth: keys.auth },
    ];
    for (const body of refusedKeys) {
      const response = await user.browser.post('/api/push_subscriptions', { endpoint: 'https://push.example/sub', keys: body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(Messages.invalidPushKeys);
    }
    expect(await t.sql`select 1 from push_subscriptions where user_id = ${user.user.id}`).toHaveLength(0);
    // Padded keys, as some browsers write them, are accepted.
    const padded = { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` };
    expect((await user.browser.post('/api/push_subscriptions', { endpoint: 'https://push.example/sub', keys: padded })).statusCode).toBe(200);
  });

  it('never connects to loopback when pushing, whatever the stored endpoint says, and drops such subscriptions', async () => {
    const listener = await startListener();
    try {
      for (const endpoint of [
        `https://127.0.0.1:${listener.port}/push`,
        `https://localhost:${listener.port}/push`,
        `http://localhost:${listener.port}/push`,
        `https://[::ffff:7f00:1]:${listener.port}/push`,
      ]) {
        const user = await makeUser(t);
        await subscribe(t, user, endpoint);
        await notify(t, user);
        // The job ran: the subscription it could never deliver to is gone.
        const left = await eventually(() => t.sql`select 1 from push_subscriptions where user_id = ${user.user.id}`, (rows) => rows.length === 0);
        expect(left, endpoint).toHaveLength(0);
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });
});

describe('push delivery', () => {
  let t: TestApp;
  let service: PushEndpoint;
  /** Requests held open, never answered, as a push service that hangs would. */
  const hanging: Array<{ request: IncomingMessage; response: ServerResponse; closed: boolean }> = [];
  const redirected: string[] = [];
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    t = await buildTestApp({ jobPollMs: 500, pushAllowPrivate: true });
    service = await startPushEndpoint();
    server = createServer((request, response) => {
      if (request.url === '/hang') {
        const held = { request, response, closed: false };
        hanging.push(held);
        request.socket.on('close', () => (held.closed = true));
        return;
      }
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/target' }).end();
        return;
      }
      redirected.push(request.url ?? '');
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const held of hanging) held.response.destroy();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    await t.close();
  });

  it('drops a subscription stored with keys nothing can be encrypted for, without sending anything', async () => {
    const user = await makeUser(t);
    await subscribe(t, user, service.url('/bad-keys'));
    await t.sql`update push_subscriptions set p256dh = 'key', auth = 'secret' where user_id = ${user.user.id}`;
    await notify(t, user);
    const left = await eventually(() => t.sql`select 1 from push_subscriptions where user_id = ${user.user.id}`, (rows) => rows.length === 0);
    expect(left).toHaveLength(0);
    expect(service.received.filter((push) => push.path === '/bad-keys')).toEqual([]);
  });

  it('drops a subscription once three different pushes failed within a day; retries count once, a delivered push starts over', async () => {
    const flaky = await startPushEndpoint();
    try {
      flaky.answer = 500;
      const user = await welcomedUser(t);
      await subscribe(t, user, flaky.url('/flaky'));
      const failures = async () => (await t.sql<{ n: number }[]>`
        select cardinality(failed_notifications) as n from push_subscriptions where user_id = ${user.user.id}`).map((row) => row.n);
      await notify(t, user, 'first');
      // Tried again after failing: still one failed push.
      await eventually(() => flaky.received.length, (n) => n >= 2);
      expect(await failures()).toEqual([1]);
      // The retry goes through: the count starts over.
      flaky.answer = 201;
      await eventually(failures, (rows) => rows[0] === 0);
      flaky.answer = 500;
      await notify(t, user, 'second');
      await eventually(failures, (rows) => rows[0] === 1);
      await notify(t, user, 'third');
      await eventually(failures, (rows) => rows[0] === 2);
      await notify(t, user, 'fourth');
      expect(await eventually(failures, (rows) => rows.length === 0)).toEqual([]);
      // Opening the app hands the browser's subscription over again, with nothing counted against it.
      await subscribe(t, user, flaky.url('/flaky'));
      expect(await failures()).toEqual([0]);
    } finally {
      await flaky.close();
    }
  });

  it('drops a subscription the push service answers 404 for at once, as it does for 410', async () => {
    const gone = await startPushEndpoint();
    try {
      gone.answer = 404;
      const user = await welcomedUser(t);
      await subscribe(t, user, gone.url('/gone'));
      await notify(t, user);
      expect(await eventually(() => t.sql`select 1 from push_subscriptions where user_id = ${user.user.id}`, (rows) => rows.length === 0)).toHaveLength(0);
      expect(gone.received).toHaveLength(1);
    } finally {
      await gone.close();
    }
  });

  it('does not follow a redirect from a push service', async () => {
    const user = await makeUser(t);
    await subscribe(t, user, `${origin}/moved`);
    const id = await notify(t, user);
    // The job fails (and will retry) instead of going where it was sent.
    const failed = await eventually(
      () => t.sql<{ output: { message?: string } }[]>`
        select output from pgboss.job where name = 'push-notification' and data->>'notificationId' = ${id} and state = 'retry'`,
      (rows) => rows.length > 0,
    );
    expect(failed[0]?.output.message).toMatch(/failed/);
    expect(redirected).toEqual([]);
    const [row] = await t.sql<{ pushedVersion: number }[]>`select pushed_version from notifications where id = ${id}`;
    expect(row?.pushedVersion).toBe(0);
  });

  it("a member's hanging push service does not hold up another member's push", async () => {
    const slow = await welcomedUser(t);
    await subscribe(t, slow, `${origin}/hang`);
    for (let i = 0; i < 6; i += 1) await notify(t, slow, `badge${i}`);
    await eventually(() => hanging.length, (n) => n >= 1);

    // Welcomed first: a welcome notice pushed after subscribing would count as a second push.
    const other = await welcomedUser(t);
    await subscribe(t, other, service.url('/other'));
    await notify(t, other);
    const received = await eventually(() => service.received.filter((push) => push.path === '/other').length, (n) => n === 1);
    expect(received).toBe(1);
    // It arrived while the slow member's first push was still waiting for its answer.
    expect(hanging[0]?.closed).toBe(false);
    // One push of the slow member is under way at a time.
    expect(hanging.filter((held) => !held.closed)).toHaveLength(1);
  });
});
