import { AVATAR_COLORS } from '@quorum/shared/constants';
import { avatarColorIndex } from '@quorum/shared/format';
import type { Image } from '@quorum/shared/entities/images';

interface AvatarProps {
  name: string;
  image?: Image | null;
  size?: number;
  /**
   * Where the picture stands for the person (a profile's header), its alt text is read out; beside
   * a name it is decoration.
   */
  described?: boolean;
}

/** Dark letters on the light default colours, white on the others, for legible initials. */
function letterColor(background: string): string {
  const value = Number.parseInt(background.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1b1d22' : '#ffffff';
}

/** A picture, or the first letter of the name on one of the eight default colours. */
export function Avatar({ name, image, size = 28, described = false }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.46) };
  if (image) {
    const copy = image.copies.find((item) => item.width >= size * 2) ?? image.copies[0];
    return (
      <img
        className="avatar"
        src={copy?.url ?? image.url}
        alt={described ? (image.altText ?? `Profile picture of @${name}`) : ''}
        width={size}
        height={size}
        loading="lazy"
        style={{ ...style, backgroundColor: image.averageColor }}
      />
    );
  }
  const background = AVATAR_COLORS[avatarColorIndex(name)] ?? AVATAR_COLORS[0];
  return (
    <span className="avatar avatar--letter" style={{ ...style, backgroundColor: background, color: letterColor(background) }} aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
