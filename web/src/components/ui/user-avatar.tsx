import type { Image } from '@quorum/shared/entities/images';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import { Avatar } from './avatar.tsx';

interface UserAvatarProps {
  username: string;
  image?: Image | null;
  size?: number;
  described?: boolean;
}

/**
 * Another user's picture, or their initial for a reader who turned "Show user profile pictures"
 * off in settings; the reader's own picture always shows.
 */
export function UserAvatar({ username, image, size, described }: UserAvatarProps) {
  const reader = useSessionUser();
  const hidden = reader?.hideUserProfilePictures === true && reader.username !== username;
  return <Avatar name={username} image={hidden ? null : image} size={size} described={described} />;
}
