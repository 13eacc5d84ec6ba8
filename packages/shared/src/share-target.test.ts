import { describe, expect, it } from 'vitest';
import { sharedDraft } from './share-target.ts';

const share = (fields: Partial<{ title: string; text: string; url: string; fileCount: number }>) =>
  sharedDraft({ title: '', text: '', url: '', fileCount: 0, ...fields });

describe('sharedDraft', () => {
  it('makes a link post of a shared address, titled by the page', () => {
    expect(share({ title: 'A good read', url: 'https://example.com/a' })).toEqual({ type: 'link', title: 'A good read', url: 'https://example.com/a', body: '' });
  });

  it('finds an address inside the text and keeps the rest as the title', () => {
    expect(share({ text: 'Look at this https://example.com/b?x=1' })).toEqual({ type: 'link', title: 'Look at this', url: 'https://example.com/b?x=1', body: '' });
  });

  it('makes an image post of shared files, with the link kept', () => {
    expect(share({ title: 'Sunset', url: 'https://example.com/c', fileCount: 1 })).toMatchObject({ type: 'image', title: 'Sunset', url: 'https://example.com/c' });
  });

  it('makes a text post of plain text: one short line is the title, more is the body', () => {
    expect(share({ text: 'Just a thought' })).toEqual({ type: 'text', title: 'Just a thought', url: '', body: '' });
    expect(share({ title: 'Notes', text: 'line one\nline two' })).toEqual({ type: 'text', title: 'Notes', url: '', body: 'line one\nline two' });
    expect(share({ text: 'line one\nline two' })).toEqual({ type: 'text', title: '', url: '', body: 'line one\nline two' });
  });

  it('cuts a long title to the limit', () => {
    expect(share({ title: 'x'.repeat(400), url: 'https://example.com' }).title).toHaveLength(255);
  });
});
