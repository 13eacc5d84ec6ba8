import type { Community, Post, PostType, UserGroup } from '@quorum/shared/types';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { Icon } from '../../../../components/ui/icon.tsx';
import { ImageView } from '../../../../components/ui/image-view.tsx';
import { tabId, tabPanelId } from '../../../../components/ui/tabs.tsx';
import { paths } from '../../../../config/paths.ts';
import { useInitialData } from '../../../../lib/session/get-initial.ts';
import { postFormError, useCreatePost, type PostFormError } from '../../api/create-post.ts';
import { useSaveAltText } from '../../api/image-alt-text.ts';
import { useUpdatePost } from '../../api/update-post.ts';
import { BodyEditor } from './body-editor.tsx';
import { hasUnsavedAltText } from './image-list.ts';
import { ImageUploader } from './image-uploader.tsx';
import { useLeaveConfirmation } from './leave-confirmation.tsx';
import { LinkField } from './link-field.tsx';
import { PostTypeTabs } from './post-type-tabs.tsx';
import { TitleField } from './title-field.tsx';
import { useImageUploads } from './use-image-uploads.ts';
import { cutTitle, postFormErrors, type PostFormField } from './validate.ts';

/** What the post form hands to the community field it is given. */
export interface CommunityFieldProps {
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}

interface PostFormProps {
  /** The chosen community of a new post, or the community of the post being edited; null while none. */
  community: Community | null;
  /** The community chooser of a new post (the communities feature provides it). */
  renderCommunityField?: (field: CommunityFieldProps) => ReactNode;
  /** The post being edited: only its title, and the body of a text post, can change. */
  post?: Post;
}

const FIELD_ORDER: PostFormField[] = ['community', 'title', 'images', 'url'];
const NOT_ENOUGH_POINTS: Record<PostType, string> = {
  text: '',
  image: "You don't have enough points to submit images yet.",
  link: "You don't have enough points to submit links yet.",
};

