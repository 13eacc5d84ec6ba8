import type { Community } from '@quorum/shared/entities/communities';
import type { Post, PostType } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useDraft } from '../../../lib/drafts/use-draft.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { postFormError, useCreatePost, type PostFormError } from '../api/create-post.ts';
import { useSaveAltText } from '../api/image-alt-text.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { hasUnsavedAltText, keptImages, usableKeptImages, type KeptImage } from '../components/post-form/image-list.ts';
import { useLeaveConfirmation } from '../../../hooks/use-leave-confirmation.tsx';
import { postFormErrors, type PostFormField } from '../components/post-form/validate.ts';
import { useImageUploads } from './use-image-uploads.ts';
import { useSharedContent } from './use-shared-content.ts';

const FIELD_ORDER: PostFormField[] = ['community', 'title', 'images', 'url'];

/** What the new-post form keeps as its draft; pictures still uploading are not kept. */
interface PostDraft {
  type: PostType;
  title: string;
  body: string;
  url: string;
  /** Absent from drafts kept before pictures were. */
  images?: KeptImage[];
}

const NEW_POST_DRAFT = { key: 'post:new', label: 'New post', href: paths.newPost.getHref() };
const isEmptyPost = (draft: PostDraft) => !draft.title.trim() && !draft.body.trim() && !draft.url.trim() && !draft.images?.length;

/**
 * The state of the post form (`post` given: the edit form): its values, which errors show, the
 * points a post type needs, who the post speaks as, and the submit that creates or saves it.
 */
