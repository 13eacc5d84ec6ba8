import type { Image } from '@quorum/shared/entities/images';

interface ImageViewProps {
  image: Image;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks a fitting copy. */
  sizes?: string;
  /** Load at once (images near the top of a screen) instead of when scrolled near. */
  eager?: boolean;
  /**
   * `contain` (default) shows the whole picture at its own aspect ratio; `cover` fills the box the
   * caller gives it, cropping the picture.
   */
  fit?: 'cover' | 'contain';
  /** Defaults to the image's alt text. */
  alt?: string;
  id?: string;
  className?: string;
}

/** The srcset candidates: copies of the kind that suits the fit, plus the original. */
export function imageSources(image: Image, fit: 'cover' | 'contain'): string {
  const candidates = image.copies
    .filter((copy) => copy.objectFit === fit || fit === 'cover')
    .map((copy) => ({ url: copy.url, width: copy.width }));
  if (fit === 'contain' || candidates.length === 0) candidates.push({ url: image.url, width: image.width });
  const byWidth = new Map<number, string>();
  for (const candidate of candidates.sort((a, b) => a.width - b.width)) {
    if (!byWidth.has(candidate.width)) byWidth.set(candidate.width, candidate.url);
  }
  return [...byWidth].map(([width, url]) => `${url} ${width}w`).join(', ');
}

/**
 * An uploaded picture. Its box keeps the picture's aspect ratio (or the caller's box for
 * `cover`) and shows the average colour until the pixels arrive, so nothing moves while loading.
 */
export function ImageView({ image, sizes = '100vw', eager = false, fit = 'contain', alt, id, className }: ImageViewProps) {
  const classes = ['image-view', `image-view--${fit}`, className].filter(Boolean).join(' ');
  return (
    <img
      id={id}
      className={classes}
      src={image.url}
      srcSet={imageSources(image, fit)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.altText ?? ''}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={{ backgroundColor: image.averageColor }}
    />
  );
}
