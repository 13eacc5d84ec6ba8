import type { SiteSettings } from '@quorum/shared/entities/site';
import type { Db } from '../db/connect.ts';
import type { SiteSettingsRow } from './present.ts';

/** The columns of a `SiteSettingsRow`, of `site_settings`. */
export function siteSettingsColumns(db: Db) {
  return db`
    signups_disabled, image_post_submit_req_points, link_post_submit_req_points,
    community_create_req_points, max_communities_moderated, contact_email, mod_log_names, require_confirmed_email`;
}

export async function getSiteSettings(db: Db): Promise<SiteSettingsRow> {
  const [row] = await db<SiteSettingsRow[]>`select ${siteSettingsColumns(db)} from site_settings where id = 1`;
  if (!row) throw new Error('site_settings row is missing');
  return row;
}

/** Changes the given settings; settings left out keep their values. */
export async function updateSiteSettings(db: Db, changes: Partial<SiteSettings>): Promise<void> {
  await db`
    update site_settings set
      signups_disabled = coalesce(${changes.signupsDisabled ?? null}::boolean, signups_disabled),
      image_post_submit_req_points = coalesce(${changes.imagePostSubmitReqPoints ?? null}::integer, image_post_submit_req_points),
      link_post_submit_req_points = coalesce(${changes.linkPostSubmitReqPoints ?? null}::integer, link_post_submit_req_points),
      community_create_req_points = coalesce(${changes.communityCreateReqPoints ?? null}::integer, community_create_req_points),
      contact_email = coalesce(${changes.contactEmail ?? null}::text, contact_email),
      mod_log_names = coalesce(${changes.modLogNames ?? null}::boolean, mod_log_names),
      require_confirmed_email = coalesce(${changes.requireConfirmedEmail ?? null}::boolean, require_confirmed_email)
    where id = 1`;
}
