import type { Image } from '@quorum/shared/entities/images';
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Icon } from '../../../../components/ui/icon.tsx';
import { ImageView } from '../../../../components/ui/image-view.tsx';
import { Lightbox, useLightbox } from '../../../../components/ui/lightbox/lightbox.tsx';
import './post-page.css';

const SIZES = '(max-width: 767px) 100vw, 760px';

/**
 * The pictures of an image post. Several pictures share one frame, shaped for the tallest of them
 * so that stepping through never moves the page, with previous/next buttons (and arrow keys), a
 * counter and each picture's caption. A picture opens full screen in the lightbox, at that picture;
 * the frame shows the last one looked at there when it closes.
 */
export function ImageGallery({ images, title }: { images: Image[]; title: string }) {
  const [index, setIndex] = useState(0);
  const openerRef = useRef<HTMLButtonElement>(null);
  const imageId = useId();
  const lightbox = useLightbox((lastViewed) => {
    setIndex(lastViewed);
    openerRef.current?.focus();
  });
  const count = images.length;
  const current = Math.min(index, count - 1);
  const image = images[current];
  if (!image) return null;
  const ratio = Math.min(...images.map((item) => item.width / Math.max(1, item.height)));

  const go = (step: number) => setIndex((value) => Math.min(count - 1, Math.max(0, value + step)));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };
  const openLightbox = (event: MouseEvent<HTMLButtonElement>) => {
    // Safari does not focus a clicked button; focus comes back to it when the lightbox closes.
    event.currentTarget.focus();
    lightbox.open(current);
  };

  const opener = (
    <button
      ref={openerRef}
      type="button"
      className="gallery__open"
      aria-label={count === 1 ? 'View image' : `View image ${current + 1} of ${count}`}
      aria-describedby={imageId}
      onClick={openLightbox}
    >
      <ImageView key={image.id} id={imageId} image={image} sizes={SIZES} eager={current === 0} alt={image.altText || title} className="gallery__image" />
    </button>
  );
  const viewer = <Lightbox images={images} control={lightbox} label="Image viewer" />;

  if (count === 1) {
    return (
      <>
        <figure className="gallery">
          <div className="gallery__frame" style={{ aspectRatio: String(ratio) }}>
            {opener}
          </div>
          {image.caption && <figcaption className="gallery__caption">{image.caption}</figcaption>}
        </figure>
        {viewer}
      </>
    );
  }

  return (
    <>
      <figure className="gallery" role="group" aria-roledescription="gallery" aria-label={`${count} images`} onKeyDown={onKeyDown}>
        <div className="gallery__frame" style={{ aspectRatio: String(ratio) }}>
          {opener}
          <button type="button" className="gallery__nav gallery__nav--prev" aria-label="Previous image" disabled={current === 0} onClick={() => go(-1)}>
            <Icon name="back" size={20} />
          </button>
          <button type="button" className="gallery__nav gallery__nav--next" aria-label="Next image" disabled={current === count - 1} onClick={() => go(1)}>
            <Icon name="back" size={20} className="icon gallery__next-icon" />
          </button>
          <span className="image-badge gallery__counter" aria-live="polite">
            {current + 1} / {count}
          </span>
        </div>
        {image.caption && <figcaption className="gallery__caption">{image.caption}</figcaption>}
      </figure>
      {viewer}
    </>
  );
}
