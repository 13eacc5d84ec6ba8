import type { CommunityAutoMod, WatchedWord } from '@quorum/shared/entities/automod';
import { Messages } from '@quorum/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { parseWatchedWordsCsv, watchedWordsToCsv } from '../../src/features/automod/csv.ts';
import { makeCommunity, makeSessionUser } from './fixtures.ts';
import { renderRoute, SCREEN_LOAD } from './render-route.tsx';

const community = makeCommunity({ name: 'sourdough', userJoined: true, userMod: true });
const noLimits: CommunityAutoMod['newMembers'] = { minAgeDays: 0, minPoints: 0, comments: false };

const word = (overrides: Partial<WatchedWord> = {}): WatchedWord => ({
  pattern: 'spam*',
  action: 'hold',
  replacement: null,
  rule: 'No spam',
  appliesToMods: false,
  ...overrides,
});

/** The mod tools' watched-words page of a community whose saved settings are `saved`; each PUT body goes into `sent`. */
async function openEditor(saved: CommunityAutoMod = { words: [], newMembers: noLimits }, sent: unknown[] = []) {
  const rendered = await renderRoute(`/${community.name}/modtools/automod`, {
    user: makeSessionUser(),
    joined: [community],
    handlers: [
      http.get(`/api/communities/${community.name}`, () => HttpResponse.json(community)),
      // The mod tools' navigation counts what waits for approval.
      http.get(`/api/communities/${community.id}/held`, () => HttpResponse.json({ items: [], count: 0, next: null })),
      http.get(`/api/communities/${community.id}/automod`, () => HttpResponse.json(saved)),
      http.put(`/api/communities/${community.id}/automod`, async ({ request }) => {
        const body = (await request.json()) as CommunityAutoMod;
        sent.push(body);
        return HttpResponse.json(body);
      }),
    ],
  });
  await screen.findByRole('button', { name: 'Add word' }, SCREEN_LOAD);
  return rendered;
}

interface WordFields {
  pattern: string;
  /** The option's label. */
  action?: string;
  replacement?: string;
  rule?: string;
}

