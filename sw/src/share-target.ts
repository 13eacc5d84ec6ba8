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

export function setUpShareTarget(origin: string): void {
  registerRoute(({ url }) => url.origin === origin && url.pathname === SHARE_TARGET_PATH, ({ request }) => receiveShare(request), 'POST');
}
