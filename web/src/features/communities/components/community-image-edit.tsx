import type { Community } from '@quorum/shared/types';
import { useRef, type ChangeEvent } from 'react';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { useRemoveCommunityImage } from '../api/remove-community-image.ts';
import { uploadFailureMessage } from '../../../lib/upload-errors.ts';
import { useUploadCommunityImage, type CommunityImageKind } from '../api/upload-community-image.ts';
import './communities.css';

const NAMES: Record<CommunityImageKind, string> = { pro_pic: 'icon', banner_image: 'banner' };

interface CommunityImageEditProps {
  community: Community;
  kind: CommunityImageKind;
  className?: string;
}

/** The edit control mods and admins get on a community's icon and banner: upload or remove. */
export function CommunityImageEdit({ community, kind, className }: CommunityImageEditProps) {
  const alerts = useAlerts();
  const upload = useUploadCommunityImage();
  const remove = useRemoveCommunityImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const name = NAMES[kind];
  const current = kind === 'pro_pic' ? community.proPic : community.bannerImage;
  const busy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(
      { community, kind, file },
      {
        onError: (error) => {
          const message = uploadFailureMessage(error, file.name);
          if (message) alerts.show(message);
        },
      },
    );
  };

  return (
    <div className={`image-edit${className ? ` ${className}` : ''}`} data-busy={busy || undefined}>
      {busy ? (
        <span className="image-edit__busy" role="status" aria-label={upload.isPending ? `Uploading ${name}` : `Removing ${name}`}>
          <span className="spinner" aria-hidden="true" />
        </span>
      ) : (
        <Menu
          label={`Edit ${name}`}
          buttonClassName="image-edit__button"
          button={<Icon name="camera" size={16} />}
          align={kind === 'banner_image' ? 'end' : 'start'}
        >
          <MenuButton onSelect={() => inputRef.current?.click()}>
            <Icon name="upload" />
            {current ? `Change ${name}` : `Upload ${name}`}
          </MenuButton>
          {current && (
            <MenuButton onSelect={() => remove.mutate({ community, kind })}>
              <Icon name="trash" />
              Remove {name}
            </MenuButton>
          )}
        </Menu>
      )}
      <input ref={inputRef} type="file" accept="image/*" hidden onChange={onFile} aria-label={`Upload ${name}`} />
    </div>
  );
}
