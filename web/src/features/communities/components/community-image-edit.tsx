import type { Community } from '@quorum/shared/entities/communities';
import { useState } from 'react';
import { useImagePicker } from '../../../hooks/use-image-picker.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { useRemoveCommunityImage } from '../api/remove-community-image.ts';
import { useUploadCommunityImage, type CommunityImageKind } from '../api/upload-community-image.ts';
import './communities.css';

const NAMES: Record<CommunityImageKind, string> = { pro_pic: 'icon', banner_image: 'banner' };

interface CommunityImageEditProps {
  community: Community;
  kind: CommunityImageKind;
  className?: string;
}

/** The edit control mods and admins get on a community's icon and banner: upload, or remove once confirmed. */
export function CommunityImageEdit({ community, kind, className }: CommunityImageEditProps) {
  const upload = useUploadCommunityImage();
  const remove = useRemoveCommunityImage();
  const [confirming, setConfirming] = useState(false);
  const picker = useImagePicker((file, options) => upload.mutate({ community, kind, file }, options));
  const name = NAMES[kind];
  const current = kind === 'pro_pic' ? community.proPic : community.bannerImage;
  const busy = upload.isPending || remove.isPending;

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
          <MenuButton onSelect={picker.choose}>
            <Icon name="upload" />
            {current ? `Change ${name}` : `Upload ${name}`}
          </MenuButton>
          {current && (
            <MenuButton onSelect={() => setConfirming(true)}>
              <Icon name="trash" />
              Remove {name}
            </MenuButton>
          )}
        </Menu>
      )}
      <input {...picker.inputProps} aria-label={`Upload ${name}`} />
      <ConfirmDialog
        open={confirming}
        title={`Remove the ${name} of /${community.name}?`}
        description={`The community will show no ${name} until a new one is uploaded.`}
        confirmLabel="Remove"
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate({ community, kind });
        }}
      />
    </div>
  );
}
