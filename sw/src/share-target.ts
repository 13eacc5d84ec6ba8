import { registerRoute } from 'workbox-routing';
import {
  SHARE_CACHE, SHARE_FIELDS, SHARE_TARGET_PATH, SHARED_CONTENT_KEY, SHARED_QUERY_PARAM, sharedFileKey, type SharedContent,
} from '@quorum/shared/share-target';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * Keeps what was shared to the installed app (texts and image files) in Cache Storage, replacing
 * any earlier share nobody picked up, and sends the user on to New post, which reads it. The
 * share survives a login on the way.
 */
async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form.getAll(SHARE_FIELDS.files).filter((value): value is File => value instanceof File && value.size > 0);
  await caches.delete(SHARE_CACHE);
  const cache = await caches.open(SHARE_CACHE);
  const content: SharedContent = {
    title: text(form, SHARE_FIELDS.title),
    text: text(form, SHARE_FIELDS.text),
    url: text(form, SHARE_FIELDS.url),
    files: files.map((file, index) => ({ key: sharedFileKey(index), name: file.name, type: file.type })),
  };
  await Promise.all(files.map((file, index) => cache.put(sharedFileKey(index), new Response(file, { headers: { 'Content-Type': file.type } }))));
  await cache.put(SHARED_CONTENT_KEY, Response.json(content));
  return Response.redirect(`/new?${SHARED_QUERY_PARAM}=1`, 303);
}

/**
 * Whether a POST to the share target is the installed app's own share rather than another site's
 * form aimed at it (which would fill New post, and upload images as the user, with its own words).
 * A share sheet's navigation is started by the browser: no page began it and its Origin is "null".
 * A page that began one has a client id, which `clients.get` resolves only for this origin's pages,
 * and an Origin header naming its site unless it hid it. The referrer proves nothing (any page can
 * send none), and the worker never sees the Sec-Fetch-* headers, which are added after it.
 */
async function isOwnShare(scope: ServiceWorkerGlobalScope, event: FetchEvent, origin: string): Promise<boolean> {
  const sentFrom = event.request.headers.get('Origin');
  if (sentFrom !== null && sentFrom !== 'null' && sentFrom !== origin) return false;
  return event.clientId === '' || (await scope.clients.get(event.clientId)) !== undefined;
}

export function setUpShareTarget(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;
  registerRoute(
    ({ url }) => url.origin === origin && url.pathname === SHARE_TARGET_PATH,
    async ({ request, event }) => {
      // Anything else gets what the server gives a share it cannot keep: an empty New post.
      if (!(event instanceof FetchEvent) || !(await isOwnShare(scope, event, origin))) return Response.redirect('/new', 303);
      return receiveShare(request);
    },
    'POST',
  );
}
