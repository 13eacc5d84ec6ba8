import type { Image, ImageCopy, ImageFormat } from '@quorum/shared/entities/images';

/** An image as the database hands it out in JSON (see `imageJson` in queries.ts). */
export interface ImageJson {
  id: string;
  format: ImageFormat;
  width: number;
  height: number;
  altText: string | null;
  averageColor: string;
  copies: Array<Omit<ImageCopy, 'url'> & { format?: ImageFormat }>;
}

export function imageUrl(id: string, format: string, copy?: string): string {
  return copy ? `/images/${id}/${copy}.${format}` : `/images/${id}.${format}`;
}

export function presentImage(image: ImageJson | null | undefined): Image | null {
  if (!image) return null;
  return {
    id: image.id,
    url: imageUrl(image.id, image.format),
    width: image.width,
    height: image.height,
    altText: image.altText,
    averageColor: image.averageColor,
    format: image.format,
    copies: image.copies.map((copy) => ({
      name: copy.name,
      url: imageUrl(image.id, copy.format ?? image.format, copy.name),
      width: copy.width,
      height: copy.height,
      objectFit: copy.objectFit,
    })),
  };
}
