import type { FastifyPluginAsync } from 'fastify';
import { Community } from '@quorum/shared/entities/communities';
import { requireUser } from '../auth/plugin.ts';
import { assertCanModerate, loadCommunity } from '../content/community-load.ts';
import { presentCommunity } from '../content/community-present.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { storeImage } from '../images/process.ts';
import type { ImageStore } from '../images/storage.ts';
import { readImageUpload } from '../images/upload.ts';
import { replaceCommunityImage } from './actions.ts';

export interface CommunityImageRoutesOptions {
  sql: Sql;
  store: ImageStore;
  maxBytes: number;
}

type Params = { Params: { id: string } };

// The icon (`pro_pic`) and the banner (`banner_image`) of a community, set and removed by its mods and admins.
const SLOTS = [
  { path: 'pro_pic', which: 'proPic', kind: 'avatar' },
  { path: 'banner_image', which: 'bannerImage', kind: 'banner' },
] as const;

const communityImageRoutes: FastifyPluginAsync<CommunityImageRoutesOptions> = async (app, { sql, store, maxBytes }) => {
  for (const slot of SLOTS) {
    app.post<Params>(`/communities/:id/${slot.path}`, {
      schema: sends(Community),
      config: { limit: 'upload' },
    }, async (request): Promise<Community> => {
      const user = requireUser(request);
      await assertCanModerate(sql, user, request.params.id);
      const buffer = await readImageUpload(request, maxBytes);
      const image = await storeImage(sql, store, buffer, { uploadedBy: user.id, kind: slot.kind });
      await replaceCommunityImage(sql, request.params.id, slot.which, user, { id: image.id });
      return presentCommunity(await loadCommunity(sql, request.params.id, user.id));
    });

    app.delete<Params>(`/communities/:id/${slot.path}`, { schema: sends(Community) }, async (request): Promise<Community> => {
      const user = requireUser(request);
      await assertCanModerate(sql, user, request.params.id);
      await replaceCommunityImage(sql, request.params.id, slot.which, user, null);
      return presentCommunity(await loadCommunity(sql, request.params.id, user.id));
    });
  }
};

export default communityImageRoutes;
