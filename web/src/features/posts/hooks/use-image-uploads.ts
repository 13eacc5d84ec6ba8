import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { uploadImage } from '../api/upload-image.ts';
import { POST_IMAGES_MAX } from '@quorum/shared/constants';
import { checkSelection, imagesReducer, type KeptImage, type UploadItem } from '../components/post-form/image-list.ts';

/** The upload's own message for a refused file; the generic one for rate limits, network and server failures. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return error.message;
  return genericErrorMessage(error);
}

/**
 * The images of the post being written. Each chosen file is uploaded at once with its progress
 * shown; a removed image stops uploading. Local previews are released when no longer shown.
 */
export function useImageUploads() {
  const [items, dispatch] = useReducer(imagesReducer, []);
  const [errors, setErrors] = useState<string[]>([]);
  const itemsRef = useRef(items);
  useLayoutEffect(() => {
    itemsRef.current = items;
  });
  const nextKey = useRef(0);
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  const release = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
  }, []);

  useEffect(() => {
    const started = uploads.current;
    const shown = previews.current;
    return () => {
      for (const controller of started.values()) controller.abort();
      for (const url of shown.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, errors: refused } = checkSelection(files, itemsRef.current.length);
      setErrors(refused);
      const added: UploadItem[] = accepted.map((file) => {
        nextKey.current += 1;
        const key = `upload-${nextKey.current}`;
        const previewUrl = URL.createObjectURL(file);
        previews.current.set(key, previewUrl);
        return { key, fileName: file.name, previewUrl, progress: 0, image: null, uploadedAt: null, altText: '', savedAltText: '', caption: '' };
      });
      if (added.length === 0) return;
      dispatch({ type: 'add', items: added });

      added.forEach((item, index) => {
        const file = accepted[index];
        if (!file) return;
        const controller = new AbortController();
        uploads.current.set(item.key, controller);
        uploadImage(file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => dispatch({ type: 'progress', key: item.key, progress: total > 0 ? loaded / total : 0 }),
        })
          .then((image) => dispatch({ type: 'uploaded', key: item.key, image, at: Date.now() }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            release(item.key);
            dispatch({ type: 'remove', key: item.key });
            setErrors((current) => [...current, failureMessage(error)]);
          })
          .finally(() => uploads.current.delete(item.key));
      });
    },
    [release],
  );

  const remove = useCallback(
    (key: string) => {
      release(key);
      dispatch({ type: 'remove', key });
    },
    [release],
  );

  const dismissErrors = useCallback(() => setErrors([]), []);

  /** Puts back images uploaded earlier (a draft's), after any already there. */
  const restore = useCallback((kept: readonly KeptImage[]) => {
    const restored = kept.slice(0, Math.max(0, POST_IMAGES_MAX - itemsRef.current.length)).map((image): UploadItem => {
      nextKey.current += 1;
      return { ...image, key: `upload-${nextKey.current}`, previewUrl: null, progress: 1, savedAltText: image.image.altText ?? '' };
    });
    if (restored.length > 0) dispatch({ type: 'add', items: restored });
  }, []);

  return { items, dispatch, errors, addFiles, remove, dismissErrors, restore };
}
