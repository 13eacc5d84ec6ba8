import type { Post, PostType } from '@quorum/shared/entities/posts';
import { Icon } from '../../../../components/ui/icon.tsx';
import { ImageView } from '../../../../components/ui/image-view.tsx';
import { tabId, tabPanelId } from '../../../../components/ui/tabs.tsx';
import type { PostFormState } from '../../hooks/use-post-form.ts';
import { BodyEditor } from './body-editor.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { LinkField } from './link-field.tsx';
import { TitleField } from './title-field.tsx';
import { cutTitle } from './validate.ts';

const NOT_ENOUGH_POINTS: Record<PostType, string> = {
  text: '',
  image: "You don't have enough points to submit images yet.",
  link: "You don't have enough points to submit links yet.",
};

/** The panel of the chosen post type: the title, then the body, the images or the link. */
export function PostFields({ form, baseId, post }: { form: PostFormState; baseId: string; post?: Post }) {
  const { type, lacksPoints, neededPoints, user, uploads } = form;
  return (
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

      <TitleField inputRef={form.titleRef} value={form.title} onChange={form.setTitle} onBlur={() => form.touch('title')} error={form.shown('title')} />

      {type === 'text' && <BodyEditor value={form.body} onChange={form.setBody} />}

      {type === 'image' &&
        (post ? (
          <ExistingImages post={post} />
        ) : (
          !lacksPoints && (
            <ImageUploader
              items={uploads.items}
              dispatch={uploads.dispatch}
              onAddFiles={uploads.addFiles}
              onRemove={uploads.remove}
              uploadErrors={uploads.errors}
              error={form.shown('images')}
              requireAltText={form.requireAltText}
              buttonRef={form.imagesRef}
            />
          )
        ))}

      {type === 'link' &&
        (post ? (
          <ExistingLink post={post} />
        ) : (
          !lacksPoints && (
            <LinkField
              inputRef={form.urlRef}
              value={form.url}
              onChange={form.changeUrl}
              onBlur={() => form.touch('url')}
              error={form.shown('url') ?? form.serverMessage('url')}
              titleEmpty={form.title.trim() === ''}
              onUseTitle={(pageTitle) => form.setTitle(cutTitle(pageTitle.replace(/\s+/g, ' ').trim()))}
            />
          )
        ))}
    </div>
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
