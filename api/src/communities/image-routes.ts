import type { FastifyPluginAsync } from 'fastify';
import type { Community } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { storeImage } from '../images/process.ts';
import { attachImages, markImageDeleted } from '../images/queries.ts';
import { readImageUpload } from '../images/routes.ts';
import type { ImageStore } from '../images/storage.ts';
import { assertCanModerate } from './policy.ts';
import { setCommunityImage } from './queries.ts';

export interface CommunityImageRoutesOptions {
  sql: Sql;
  store: ImageStore;
  maxBytes: number;
  loadCommunity: (id: string, viewerId: string) => Promise<Community>;
}

type Params = { Params: { id: string } };

// The icon (`pro_pic`) and the banner (`banner_image`) of a community, set and removed by its mods and admins.
const SLOTS = [
  { path: 'pro_pic', which: 'proPic', kind: 'avatar' },
  { path: 'banner_image', which: 'bannerImage', kind: 'banner' },
] as const;

const communityImageRoutes: FastifyPluginAsync<CommunityImageRoutesOptions> = async (app, { sql, store, maxBytes, loadCommunity }) => {
  for (const slot of SLOTS) {
    app.post<Params>(`/communities/:id/${slot.path}`, async (request) => {
      const user = requireUser(request);
      await assertCanModerate(sql, user, request.params.id);
      const buffer = await readImageUpload(request, maxBytes);
      const image = await storeImage(sql, store, buffer, { uploadedBy: user.id, kind: slot.kind });
      await sql.begin(async (tx) => {
        await attachImages(tx, [image.id], user.id);
        const previous = await setCommunityImage(tx, request.params.id, slot.which, image.id);
        if (previous) await markImageDeleted(tx, previous);
      });
      return loadCommunity(request.params.id, user.id);
    });

    app.delete<Params>(`/communities/:id/${slot.path}`, async (request) => {
      const user = requireUser(request);
      await assertCanModerate(sql, user, request.params.id);
      await sql.begin(async (tx) => {
        const previous = await setCommunityImage(tx, request.params.id, slot.which, null);
        if (previous) await markImageDeleted(tx, previous);
      });
      return loadCommunity(request.params.id, user.id);
    });
  }
};

export default communityImageRoutes;
