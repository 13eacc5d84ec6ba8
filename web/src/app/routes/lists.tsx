import { useParams } from 'react-router-dom';
import { ListsIndex } from '../../features/lists/components/lists-index.tsx';
import { ListView } from '../../features/lists/components/list-view.tsx';
import { PostCard } from '../../features/posts/components/post-card/post-card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import { NotFoundRoute } from './not-found.tsx';
import '../../features/posts/components/feed/feed.css';

/** The user's name from a `@name` path segment; null for any other segment. */
function handleName(handle: string | undefined): string | null {
  return handle?.startsWith('@') && handle.length > 1 ? handle.slice(1) : null;
}

/** /@{username}/lists */
export function ListsRoute() {
  const username = handleName(useParams().userHandle);
  const user = useSessionUser();
  useDocumentTitle(username ? `@${username}'s lists` : undefined);
  if (!username) return <NotFoundRoute />;
  return <ListsIndex key={username} username={username} isOwner={user?.username.toLowerCase() === username.toLowerCase()} />;
}

/** /@{username}/lists/{listName} */
export function ListRoute() {
  const params = useParams();
  const username = handleName(params.userHandle);
  if (!username || !params.listName) return <NotFoundRoute />;
  return <ListView key={`${username}/${params.listName}`} username={username} listName={params.listName} renderPost={(post) => <PostCard post={post} />} />;
}
