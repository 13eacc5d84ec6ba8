import type { Image } from '@quorum/shared/entities/images';
import { useMemo, type KeyboardEvent } from 'react';
import YetAnotherLightbox, { useLightboxState, type SlideImage } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { keepTabInside } from '../../../lib/focus.ts';
import { Icon } from '../icon.tsx';
import './lightbox.css';

export interface LightboxViewProps {
  images: Image[];
  /** The image shown when it opens; null keeps it closed. */
  index: number | null;
  label: string;
  onView: (index: number) => void;
  onClose: () => void;
}

/** What is said under a picture: its caption and its alt text, each once. */
function describe(image: Image): string | undefined {
  const lines = [image.caption, image.altText].map((line) => line?.trim() ?? '').filter(Boolean);
  return [...new Set(lines)].join('\n') || undefined;
}

/** A slide per picture, offering the copies that show it whole and the original. */
function toSlide(image: Image): SlideImage {
  const copies = image.copies
    .filter((copy) => copy.objectFit === 'contain')
    .map((copy) => ({ src: copy.url, width: copy.width, height: copy.height }));
  return {
    src: image.url,
    alt: image.altText ?? '',
    width: image.width,
    height: image.height,
    srcSet: [...copies, { src: image.url, width: image.width, height: image.height }],
    description: describe(image),
  };
}

/** A link to the full-size file of the picture on screen, in a new tab. */
function OpenOriginal({ images }: { images: Image[] }) {
  const { currentIndex } = useLightboxState();
  const image = images[currentIndex];
  if (!image) return null;
  return (
    <a className="lightbox__original" href={image.url} target="_blank" rel="noopener">
      <Icon name="externalLink" size={18} />
      <span className="lightbox__original-label">Open original</span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The full-screen picture viewer, built on yet-another-react-lightbox: swipe, arrow keys and buttons
 * between pictures, pinch, double-tap, Ctrl+wheel and +/- to zoom, the alt text as a caption, Escape
 * to close. Its code is loaded on demand (see lightbox.tsx).
 */
export function LightboxView({ images, index, label, onView, onClose }: LightboxViewProps) {
  const slides = useMemo(() => images.map(toSlide), [images]);
  const single = images.length === 1;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    keepTabInside(event, event.currentTarget);
    // Keys pressed in the viewer are its own: the page's shortcuts (such as '/' for search) must not act behind it.
    event.stopPropagation();
  };
  return (
    <YetAnotherLightbox
      open={index !== null}
      index={index ?? 0}
      slides={slides}
      close={onClose}
      on={{ view: ({ index: viewed }) => onView(viewed) }}
      plugins={single ? [Captions, Zoom] : [Captions, Counter, Zoom]}
      className="lightbox"
      labels={{
        Lightbox: label,
        Previous: 'Previous image',
        Next: 'Next image',
        Close: 'Close',
        Carousel: 'Images',
        'Photo gallery': label,
        Slide: 'Image',
        '{index} of {total}': 'Image {index} of {total}',
        Caption: 'Description',
      }}
      carousel={{ finite: true, preload: 1, padding: 0 }}
      controller={{ closeOnBackdropClick: true, closeOnPullDown: true }}
      zoom={{ maxZoomPixelRatio: 2, doubleClickMaxStops: 2 }}
      toolbar={{ buttons: [<OpenOriginal key="original" images={images} />, 'zoom', 'close'] }}
      portal={{ container: { onKeyDown } }}
      render={{
        iconPrev: () => <Icon name="chevronLeft" size={28} />,
        iconNext: () => <Icon name="chevronRight" size={28} />,
        iconClose: () => <Icon name="close" size={24} />,
        ...(single ? { buttonPrev: () => null, buttonNext: () => null } : null),
      }}
    />
  );
}
