import { describe, expect, it } from 'vitest';
import { parseYouTubeLink, youTubeEmbedUrl } from './youtube.ts';

describe('parseYouTubeLink', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=x', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://www.youtube.com/live/dQw4w9WgXcQ?feature=share', 'dQw4w9WgXcQ'],
  ])('finds the video of %s', (link, id) => {
    expect(parseYouTubeLink(link)?.id).toBe(id);
  });

  it.each([
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://vimeo.com/123456',
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com/watch?v=short',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'not a url',
  ])('does not embed %s', (link) => {
    expect(parseYouTubeLink(link)).toBeNull();
  });

  it('reads the start time', () => {
    expect(parseYouTubeLink('https://youtu.be/dQw4w9WgXcQ?t=90')?.start).toBe(90);
    expect(parseYouTubeLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')?.start).toBe(90);
    expect(parseYouTubeLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.start).toBeNull();
  });
});

describe('youTubeEmbedUrl', () => {
  it('uses the privacy-enhanced player', () => {
    expect(youTubeEmbedUrl({ id: 'dQw4w9WgXcQ', start: null })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youTubeEmbedUrl({ id: 'dQw4w9WgXcQ', start: 90 })).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
  });
});