export function usePostForm({ community, communityLoading = false, post, communityInputRef }: {
  community: Community | null;
  /** The chosen community's data is on its way: the form waits for it rather than call it missing. */
  communityLoading?: boolean;
  post?: Post;
  communityInputRef?: RefObject<HTMLInputElement | null>;
}) {
  const editing = post !== undefined;
  const { user, imagePostSubmitReqPoints, linkPostSubmitReqPoints } = useInitialData();
  const navigate = useNavigate();

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
  const { restore: restoreImages } = uploads;
  // A draft kept from before fills what is still empty (a shared link or text comes first); its
  // pictures join any chosen since, unless the server has removed them as unused by now.
  const restoreDraft = useCallback(
    (saved: PostDraft) => {
      setType((current) => (current === 'text' ? saved.type : current));
      setTitle((current) => current || saved.title);
      setBody((current) => current || saved.body);
      setUrl((current) => current || saved.url);
      restoreImages(usableKeptImages(saved.images ?? [], Date.now()));
    },
    [restoreImages],
  );
  const draft = useDraft(editing ? undefined : NEW_POST_DRAFT, restoreDraft, isEmptyPost);
  const { save: saveDraft } = draft;
  const images = useMemo(() => keptImages(uploads.items), [uploads.items]);
  useEffect(() => {
    if (!editing) saveDraft({ type, title, body, url, images });
  }, [editing, saveDraft, type, title, body, url, images]);
  useSharedContent(!editing, (draft, files) => {
    setType(draft.type);
    setTitle(draft.title);
    setUrl(draft.url);
    setBody(draft.body);
    if (files.length > 0) uploads.addFiles(files);
  });
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const saveAltText = useSaveAltText();

  const ownCommunityRef = useRef<HTMLInputElement>(null);
  const communityRef = communityInputRef ?? ownCommunityRef;
  const titleRef = useRef<HTMLTextAreaElement>(null);
  const imagesRef = useRef<HTMLButtonElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const requireAltText = user?.requireAltText === true;
  const errors = postFormErrors({ type, community: community?.name ?? '', title, url, images: uploads.items }, { editing, requireAltText });
  const shown = (field: PostFormField) => (attempted || touched[field] ? (errors[field] ?? null) : null);
  const serverMessage = (field: PostFormError['field']) => (serverError?.field === field ? serverError.message : null);
  const touch = (field: PostFormField) => setTouched((current) => ({ ...current, [field]: true }));

  const neededPoints = type === 'image' ? imagePostSubmitReqPoints : type === 'link' ? linkPostSubmitReqPoints : 0;
  const lacksPoints = !editing && !user?.isAdmin && (user?.points ?? 0) < neededPoints;

  const canSpeakAsMod = community?.userMod === true;
  const canSpeakAsAdmin = user?.isAdmin === true;
  const userGroup: UserGroup = (speakAs === 'mods' && canSpeakAsMod) || (speakAs === 'admins' && canSpeakAsAdmin) ? speakAs : 'normal';

  const unsaved = post
    ? title !== post.title || (post.type === 'text' && body !== (post.body ?? ''))
    : title.trim() !== '' || body.trim() !== '' || url.trim() !== '' || uploads.items.length > 0;
  const busy = createPost.isPending || updatePost.isPending || savingAltTexts;
  const { dialog: leaveDialog, allowLeaving } = useLeaveConfirmation(unsaved);

  const goToPost = (saved: Post) => {
    allowLeaving();
    navigate(paths.post.getHref(saved.communityName, saved.publicId), { replace: true });
  };

  const showServerError = (error: Error) => {
    const shownError = postFormError(error, { communityName: community?.name ?? post?.communityName ?? '', creating: !editing });
    setServerError(shownError);
    if (shownError?.field === 'url') urlRef.current?.focus();
    if (shownError?.field === 'community') communityRef.current?.focus();
  };

  /** Alt text typed but not saved yet is saved first, so the post carries it; false if that failed. */
  const saveTypedAltTexts = async (images: typeof uploads.items): Promise<boolean> => {
    const unsavedAltTexts = images.filter(hasUnsavedAltText);
    if (unsavedAltTexts.length === 0) return true;
    setSavingAltTexts(true);
    try {
      await Promise.all(
        unsavedAltTexts.map(async (item) => {
          if (!item.image) return;
          const saved = await saveAltText.mutateAsync({ imageId: item.image.id, altText: item.altText });
          uploads.dispatch({ type: 'altTextSaved', key: item.key, altText: saved.altText ?? '' });
        }),
      );
      return true;
    } catch {
      // The failure has been announced by the query client's alert; the user can try again.
      return false;
    } finally {
      setSavingAltTexts(false);
    }
  };

  const submit = async () => {
    if (busy || communityLoading) return;
    setAttempted(true);
    setServerError(null);
    const invalid = FIELD_ORDER.find((field) => errors[field]);
    if (invalid) {
      const fieldRefs = { community: communityRef, title: titleRef, images: imagesRef, url: urlRef };
      fieldRefs[invalid].current?.focus();
      return;
    }
    if (lacksPoints) return;

    if (post) {
      updatePost.mutate(
        { publicId: post.publicId, title: title.trim(), body: post.type === 'text' ? (body.trim() === '' ? null : body) : undefined },
        { onSuccess: goToPost, onError: showServerError },
      );
      return;
    }
    if (!community) return;

    const images = type === 'image' ? uploads.items : [];
    if (!(await saveTypedAltTexts(images))) return;
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
      {
        onSuccess: (created) => {
          draft.clear();
          goToPost(created);
        },
        onError: showServerError,
      },
    );
  };

  const changeType = (next: PostType) => {
    setType(next);
    setServerError(null);
  };

  const changeUrl = (next: string) => {
    setUrl(next);
    if (serverError?.field === 'url') setServerError(null);
  };

  return {
    editing, user, type, changeType, title, setTitle, body, setBody, url, changeUrl, uploads, requireAltText,
    titleRef, imagesRef, urlRef, shown, serverMessage, touch, neededPoints, lacksPoints,
    canSpeakAsMod, canSpeakAsAdmin, userGroup, setSpeakAs, busy, submit, leaveDialog,
  };
}

export type PostFormState = ReturnType<typeof usePostForm>;
