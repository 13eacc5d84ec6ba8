import type { User } from '@quorum/shared/entities/users';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useImagePicker } from '../../../hooks/use-image-picker.ts';
import { useRemoveProPic } from '../api/remove-pro-pic.ts';
import { useUploadProPic } from '../api/upload-pro-pic.ts';
import { ProPicAltTextModal } from './pro-pic-alt-text-modal.tsx';
import './profile.css';

/** The settings row of the profile picture: the picture with Upload/Change, Alt text and Remove buttons. */
export function ProPicSetting({ user }: { user: User }) {
  const upload = useUploadProPic();
  const remove = useRemoveProPic();
  const picker = useImagePicker((file, options) => upload.mutate({ username: user.username, file }, options));
  const [describing, setDescribing] = useState(false);
  const busy = upload.isPending || remove.isPending;

  return (
    <div className="propic-setting" aria-busy={busy}>
      <Avatar name={user.username} image={user.proPic} size={72} />
      <div className="propic-setting__text">
        <span className="propic-setting__label">Profile picture</span>
        <div className="propic-setting__actions">
          <button type="button" className="button button--small" disabled={busy} onClick={picker.choose}>
            {upload.isPending ? 'Uploading…' : user.proPic ? 'Change' : 'Upload'}
          </button>
          {user.proPic && (
            <button type="button" className="button button--small button--ghost" disabled={busy} onClick={() => setDescribing(true)}>
              Alt text
            </button>
          )}
          {user.proPic && (
            <button type="button" className="button button--small button--ghost" disabled={busy} onClick={() => remove.mutate(user.username)}>
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
          )}
        </div>
      </div>
      <input {...picker.inputProps} aria-label="Upload profile picture" />
      <ProPicAltTextModal open={describing} onClose={() => setDescribing(false)} />
    </div>
  );
}
