import { ALT_TEXT_MAX, IMAGE_CAPTION_MAX, POST_IMAGES_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { useEffect, useId, useRef, useState, type Dispatch, type DragEvent, type Ref } from 'react';
import { useAlerts } from '../../../../lib/alerts-context.tsx';
import { Icon } from '../../../../components/ui/icon.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { useSaveAltText } from '../../api/image-alt-text.ts';
import { hasUnsavedAltText, type ImagesAction, type UploadItem } from './image-list.ts';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

interface ImageUploaderProps {
  items: UploadItem[];
  dispatch: Dispatch<ImagesAction>;
  onAddFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** Files that could not be added or uploaded. */
  uploadErrors: string[];
  error: string | null;
  requireAltText: boolean;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * The images of an image post: choose files, drop them or paste them; each shows its upload
 * progress, then takes alt text and a caption and can be moved or removed.
 */
export function ImageUploader({ items, dispatch, onAddFiles, onRemove, uploadErrors, error, requireAltText, buttonRef }: ImageUploaderProps) {
  const id = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState(false);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const focusAfterMove = useRef<{ key: string; action: 'earlier' | 'later' } | null>(null);
  const full = items.length >= POST_IMAGES_MAX;

  // Moving an item moves its element, which loses focus: put focus back on the button pressed,
  // or on the other arrow when the item reached an end.
  useEffect(() => {
    const request = focusAfterMove.current;
    if (!request) return;
    focusAfterMove.current = null;
    const row = listRef.current?.querySelector(`[data-key="${request.key}"]`);
    const other = request.action === 'earlier' ? 'later' : 'earlier';
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-action="${request.action}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>(`[data-action="${other}"]:not(:disabled)`);
    button?.focus();
  }, [items]);

  const move = (key: string, offset: -1 | 1) => {
    focusAfterMove.current = { key, action: offset < 0 ? 'earlier' : 'later' };
    dispatch({ type: 'move', key, offset });
  };

  const confirmRemove = () => {
    if (confirmKey === null) return;
    const index = items.findIndex((item) => item.key === confirmKey);
    const neighbour = items[index + 1] ?? items[index - 1];
    onRemove(confirmKey);
    setConfirmKey(null);
    // Focus goes to the next image, or to the drop area once the list is empty.
    requestAnimationFrame(() => {
      const target = neighbour && listRef.current?.querySelector<HTMLButtonElement>(`[data-key="${neighbour.key}"] [data-action="remove"]`);
      (target || document.getElementById(`${id}-choose`))?.focus();
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    onAddFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className="uploader"
      onDragEnter={(event) => {
        if (hasFiles(event)) setDragging(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = full ? 'none' : 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      {items.length > 0 && (
        <ol ref={listRef} className="uploader__list" aria-label="Images of the post">
          {items.map((item, index) => (
            <ImageRow
              key={item.key}
              item={item}
              position={index + 1}
              count={items.length}
              dispatch={dispatch}
              requireAltText={requireAltText}
              onMove={(offset) => move(item.key, offset)}
              onRemove={() => (item.image ? setConfirmKey(item.key) : onRemove(item.key))}
            />
          ))}
        </ol>
      )}

      <div className="uploader__drop" data-dragging={dragging || undefined} data-invalid={error ? true : undefined} hidden={full}>
        <button
          ref={buttonRef}
          id={`${id}-choose`}
          type="button"
          className="uploader__choose"
          aria-describedby={[error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ')}
          onClick={() => fileInputRef.current?.click()}
        >
          <span className="uploader__icon">
            <Icon name="upload" size={22} />
          </span>
          <span className="uploader__title">
            {dragging ? 'Drop the images here' : items.length > 0 ? 'Add more images' : 'Choose images to upload'}
          </span>
          <span id={`${id}-hint`} className="uploader__hint">
            Drag and drop or paste them here too. Up to {POST_IMAGES_MAX} images: JPEG, PNG, WebP, GIF or AVIF.
          </span>
        </button>
        <input
          ref={fileInputRef}
          type="file"
          accept="image/*"
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            onAddFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
      {full && <p className="uploader__full muted">This post has the most images it can hold ({POST_IMAGES_MAX}).</p>}

      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {uploadErrors.length > 0 && (
        <ul className="form__error uploader__errors" role="alert">
          {uploadErrors.map((message, index) => (
            <li key={`${index}-${message}`}>{message}</li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirmKey !== null}
        title="Delete image"
        description="Are you sure you want to delete the current image?"
        confirmLabel="Delete"
        danger
        onConfirm={confirmRemove}
        onClose={() => setConfirmKey(null)}
      />
    </div>
  );
}

const MOVES = [
  { direction: 'earlier', step: -1, icon: 'arrowUp' },
  { direction: 'later', step: 1, icon: 'arrowDown' },
] as const;

interface ImageRowProps {
  item: UploadItem;
  position: number;
  count: number;
  dispatch: Dispatch<ImagesAction>;
  requireAltText: boolean;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

function ImageRow({ item, position, count, dispatch, requireAltText, onMove, onRemove }: ImageRowProps) {
  const id = useId();
  const alerts = useAlerts();
  const saveAltText = useSaveAltText();
  const uploading = item.image === null;
  const percent = Math.round(item.progress * 100);
  const unsaved = hasUnsavedAltText(item);
  const saving = saveAltText.isPending;
  const altLength = [...item.altText].length;
  const label = `Image ${position} of ${count}`;

  const save = () => {
    if (!item.image) return;
    const altText = item.altText.trim();
    saveAltText.mutate(
      { imageId: item.image.id, altText },
      {
        onSuccess: (image) => {
          dispatch({ type: 'altTextSaved', key: item.key, altText: image.altText ?? '' });
          alerts.show(Messages.altTextSaved);
        },
      },
    );
  };

  // The file chosen on this device, or the uploaded copy (an image brought back with a draft).
  const thumbnail = item.previewUrl ?? (item.image && (item.image.copies.find((copy) => copy.name === 'small') ?? item.image).url);
  let status: string;
  if (!uploading) status = 'Uploaded';
  else if (percent < 100) status = `Uploading… ${percent}%`;
  else status = 'Processing…';

  return (
    <li className="upload-row" data-key={item.key} aria-label={label} aria-busy={uploading || undefined}>
      <div className="upload-row__thumb">
        {thumbnail && <img src={thumbnail} alt="" />}
        {uploading && (
          <div className="upload-row__progress">
            <div
              className="upload-row__bar"
              role="progressbar"
              aria-label={`Uploading ${item.fileName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
      </div>

      <div className="upload-row__main">
        <div className="upload-row__head">
          <div className="upload-row__title">
            <span className="upload-row__name" title={item.fileName}>
              {item.fileName}
            </span>
            <span className="upload-row__status" data-done={!uploading || undefined}>
              {!uploading && <Icon name="check" size={14} />}
              {status}
            </span>
          </div>
          <div className="upload-row__actions">
            {MOVES.map(({ direction, step, icon }) => (
              <button
                key={direction}
                type="button"
                className="icon-button icon-button--small"
                data-action={direction}
                aria-label={`Move image ${position} ${direction}`}
                title={`Move ${direction}`}
                disabled={step < 0 ? position === 1 : position === count}
                onClick={() => onMove(step)}
              >
                <Icon name={icon} size={18} />
              </button>
            ))}
            <button
              type="button"
              className="icon-button icon-button--small upload-row__remove"
              data-action="remove"
              aria-label={uploading ? `Cancel the upload of image ${position}` : `Remove image ${position}`}
              title={uploading ? 'Cancel upload' : 'Remove'}
              onClick={onRemove}
            >
              <Icon name={uploading ? 'close' : 'trash'} size={18} />
            </button>
          </div>
        </div>

        <div className="field upload-row__field" data-invalid={requireAltText && !uploading && item.altText.trim() === '' ? true : undefined}>
          <div className="post-form__label-row">
            <label className="field__label" htmlFor={`${id}-alt`}>
              Alt text{!requireAltText && <span className="post-form__optional"> (recommended)</span>}
            </label>
            <span className="post-form__counter" id={`${id}-alt-count`}>
              {altLength} / {ALT_TEXT_MAX}
            </span>
          </div>
          <div className="upload-row__alt">
            <div className="field__box">
              <textarea
                id={`${id}-alt`}
                className="field__input upload-row__textarea"
                rows={2}
                value={item.altText}
                placeholder="Describe the image for people who can't see it"
                aria-describedby={`${id}-alt-count`}
                onChange={(event) =>
                  dispatch({ type: 'edit', key: item.key, altText: [...event.target.value].slice(0, ALT_TEXT_MAX).join('') })
                }
              />
            </div>
            <button
              type="button"
              className="button upload-row__save"
              disabled={uploading || !unsaved || saving}
              aria-busy={saving || undefined}
              onClick={save}
            >
              {saving ? 'Saving…' : !unsaved && item.savedAltText.trim() !== '' ? 'Saved' : 'Save'}
            </button>
          </div>
        </div>

        <div className="field upload-row__field">
          <label className="field__label" htmlFor={`${id}-caption`}>
            Caption <span className="post-form__optional">(optional)</span>
          </label>
          <div className="field__box">
            <input
              id={`${id}-caption`}
              className="field__input"
              value={item.caption}
              maxLength={IMAGE_CAPTION_MAX}
              placeholder="Shown under the image"
              onChange={(event) => dispatch({ type: 'edit', key: item.key, caption: event.target.value })}
            />
          </div>
        </div>
      </div>
    </li>
  );
}
