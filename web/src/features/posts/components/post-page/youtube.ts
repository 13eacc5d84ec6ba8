import { YOUTUBE_EMBED_ORIGIN } from '@quorum/shared/constants';

/** The only hosts whose links are embedded; every other link opens in a new tab. */
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be']);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export interface YouTubeVideo {
  id: string;
  /** Where to start, in seconds. */
  start: number | null;
}

/** "90", "90s", "1m30s", "1h2m3s" as seconds; null for anything else. */
function parseStart(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return null;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? seconds : null;
}

/**
 * The video a link points to when it is a YouTube link (youtube.com, www.youtube.com,
 * m.youtube.com or youtu.be): watch, shorts, embed and live addresses. Null for anything else.
 */
export function parseYouTubeLink(link: string): YouTubeVideo | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return null;

  let id: string | null = null;
  const segments = url.pathname.split('/').filter(Boolean);
  if (url.hostname.toLowerCase() === 'youtu.be') {
    id = segments[0] ?? null;
  } else if (segments[0] === 'watch') {
    id = url.searchParams.get('v');
  } else if (segments[0] === 'shorts' || segments[0] === 'embed' || segments[0] === 'live') {
    id = segments[1] ?? null;
  }
  if (!id || !VIDEO_ID.test(id)) return null;
  return { id, start: parseStart(url.searchParams.get('t') ?? url.searchParams.get('start')) };
}

/** The address of the privacy-enhanced player for a video. */
export function youTubeEmbedUrl(video: YouTubeVideo): string {
  const url = new URL(`${YOUTUBE_EMBED_ORIGIN}/embed/${video.id}`);
  if (video.start) url.searchParams.set('start', String(video.start));
  return url.href;
}
