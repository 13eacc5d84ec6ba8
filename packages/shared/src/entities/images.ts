import { Type, type Static } from '@sinclair/typebox';
import { IMAGE_COPY_NAMES, IMAGE_FORMATS } from '../constants.ts';
import { Nullable, OneOf } from './schema.ts';

export type ImageCopyName = (typeof IMAGE_COPY_NAMES)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const ImageCopy = Type.Object({
  name: OneOf(IMAGE_COPY_NAMES),
  url: Type.String(),
  width: Type.Number(),
  height: Type.Number(),
  objectFit: OneOf(['cover', 'contain']),
});
export type ImageCopy = Static<typeof ImageCopy>;

export const Image = Type.Object({
  id: Type.String(),
  url: Type.String(),
  width: Type.Number(),
  height: Type.Number(),
  altText: Nullable(Type.String()),
  averageColor: Type.String(),
  format: OneOf(IMAGE_FORMATS),
  caption: Type.Optional(Nullable(Type.String())),
  copies: Type.Array(ImageCopy),
});
export type Image = Static<typeof Image>;
