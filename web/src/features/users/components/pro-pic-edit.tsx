import type { User } from '@quorum/shared/entities/users';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { useImagePicker } from '../../../hooks/use-image-picker.ts';
import { useRemoveProPic } from '../api/remove-pro-pic.ts';
import { useUploadProPic } from '../api/upload-pro-pic.ts';
import { ProPicAltTextModal } from './pro-pic-alt-text-modal.tsx';
import './profile.css';

/** The owner's control on their profile picture: upload a new one, describe it or remove it. */
export function ProPicEdit({ user, className }: { user: User; className?: string }) {
  const upload = useUploadProPic();
  const remove = useRemoveProPic();
  const picker = useImagePicker((file, options) => upload.mutate({ username: user.username, file }, options));
  const [describing, setDescribing] = useState(false);
  const busy = upload.isPending || remove.isPending;

  return (
    <div className={`propic-edit${className ? ` ${className}` : ''}`}>
      {busy ? (
        <span className="propic-edit__busy" role="status" aria-label={upload.isPending ? 'Uploading profile picture' : 'Removing profile picture'}>
          <span className="propic-edit__spinner" aria-hidden="true" />
        </span>
      ) : (
        <Menu label="Edit profile picture" buttonClassName="propic-edit__button" button={<Icon name="camera" size={16} />} align="start">
          <MenuButton onSelect={picker.choose}>
            <Icon name="upload" />
            {user.proPic ? 'Change picture' : 'Upload picture'}
          </MenuButton>
          {user.proPic && (
            <MenuButton onSelect={() => setDescribing(true)}>
              <Icon name="eye" />
              Alt text
            </MenuButton>
          )}
          {user.proPic && (
            <MenuButton onSelect={() => remove.mutate(user.username)}>
              <Icon name="trash" />
              Remove picture
            </MenuButton>
          )}
        </Menu>
      )}
      <input {...picker.inputProps} aria-label="Upload profile picture" />
      <ProPicAltTextModal open={describing} onClose={() => setDescribing(false)} />
    </div>
  );
}
