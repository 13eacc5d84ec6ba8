import { Link } from 'react-router-dom';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { paths } from '../../../../config/paths.ts';

/** Beside the post form while the chosen community loads. */
export function CommunityAsideSkeleton() {
  return (
    <div className="card post-aside__card" aria-busy="true">
      <div className="post-aside__header">
        <Skeleton width={44} height={44} radius="50%" />
        <Skeleton width="60%" height={18} />
      </div>
      <Skeleton width="100%" height={14} />
      <Skeleton width="80%" height={14} />
    </div>
  );
}

/** Beside the post form before a community is chosen: what to keep in mind. */
export function PostingTips() {
  return (
    <section className="card post-aside__card" aria-labelledby="post-aside-tips">
      <h2 id="post-aside-tips" className="card__title">
        Before you post
      </h2>
      <ul className="post-aside__tips">
        <li>Choose the community where your post fits best; its rules show up here.</li>
        <li>Give your post a title that says what it is about.</li>
        <li>Describe images with alt text, so that everyone can follow.</li>
        <li>
          Be kind and keep to the <Link to={paths.guidelines.getHref()} target="_blank" rel="noopener">site guidelines</Link>.
        </li>
      </ul>
    </section>
  );
}
