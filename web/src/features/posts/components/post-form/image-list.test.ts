import type { Image } from '@quorum/shared/entities/images';
import { describe, expect, it } from 'vitest';
import { UNATTACHED_IMAGE_HOURS } from '@quorum/shared/constants';
import { checkSelection, hasUnsavedAltText, imagesReducer, isUploading, keptImages, moveItem, usableKeptImages, type UploadItem } from './image-list.ts';

const item = (key: string, change: Partial<UploadItem> = {}): UploadItem => ({
  key,
  fileName: `${key}.png`,
  previewUrl: null,
  progress: 0,
  image: null,
  uploadedAt: null,
  altText: '',
  savedAltText: '',
  caption: '',
  ...change,
});

const image = (id: string, altText: string | null = null) =>
  ({ id, url: `/images/${id}`, width: 10, height: 10, altText, averageColor: '#000', format: 'png', copies: [] }) as Image;

const file = (name: string, type = 'image/png') => ({ name, type });
const keys = (items: UploadItem[]) => items.map((i) => i.key);

describe('moveItem', () => {
  it('moves an item earlier or later', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list alone at either end or for a missing index', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 1)).toEqual(['a', 'b']);
  });

  it('does not change the list it was given', () => {
    const list = ['a', 'b'];
    moveItem(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('imagesReducer', () => {
  const start = [item('a'), item('b'), item('c')];

  it('adds at the end, moves and removes by key', () => {
    let items = imagesReducer(start, { type: 'add', items: [item('d')] });
    expect(keys(items)).toEqual(['a', 'b', 'c', 'd']);
    items = imagesReducer(items, { type: 'move', key: 'd', offset: -1 });
    expect(keys(items)).toEqual(['a', 'b', 'd', 'c']);
    items = imagesReducer(items, { type: 'move', key: 'a', offset: -1 });
    expect(keys(items)).toEqual(['a', 'b', 'd', 'c']);
    items = imagesReducer(items, { type: 'remove', key: 'b' });
    expect(keys(items)).toEqual(['a', 'd', 'c']);
  });

  it('tracks progress, then the uploaded image with its alt text', () => {
    let items = imagesReducer(start, { type: 'progress', key: 'b', progress: 0.5 });
    expect(items[1]?.progress).toBe(0.5);
    expect(isUploading(items)).toBe(true);
    items = imagesReducer(items, { type: 'uploaded', key: 'b', image: image('img-b', 'a cat'), at: 5 });
    expect(items[1]).toMatchObject({ progress: 1, uploadedAt: 5, altText: 'a cat', savedAltText: 'a cat' });
    expect(items[1]?.image?.id).toBe('img-b');
    const done = items.map((i) => (i.image ? i : { ...i, image: image(i.key) }));
    expect(isUploading(done)).toBe(false);
  });

  it('keeps alt text typed during the upload', () => {
    let items = imagesReducer(start, { type: 'edit', key: 'a', altText: 'typed early' });
    items = imagesReducer(items, { type: 'uploaded', key: 'a', image: image('img-a'), at: 5 });
    expect(items[0]).toMatchObject({ altText: 'typed early', savedAltText: '' });
    expect(items[0] && hasUnsavedAltText(items[0])).toBe(true);
    items = imagesReducer(items, { type: 'altTextSaved', key: 'a', altText: 'typed early' });
    expect(items[0] && hasUnsavedAltText(items[0])).toBe(false);
  });

  it('edits the caption without touching the alt text', () => {
    const items = imagesReducer([item('a', { altText: 'alt' })], { type: 'edit', key: 'a', caption: 'A caption' });
    expect(items[0]).toMatchObject({ altText: 'alt', caption: 'A caption' });
  });
});

describe('checkSelection', () => {
  it('accepts image files', () => {
    const files = [file('a.png'), file('b.jpg', 'image/jpeg')];
    expect(checkSelection(files, 0)).toEqual({ accepted: files, errors: [] });
  });

  it('refuses files that are not images, naming them', () => {
    const result = checkSelection([file('a.png'), file('notes.txt', 'text/plain'), file('mystery', '')], 0);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual(["File 'notes.txt' is of an unsupported type.", "File 'mystery' is of an unsupported type."]);
  });

  it('refuses a selection that would pass 10 images', () => {
    expect(checkSelection([file('a.png'), file('b.png')], 8).accepted).toHaveLength(2);
    const result = checkSelection([file('a.png'), file('b.png')], 9);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual(['Image posts cannot contain more than 10 images. Please select fewer images and continue.']);
  });
});

describe('images kept in a draft', () => {
  it('keeps the uploaded images with their words, not those still uploading', () => {
    const done = item('a', { image: image('img-a'), uploadedAt: 7, progress: 1, altText: 'alt', caption: 'cap' });
    expect(keptImages([done, item('b', { progress: 0.4 })])).toEqual([{ fileName: 'a.png', image: image('img-a'), uploadedAt: 7, altText: 'alt', caption: 'cap' }]);
  });

  it('offers again only the uploads the server has not removed as unused by now', () => {
    const hour = 60 * 60_000;
    const now = 100 * hour;
    const kept = (hoursAgo: number) => ({ fileName: 'x.png', image: image(`img-${hoursAgo}`), uploadedAt: now - hoursAgo * hour, altText: '', caption: '' });
    const usable = usableKeptImages([kept(1), kept(UNATTACHED_IMAGE_HOURS - 2), kept(UNATTACHED_IMAGE_HOURS - 0.5), kept(UNATTACHED_IMAGE_HOURS + 1)], now);
    expect(usable.map((image) => image.image.id)).toEqual(['img-1', `img-${UNATTACHED_IMAGE_HOURS - 2}`]);
  });
});
