import { COMMUNITY_NAME_PATTERN } from '@quorum/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { communityOptions } from '../../features/communities/api/get-community.ts';
import { CommunityModLog, ModLogSkeleton, SiteModLog } from '../../features/modlog/components/mod-log.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { CommunityLoadProblem, communityLoadFailed } from './community-load-problem.tsx';
import { NotFoundRoute } from './not-found.tsx';

/** /{communityName}/modlog: the community's moderation log, open to everyone. */
export function CommunityModLogRoute() {
  const { communityName = '' } = useParams();
  if (!COMMUNITY_NAME_PATTERN.test(communityName)) return <NotFoundRoute />;
  return <CommunityModLogScreen key={communityName.toLowerCase()} communityName={communityName} />;
}

function CommunityModLogScreen({ communityName }: { communityName: string }) {
  const query = useQuery(communityOptions(communityName));
  const community = query.data;
  useDocumentTitle(`Moderation log · /${community?.name ?? communityName}`);
  if (communityLoadFailed(query)) return <CommunityLoadProblem query={query} />;
  if (!community) return <ModLogSkeleton />;
  return <CommunityModLog community={community} />;
}

/** /modlog: what the site's admins did. */
export function SiteModLogRoute() {
  useDocumentTitle('Moderation log');
  return <SiteModLog />;
}
