import type { SiteSettings } from '@quorum/shared/entities/site';

export interface SiteSettingsRow {
  signupsDisabled: boolean;
  imagePostSubmitReqPoints: number;
  linkPostSubmitReqPoints: number;
  communityCreateReqPoints: number;
  maxCommunitiesModerated: number;
  contactEmail: string;
  modLogNames: boolean;
  requireConfirmedEmail: boolean;
}

export function presentSiteSettings(row: SiteSettingsRow): SiteSettings {
  return {
    signupsDisabled: row.signupsDisabled,
    imagePostSubmitReqPoints: row.imagePostSubmitReqPoints,
    linkPostSubmitReqPoints: row.linkPostSubmitReqPoints,
    communityCreateReqPoints: row.communityCreateReqPoints,
    contactEmail: row.contactEmail,
    modLogNames: row.modLogNames,
    requireConfirmedEmail: row.requireConfirmedEmail,
  };
}