const isApplePlatform = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The new post form, and the edit form of a post (`post` given). */
export function PostForm({ community, renderCommunityField, post }: PostFormProps) {
  const editing = post !== undefined;
  const { user, imagePostSubmitReqPoints, linkPostSubmitReqPoints } = useInitialData();
  const navigate = useNavigate();
  const location = useLocation();
  const baseId = useId();

  const [type, setType] = useState<PostType>(post?.type ?? 'text');
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [url, setUrl] = useState('');
  const [speakAs, setSpeakAs] = useState<UserGroup>('normal');
  const [touched, setTouched] = useState<Partial<Record<PostFormField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<PostFormError | null>(null);
  const [savingAltTexts, setSavingAltTexts] = useState(false);
  const uploads = useImageUploads();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost(post?.publicId ?? '');
  const saveAltText = useSaveAltText();

  const communityRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLTextAreaElement>(null);
  const imagesRef = useRef<HTMLButtonElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const requireAltText = user?.requireAltText === true;
  const errors = postFormErrors({ type, community: community?.name ?? '', title, url, images: uploads.items }, { editing, requireAltText });
  const shown = (field: PostFormField) => (attempted || touched[field] ? (errors[field] ?? null) : null);
  const serverMessage = (field: PostFormError['field']) => (serverError?.field === field ? serverError.message : null);

  const neededPoints = type === 'image' ? imagePostSubmitReqPoints : type === 'link' ? linkPostSubmitReqPoints : 0;
  const lacksPoints = !editing && !user?.isAdmin && (user?.points ?? 0) < neededPoints;

  const canSpeakAsMod = community?.userMod === true;
  const canSpeakAsAdmin = user?.isAdmin === true;
  const userGroup: UserGroup = (speakAs === 'mods' && canSpeakAsMod) || (speakAs === 'admins' && canSpeakAsAdmin) ? speakAs : 'normal';

  const unsaved = post
    ? title !== post.title || (post.type === 'text' && body !== (post.body ?? ''))
    : title.trim() !== '' || body.trim() !== '' || url.trim() !== '' || uploads.items.length > 0;
  const busy = createPost.isPending || updatePost.isPending || savingAltTexts;
  const { dialog, allowLeaving } = useLeaveConfirmation(unsaved);

  const focusField = (field: PostFormField) => {
    const target = { community: communityRef, title: titleRef, images: imagesRef, url: urlRef }[field].current;
    target?.focus();
  };

  const goToPost = (saved: Post) => {
    allowLeaving();
    navigate(paths.post.getHref(saved.communityName, saved.publicId), { replace: true });
  };

  const showServerError = (error: Error) => {
    const shownError = postFormError(error, community?.name ?? post?.communityName ?? '');
    setServerError(shownError);
    if (shownError?.field === 'url') urlRef.current?.focus();
    if (shownError?.field === 'community') communityRef.current?.focus();
  };

  const submit = async () => {
    if (busy) return;
    setAttempted(true);
    setServerError(null);
    const invalid = FIELD_ORDER.find((field) => errors[field]);
    if (invalid) {
      focusField(invalid);
      return;
    }
    if (lacksPoints) return;

    if (post) {
      updatePost.mutate(
        { title: title.trim(), body: post.type === 'text' ? (body.trim() === '' ? null : body) : undefined },
        { onSuccess: goToPost, onError: showServerError },
      );
      return;
    }
    if (!community) return;

    const images = type === 'image' ? uploads.items : [];
    const unsavedAltTexts = images.filter(hasUnsavedAltText);
    if (unsavedAltTexts.length > 0) {
      // Alt text typed but not saved yet is saved first, so the post carries it.
      setSavingAltTexts(true);
      try {
        await Promise.all(
          unsavedAltTexts.map(async (item) => {
            if (!item.image) return;
            const saved = await saveAltText.mutateAsync({ imageId: item.image.id, altText: item.altText });
            uploads.dispatch({ type: 'altTextSaved', key: item.key, altText: saved.altText ?? '' });
          }),
        );
      } catch {
        // The failure has been announced by the query client's alert; the user can try again.
        return;
      } finally {
        setSavingAltTexts(false);
      }
    }

    createPost.mutate(
      {
        type,
        title: title.trim(),
        community: community.name,
        userGroup,
        body: type === 'text' && body.trim() !== '' ? body : null,
        images: images.flatMap((item) => (item.image ? [{ imageId: item.image.id, caption: item.caption.trim() || null }] : [])),
        url: type === 'link' ? url.trim() : null,
      },
      { onSuccess: goToPost, onError: showServerError },
    );
  };

  // Ctrl+Enter (Cmd+Enter on Apple devices) posts from anywhere on the page, unless a dialog is open.
  const submitRef = useRef(submit);
  useLayoutEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      void submitRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // A pasted image, or one dropped anywhere on the page, joins the post while the Image tab is
  // open. Files dropped elsewhere are ignored rather than opened in place of the page.
  const addFiles = uploads.addFiles;
  const acceptsImages = type === 'image' && !editing && !lacksPoints;
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = acceptsImages ? 'copy' : 'none';
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (acceptsImages) addFiles(Array.from(event.dataTransfer?.files ?? []));
    };
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (!acceptsImages || files.length === 0) return;
      event.preventDefault();
      addFiles(files);
    };
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  }, [acceptsImages, addFiles]);

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

  const touch = (field: PostFormField) => setTouched((current) => ({ ...current, [field]: true }));
  const submitLabel = editing ? 'Save' : 'Post';
  const busyLabel = editing ? 'Saving…' : 'Posting…';

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
        renderCommunityField?.({ error: shown('community') ?? serverMessage('community'), inputRef: communityRef })
      )}

      <PostTypeTabs
        baseId={baseId}
        value={type}
        locked={editing}
        onChange={(next) => {
          setType(next);
          setServerError(null);
        }}
      />

      <div role="tabpanel" id={tabPanelId(baseId)} aria-labelledby={tabId(baseId, type)} className="post-form__panel">
        {lacksPoints && (
          <div className="notice post-form__points" role="status">
            <Icon name="lock" size={18} />
            <p>
              <strong>{NOT_ENOUGH_POINTS[type]}</strong> {type === 'image' ? 'Image' : 'Link'} posts need {neededPoints}{' '}
              {neededPoints === 1 ? 'point' : 'points'}; you have {user?.points ?? 0}. Text posts are open to everyone.
            </p>
          </div>
        )}

        <TitleField
          inputRef={titleRef}
          value={title}
          onChange={(value) => setTitle(value)}
          onBlur={() => touch('title')}
          error={shown('title')}
        />

        {type === 'text' && <BodyEditor value={body} onChange={setBody} />}

        {type === 'image' &&
          (post ? (
            <ExistingImages post={post} />
          ) : (
            !lacksPoints && (
              <ImageUploader
                items={uploads.items}
                dispatch={uploads.dispatch}
                onAddFiles={addFiles}
                onRemove={uploads.remove}
                uploadErrors={uploads.errors}
                error={shown('images')}
                requireAltText={requireAltText}
                buttonRef={imagesRef}
              />
            )
          ))}

        {type === 'link' &&
          (post ? (
            <ExistingLink post={post} />
          ) : (
            !lacksPoints && (
              <LinkField
                inputRef={urlRef}
                value={url}
                onChange={(value) => {
                  setUrl(value);
                  if (serverError?.field === 'url') setServerError(null);
                }}
                onBlur={() => touch('url')}
                error={shown('url') ?? serverMessage('url')}
                titleEmpty={title.trim() === ''}
                onUseTitle={(pageTitle) => setTitle(cutTitle(pageTitle.replace(/\s+/g, ' ').trim()))}
              />
            )
          ))}
      </div>

      {!editing && (canSpeakAsMod || canSpeakAsAdmin) && (
        <fieldset className="post-form__speak">
          <legend className="field__label">Speaking as</legend>
          <div className="post-form__speak-options">
            {canSpeakAsMod && (
              <label className="post-form__check">
                <input type="checkbox" checked={userGroup === 'mods'} onChange={(event) => setSpeakAs(event.target.checked ? 'mods' : 'normal')} />
                <span>Moderator of {community?.name}</span>
              </label>
            )}
            {canSpeakAsAdmin && (
              <label className="post-form__check">
                <input type="checkbox" checked={userGroup === 'admins'} onChange={(event) => setSpeakAs(event.target.checked ? 'admins' : 'normal')} />
                <span>Admin</span>
              </label>
            )}
          </div>
          <p className="field__hint">
            {userGroup === 'normal' ? 'Your post is signed with your username only.' : `Your post is marked as written by the ${userGroup === 'mods' ? 'moderators' : 'admins'}.`}
          </p>
        </fieldset>
      )}

      {serverMessage('form') && (
        <p className="form__error" role="alert">
          {serverMessage('form')}
        </p>
      )}

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
          disabled={lacksPoints}
          aria-busy={busy || undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
      {dialog}
    </form>
  );
}

function ExistingImages({ post }: { post: Post }) {
  return (
    <div className="field">
      <span className="field__label">Images</span>
      <ul className="post-form__existing-images">
        {post.images.map((image) => (
          <li key={image.id}>
            <ImageView image={image} fit="cover" sizes="120px" />
          </li>
        ))}
      </ul>
      <p className="field__hint">The images of a post cannot be changed after posting.</p>
    </div>
  );
}

function ExistingLink({ post }: { post: Post }) {
  return (
    <div className="field">
      <span className="field__label">URL</span>
      <p className="post-form__existing-link">
        <Icon name="link" size={16} />
        <span>{post.link?.url ?? 'No link'}</span>
      </p>
      <p className="field__hint">The link of a post cannot be changed after posting.</p>
    </div>
  );
}
