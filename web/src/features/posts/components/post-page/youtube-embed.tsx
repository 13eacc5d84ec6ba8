import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../../components/ui/icon.tsx';
import { youTubeEmbedUrl, type YouTubeVideo } from './youtube.ts';

/** Embeds start loading this far before they scroll into view. */
const LOAD_MARGIN = '200px';

/**
 * A YouTube player in a 16:9 box. The player (and everything it fetches) loads only when the box
 * comes within 200 px of the screen; until then the box holds its place.
 */
export function YouTubeEmbed({ video, title }: { video: YouTubeVideo; title: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={boxRef} className="post-embed" data-loaded={near || undefined}>
      {near ? (
        <iframe
          className="post-embed__frame"
          src={youTubeEmbedUrl(video)}
          title={`YouTube video: ${title}`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <span className="post-embed__placeholder" aria-hidden="true">
          <Icon name="externalLink" size={28} />
        </span>
      )}
    </div>
  );
}
