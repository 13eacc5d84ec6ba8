import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors, firstIssueMessage } from '../validation.ts';
import { createPostBody, imagePostImages, linkPostUrl, postCommunity, postTitle } from './posts.ts';

const image = (n: number) => ({ imageId: `image-${n}`, caption: null });

describe('post form pieces', () => {
  it.each([
    ['', 'Your post needs a title'],
    ['   ', 'Your post needs a title'],
    ['ab', 'Title is too short'],
    [' ab ', 'Title is too short'],
  ])('title %j: %s', (title, message) => {
    expect(firstIssueMessage(postTitle, title)).toBe(message);
  });

  it('cuts a title to 255 characters', () => {
    expect(v.parse(postTitle, 'x'.repeat(300))).toHaveLength(255);
    expect([...v.parse(postTitle, '😀'.repeat(300))]).toHaveLength(255);
  });

  it('needs a community', () => {
    expect(firstIssueMessage(postCommunity, '')).toBe('Select a community first');
    expect(firstIssueMessage(postCommunity, 'general')).toBeNull();
  });

  it('needs one to ten images', () => {
    expect(firstIssueMessage(imagePostImages, [])).toBe("You haven't uploaded an image");
    expect(firstIssueMessage(imagePostImages, [image(1)])).toBeNull();
    expect(firstIssueMessage(imagePostImages, Array.from({ length: 10 }, (_, n) => image(n)))).toBeNull();
    expect(firstIssueMessage(imagePostImages, Array.from({ length: 11 }, (_, n) => image(n)))).toBe(
      'Image posts cannot contain more than 10 images. Please select fewer images and continue.',
    );
  });

  it.each(['', '   ', 'example.com', 'ftp://example.com/file', 'javascript:alert(1)', 'http://', 'https://exa mple.com'])(
    'refuses the URL %j',
    (url) => {
      expect(firstIssueMessage(linkPostUrl, url)).toBe('Please submit a valid URL');
    },
  );

  it.each(['http://example.com', 'https://example.com/a/b?c=d#e', ' https://example.invalid/page ', 'http://localhost:8080/x'])(
    'accepts the URL %j',
    (url) => {
      expect(firstIssueMessage(linkPostUrl, url)).toBeNull();
    },
  );
});

describe('createPostBody', () => {
  const valid = { type: 'text', title: 'A title', community: 'general' };

  it('accepts a text post', () => {
    expect(fieldErrors(createPostBody, valid)).toEqual({});
  });

  it('gives the spec messages for a missing community, image or URL', () => {
    expect(fieldErrors(createPostBody, { ...valid, community: '' }).community).toBe('Select a community first');
    expect(firstIssueMessage(createPostBody, { ...valid, type: 'image' })).toBe("You haven't uploaded an image");
    expect(firstIssueMessage(createPostBody, { ...valid, type: 'link', url: '' })).toBe('Please submit a valid URL');
  });

  it('leaves a malformed URL to the server, which answers invalid-url', () => {
    expect(firstIssueMessage(createPostBody, { ...valid, type: 'link', url: 'not a url' })).toBeNull();
  });
});
