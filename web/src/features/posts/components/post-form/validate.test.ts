import type { Image } from '@quorum/shared/entities/images';
import { describe, expect, it } from 'vitest';
import type { UploadItem } from './image-list.ts';
import { cutTitle, postFormErrors, type PostFormValues } from './validate.ts';

const uploaded = (key: string, altText = ''): UploadItem => ({
  key,
  fileName: `${key}.png`,
  previewUrl: null,
  progress: 1,
  uploadedAt: 1,
  image: { id: `img-${key}`, url: '', width: 1, height: 1, altText: null, averageColor: '#000', format: 'png', copies: [] } as Image,
  altText,
  savedAltText: '',
  caption: '',
});
const uploading = (key: string): UploadItem => ({ ...uploaded(key), image: null, uploadedAt: null, progress: 0.3 });

const valid: PostFormValues = { type: 'text', community: 'general', title: 'A fine title', url: '', images: [] };

describe('postFormErrors', () => {
  it('passes a complete text post', () => {
    expect(postFormErrors(valid)).toEqual({});
  });

  it('needs a community and a title of 3 characters or more', () => {
    expect(postFormErrors({ ...valid, community: '', title: '' })).toEqual({
      community: 'Select a community first',
      title: 'Your post needs a title',
    });
    expect(postFormErrors({ ...valid, title: 'ab' }).title).toBe('Title is too short');
  });

  it('needs at least one uploaded image in an image post', () => {
    expect(postFormErrors({ ...valid, type: 'image' }).images).toBe("You haven't uploaded an image");
    expect(postFormErrors({ ...valid, type: 'image', images: [uploading('a')] }).images).toBe("You haven't uploaded an image");
    expect(postFormErrors({ ...valid, type: 'image', images: [uploaded('a'), uploading('b')] }).images).toBe(
      'Please wait until the images finish uploading.',
    );
    expect(postFormErrors({ ...valid, type: 'image', images: [uploaded('a')] })).toEqual({});
  });

  it('asks for alt text on every image when the user wants it', () => {
    const images = [uploaded('a', 'A red bicycle'), uploaded('b', '  ')];
    expect(postFormErrors({ ...valid, type: 'image', images })).toEqual({});
    expect(postFormErrors({ ...valid, type: 'image', images }, { requireAltText: true }).images).toBe(
      'One or more images are missing alt text...',
    );
  });

  it('needs an http or https address in a link post', () => {
    expect(postFormErrors({ ...valid, type: 'link' }).url).toBe('Please submit a valid URL');
    expect(postFormErrors({ ...valid, type: 'link', url: 'example.com' }).url).toBe('Please submit a valid URL');
    expect(postFormErrors({ ...valid, type: 'link', url: 'https://example.com' })).toEqual({});
  });

  it('checks only the fields of the chosen type', () => {
    expect(postFormErrors({ ...valid, type: 'text', url: 'nonsense' })).toEqual({});
  });

  it('checks only the title of an edit', () => {
    expect(postFormErrors({ ...valid, community: '', type: 'link', title: 'ab' }, { editing: true })).toEqual({ title: 'Title is too short' });
  });
});

describe('cutTitle', () => {
  it('cuts at 255 characters, counting an emoji as one', () => {
    expect(cutTitle('a'.repeat(300))).toHaveLength(255);
    expect([...cutTitle('😀'.repeat(300))]).toHaveLength(255);
    expect(cutTitle('short')).toBe('short');
  });

  it('keeps a title on one line', () => {
    expect(cutTitle('pasted\r\n  over two lines')).toBe('pasted over two lines');
  });
});