/** Fills in Add watched word and presses Add; answers the dialog, which stays open when the word is refused. */
async function addWord(events: UserEvent, { pattern, action, replacement, rule }: WordFields) {
  await events.click(screen.getByRole('button', { name: 'Add word' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add watched word' }));
  await events.type(dialog.getByRole('textbox', { name: 'Word or phrase' }), pattern);
  if (action) await events.selectOptions(dialog.getByRole('combobox', { name: 'Action' }), action);
  if (replacement) await events.type(dialog.getByRole('textbox', { name: 'Replacement' }), replacement);
  if (rule) await events.type(dialog.getByRole('textbox', { name: 'Rule' }), rule);
  await events.click(dialog.getByRole('button', { name: 'Add' }));
  return dialog;
}

function listedWords(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Watched words' })).getAllByRole('listitem');
}

async function trySample(events: UserEvent, text: string) {
  const sample = screen.getByRole('textbox', { name: 'Try a sample text' });
  await events.clear(sample);
  await events.type(sample, text);
}

describe('the watched-words editor', () => {
  test('a new hold rule joins the list, and the test box names it for a matching text', async () => {
    const { events } = await openEditor();
    expect(screen.getByText('No watched words yet.')).toBeTruthy();
    expect(screen.getByText('0 / 500 watched words')).toBeTruthy();

    await addWord(events, { pattern: 'spam*', action: 'Hold for approval', rule: 'No spam' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [row] = listedWords();
    expect(row?.textContent).toContain('spam*');
    expect(row?.textContent).toContain('Hold for approval');
    expect(row?.textContent).toContain('Rule: No spam');
    expect(screen.getByText('1 / 500 watched words')).toBeTruthy();
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();

    await trySample(events, 'Cheap spammers, click here');
    expect(await screen.findByText('Held for approval — rule “No spam” (pattern spam*)')).toBeTruthy();

    await trySample(events, 'How wet should the dough be?');
    expect(await screen.findByText('No rule matches.')).toBeTruthy();

    // Moderators are exempt from a rule that does not apply to them.
    await trySample(events, 'spam');
    expect(await screen.findByText('Held for approval — rule “No spam” (pattern spam*)')).toBeTruthy();
    await events.click(screen.getByRole('checkbox', { name: 'Written by a moderator' }));
    expect(await screen.findByText('No rule matches.')).toBeTruthy();
  });

  test('a replace rule shows the text as it would be published', async () => {
    const { events } = await openEditor();
    await addWord(events, { pattern: 'darn', action: 'Replace', replacement: 'd**n', rule: 'Keep it clean' });
    await waitFor(() => expect(listedWords()).toHaveLength(1));
    expect(listedWords()[0]?.textContent).toContain('with “d**n”');

    await trySample(events, 'Well darn it, the loaf sank');
    expect(await screen.findByText('Replaced — result text: Well d**n it, the loaf sank')).toBeTruthy();
    expect(screen.getByText('By rule “Keep it clean” (pattern darn)')).toBeTruthy();
  });

  test('a word without a rule, or with a pattern of stars alone, is refused beside its field', async () => {
    const { events } = await openEditor();
    const dialog = await addWord(events, { pattern: 'spam' });
    const rule = dialog.getByRole('textbox', { name: 'Rule' });
    expect(dialog.getByText('A rule is required.')).toBeTruthy();
    expect(rule.getAttribute('aria-invalid')).toBe('true');
    expect(rule.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('A rule is required.');
    expect(document.activeElement).toBe(rule);

    // Typing in the field clears its message.
    await events.type(rule, 'No spam');
    expect(dialog.queryByText('A rule is required.')).toBeNull();

    const pattern = dialog.getByRole('textbox', { name: 'Word or phrase' });
    await events.clear(pattern);
    await events.type(pattern, '**');
    await events.click(dialog.getByRole('button', { name: 'Add' }));
    expect(dialog.getByText(Messages.invalidWatchedWord)).toBeTruthy();
    expect(screen.getByText('No watched words yet.')).toBeTruthy();
  });

  test('Save sends the whole list with the new-member limits', async () => {
    const sent: unknown[] = [];
    const saved = word({ pattern: 'free money', action: 'block', rule: 'No scams' });
    const { events } = await openEditor({ words: [saved], newMembers: noLimits }, sent);
    expect(screen.getByText('All changes saved.')).toBeTruthy();

    await addWord(events, { pattern: 'spam*', action: 'Hold for approval', rule: 'No spam' });
    const days = screen.getByRole('spinbutton', { name: 'Account younger than (days)' });
    await events.clear(days);
    await events.type(days, '3');
    await events.click(screen.getByRole('switch', { name: 'Hold comments too' }));
    await events.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Watched words saved.')).toBeTruthy();
    expect(sent).toEqual([{ words: [saved, word()], newMembers: { minAgeDays: 3, minPoints: 0, comments: true } }]);
    expect(screen.getByText('All changes saved.')).toBeTruthy();
  });

  test('a limit out of range is refused beside its field, and nothing is sent', async () => {
    const sent: unknown[] = [];
    const { events } = await openEditor(undefined, sent);
    const days = screen.getByRole('spinbutton', { name: 'Account younger than (days)' });
    await events.clear(days);
    await events.type(days, '400');
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The account age can be at most 365.')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });
});

/** Captures the files the page hands the browser to download. */
function captureDownloads(): Array<{ name: string; blob: Blob }> {
  const files: Array<{ name: string; blob: Blob }> = [];
  let lastBlob: Blob | null = null;
  const createObjectURL = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:automod-test';
    },
  });
  // jsdom has no revokeObjectURL, and the page revokes the address a moment after the click: it
  // stays a no-op so that the late call finds it.
  if (typeof URL.revokeObjectURL !== 'function') Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) files.push({ name: this.download, blob: lastBlob });
  });
  onTestFinished(() => {
    click.mockRestore();
    if (createObjectURL) Object.defineProperty(URL, 'createObjectURL', createObjectURL);
    else Reflect.deleteProperty(URL, 'createObjectURL');
  });
  return files;
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('CSV import and export', () => {
  const saved = word({ pattern: 'free money', action: 'block', rule: 'No scams' });
  const imported = [
    word({ pattern: 'spam*', rule: 'No spam, "ever"', appliesToMods: true }),
    word({ pattern: 'darn', action: 'replace', replacement: 'd**n', rule: 'Keep it\nclean' }),
  ];

  test('a file written by the csv module is added to the list, and Export writes the list back', async () => {
    const downloads = captureDownloads();
    const { events } = await openEditor({ words: [saved], newMembers: noLimits });

    const file = new File([watchedWordsToCsv(imported)], 'words.csv', { type: 'text/csv' });
    await events.upload(screen.getByLabelText('CSV file to import'), file);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import 2 watched words' }));
    await events.click(dialog.getByRole('button', { name: 'Add to list' }));

    await waitFor(() => expect(listedWords()).toHaveLength(3));
    expect(listedWords().map((item) => item.querySelector('code')?.textContent)).toEqual(['free money', 'spam*', 'darn']);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [download] = downloads;
    expect(download?.name).toBe('watched-words.csv');
    expect(parseWatchedWordsCsv(await readText(download?.blob ?? new Blob()))).toEqual({ ok: true, words: [saved, ...imported] });
  });

  test('Replace list takes the place of the words already there', async () => {
    const { events } = await openEditor({ words: [saved], newMembers: noLimits });
    await events.upload(screen.getByLabelText('CSV file to import'), new File([watchedWordsToCsv(imported)], 'words.csv', { type: 'text/csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import 2 watched words' }));
    await events.click(dialog.getByRole('button', { name: 'Replace list' }));
    await waitFor(() => expect(listedWords().map((item) => item.querySelector('code')?.textContent)).toEqual(['spam*', 'darn']));
  });

  test('a file with bad rows is not imported, and each bad row is named', async () => {
    const { events } = await openEditor();
    const text = 'pattern,action,replacement,rule,applies_to_mods\nspam*,hold,,No spam,false\nads,hold,,,false\nx,delete,,Nope,false\n';
    await events.upload(screen.getByLabelText('CSV file to import'), new File([text], 'words.csv', { type: 'text/csv' }));
    const alert = await screen.findByText('The file was not imported:');
    const errors = within(alert.parentElement ?? document.body).getAllByRole('listitem').map((item) => item.textContent);
    expect(errors).toEqual(['Row 3: A rule is required.', 'Row 4: Unknown action "delete" (use block, hold, report, replace).']);
    expect(screen.getByText('No watched words yet.')).toBeTruthy();
  });
});
