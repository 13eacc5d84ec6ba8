import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import { useId, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormError } from '../../../../components/ui/form-error.tsx';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { paths } from '../../../../config/paths.ts';
import { usePostForm } from '../../hooks/use-post-form.ts';
import { usePostFormShortcuts } from '../../hooks/use-post-form-shortcuts.ts';
import { PostFields } from './post-fields.tsx';
import { PostTypeTabs } from './post-type-tabs.tsx';
import { SpeakAsField } from './speak-as-field.tsx';
import './post-form.css';

interface PostFormProps {
  /** The chosen community of a new post, or the community of the post being edited; null while none. */
  community: Community | null;
  /** The chosen community's data is still loading: Post waits for it. */
  communityLoading?: boolean;
  /** The community chooser of a new post (the communities feature provides it), given its error. */
  renderCommunityField?: (error: string | null) => ReactNode;
  /** The input of that chooser, focused when the community is missing. */
  communityInputRef?: RefObject<HTMLInputElement | null>;
  /** The post being edited: only its title, and the body of a text post, can change. */
  post?: Post;
}

const isApplePlatform = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The new post form, and the edit form of a post (`post` given). */
export function PostForm({ community, communityLoading, renderCommunityField, communityInputRef, post }: PostFormProps) {
  const form = usePostForm({ community, communityLoading, post, communityInputRef });
  const { editing, busy, submit } = form;
  const navigate = useNavigate();
  const location = useLocation();
  const baseId = useId();

  usePostFormShortcuts({
    submit: () => void submit(),
    acceptsImages: form.type === 'image' && !editing && !form.lacksPoints,
    addFiles: form.uploads.addFiles,
  });

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter in a one-line box would post a half-written form; only Ctrl+Enter posts.
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  const cancel = () => {
    // Back to where the user came from; the leave confirmation asks first if something was written.
    if (location.key !== 'default') navigate(-1);
    else navigate(post ? paths.post.getHref(post.communityName, post.publicId) : paths.home.getHref());
  };

  const formMessage = form.serverMessage('form');
  return (
    <form className="card post-form" onSubmit={onSubmit} onKeyDown={onFormKeyDown} noValidate aria-busy={busy || undefined}>
      {post ? (
        <div className="field">
          <span className="field__label">Community</span>
          <div className="post-form__fixed-community">
            <Avatar name={post.communityName} image={post.communityProPic} size={24} />
            <span>{post.communityName}</span>
          </div>
        </div>
      ) : (
        renderCommunityField?.(form.shown('community') ?? form.serverMessage('community'))
      )}

      <PostTypeTabs baseId={baseId} value={form.type} locked={editing} onChange={form.changeType} />
      <PostFields form={form} baseId={baseId} post={post} />

      {!editing && (form.canSpeakAsMod || form.canSpeakAsAdmin) && (
        <SpeakAsField
          communityName={community?.name}
          canSpeakAsMod={form.canSpeakAsMod}
          canSpeakAsAdmin={form.canSpeakAsAdmin}
          value={form.userGroup}
          onChange={form.setSpeakAs}
        />
      )}

      <FormError message={formMessage} />

      <div className="post-form__actions">
        <span className="post-form__shortcut" aria-hidden="true">
          <kbd>{isApplePlatform() ? '⌘' : 'Ctrl'}</kbd> + <kbd>Enter</kbd> to {editing ? 'save' : 'post'}
        </span>
        <button type="button" className="button button--ghost" onClick={cancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button--primary post-form__submit"
          disabled={form.lacksPoints || communityLoading}
          aria-busy={busy || undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {busy ? (editing ? 'Saving…' : 'Posting…') : editing ? 'Save' : 'Post'}
        </button>
      </div>
      {form.leaveDialog}
    </form>
  );
}
