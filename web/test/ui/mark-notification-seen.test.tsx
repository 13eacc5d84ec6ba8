import type { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { makeSessionUser } from './fixtures.ts';
import { renderRoute } from './render-route.tsx';

const notification: Notification = {
  id: '0190a0a0-0000-7000-8000-0000000000aa',
  type: 'new_badge',
  seen: false,
  seenAt: null,
  createdAt: new Date().toISOString(),
  title: 'You were given the <b>supporter</b> badge.',
  toURL: '#',
  icons: ['/favicon.png'],
};

test('a notification that could not be marked as seen is only logged and goes back to new, with no alert', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const page: NotificationsPage = { items: [notification], next: null, count: 1, newCount: 1 };
  const marked: string[] = [];
  const { events } = await renderRoute('/notifications', {
    user: makeSessionUser(),
    handlers: [
      http.get('/api/notifications', () => HttpResponse.json(page)),
      http.put(`/api/notifications/${notification.id}`, ({ request }) => {
        marked.push(new URL(request.url).searchParams.get('action') ?? '');
        return HttpResponse.json({ status: 500, code: 'internal', message: 'Something went wrong.' }, { status: 500 });
      }),
    ],
  });
  const item = (await screen.findByText('supporter')).closest('li');
  if (!item) throw new Error('The notification is not in a list item.');
  expect(within(item).getByRole('img', { name: 'New' })).toBeTruthy();

  await events.click(within(item).getByRole('button', { name: 'Notification options' }));
  await events.click(screen.getByRole('menuitem', { name: 'Mark as seen' }));
  // The failure is logged after any alert would have been raised for it.
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Marking a notification as seen failed', expect.anything()));
  expect(marked).toEqual(['markAsSeen']);
  await waitFor(() => expect(within(item).getByRole('img', { name: 'New' })).toBeTruthy());
  expect(screen.queryByText('Something went wrong.')).toBeNull();
  warn.mockRestore();
});
