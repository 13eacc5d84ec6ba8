/**
 * Every mutation of the app, in one place: its key (from `mutationKeys`) and the API call it
 * makes, registered as the query client's mutation defaults (`registerMutationDefaults`). The
 * variables carry everything the call needs, never a value captured by a hook, so any mutation can
 * run again from its variables alone. Hooks add what their screens need with
 * `useDefinedMutation(mutations.x, { onSuccess, meta, … })`. Writes that must survive going
 * offline are outbox kinds instead (lib/outbox/outbox.ts, registered with these).
 */
import type { IpBlockBody } from '@quorum/shared/schemas/admin';
import type { ListBody, UpdateListBody } from '@quorum/shared/schemas/lists';
import type { CreatePostBody } from '@quorum/shared/schemas/posts';
import type { LoginBody, SignupBody, UpdateProfileBody } from '@quorum/shared/schemas/users';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community, Rule } from '@quorum/shared/entities/communities';
import type { CommunityRequest } from '@quorum/shared/entities/community-requests';
import type { Image } from '@quorum/shared/entities/images';
import type { IpBlock } from '@quorum/shared/entities/ip-blocks';
import type { List } from '@quorum/shared/entities/lists';
import type { Notification } from '@quorum/shared/entities/notifications';
import type { Post } from '@quorum/shared/entities/posts';
import type { Report } from '@quorum/shared/entities/reports';
import type { SiteSettings } from '@quorum/shared/entities/site';
import type { User, UserGroup } from '@quorum/shared/entities/users';
import { useMutation, type MutationKey, type QueryClient, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { keyRoots } from './cache/key-roots.ts';

export interface MutationDefinition<V, R> {
  key: MutationKey;
  call: (variables: V) => Promise<R>;
  /** 'always' for calls whose screen reports a network failure itself (forms, login). */
  networkMode?: 'always';
}

function define<V, R>(key: MutationKey, call: (variables: V) => Promise<R>, networkMode?: 'always'): MutationDefinition<V, R> {
  return { key, call, networkMode };
}

export type CommunityImageKind = 'pro_pic' | 'banner_image';

export const mutations = {
  createPost: define(['posts', 'create'], (body: CreatePostBody): Promise<Post> => api.createPost(body), 'always'),
  updatePost: define(
    ['posts', 'update'],
    ({ publicId, ...body }: { publicId: string; title: string; body?: string | null }): Promise<Post> => api.updatePost(publicId, body),
    'always',
  ),
  deletePost: define(
    ['posts', 'delete'],
    ({ post, deleteAs, deleteContent }: { post: Post; deleteAs: UserGroup; deleteContent: boolean }): Promise<Post> =>
      api.deletePost(post.publicId, { deleteAs, deleteContent: deleteContent || undefined }),
  ),
  hidePost: define(['posts', 'hide'], ({ post, hidden }: { post: Post; hidden: boolean }) => (hidden ? api.hidePost(post.id) : api.unhidePost(post.id))),
  lockPost: define(['posts', 'lock'], ({ post, lock, as }: { post: Post; lock: boolean; as: UserGroup }): Promise<Post> =>
    api.postAction(post.publicId, { action: lock ? 'lock' : 'unlock', lockAs: as }),
  ),
  pinPost: define(['posts', 'pin'], ({ post, pin, siteWide }: { post: Post; pin: boolean; siteWide: boolean }): Promise<Post> =>
    api.postAction(post.publicId, { action: pin ? 'pin' : 'unpin', siteWide }),
  ),
  announcePost: define(['posts', 'announce'], (post: Post): Promise<Post> => api.postAction(post.publicId, { action: 'announce' })),
  changePostGroup: define(['posts', 'change-group'], ({ post, group }: { post: Post; group: UserGroup }): Promise<Post> =>
    api.postAction(post.publicId, { action: 'changeAsUser', userGroup: group }),
  ),
  saveAltText: define(
    ['images', 'alt-text'],
    ({ imageId, altText }: { imageId: string; altText: string }): Promise<Image> => api.setImageAltText(imageId, altText.trim() === '' ? null : altText.trim()),
    'always',
  ),
  updateComment: define(['comments', 'update'], ({ comment, body }: { comment: Comment; body: string }): Promise<Comment> =>
    api.updateComment(comment.postPublicId, comment.id, body),
  ),
  deleteComment: define(['comments', 'delete'], ({ comment, deleteAs }: { comment: Comment; deleteAs: UserGroup }): Promise<Comment> =>
    api.deleteComment(comment.postPublicId, comment.id, deleteAs),
  ),
  createCommunity: define(['communities', 'create'], (body: { name: string; about: string | null }): Promise<Community> => api.createCommunity(body)),
  uploadCommunityImage: define(
    ['communities', 'upload-image'],
    ({ community, kind, file }: { community: Community; kind: CommunityImageKind; file: File }): Promise<Community> =>
      api.uploadCommunityImage(community.id, kind, file),
  ),
  removeCommunityImage: define(['communities', 'remove-image'], ({ community, kind }: { community: Community; kind: CommunityImageKind }): Promise<Community> =>
    api.deleteCommunityImage(community.id, kind),
  ),
  updateCommunity: define(
    ['communities', 'update'],
    ({ community, changes }: { community: Community; changes: { about: string | null; postingRestricted: boolean } }): Promise<Community> =>
      api.updateCommunity(community.id, changes),
    'always',
  ),
  createRule: define(
    ['communities', 'rules', 'create'],
    ({ communityId, rule, description }: { communityId: string; rule: string; description: string | null }): Promise<Rule[]> =>
      api.createRule(communityId, { rule, description }),
    'always',
  ),
  updateRule: define(
    ['communities', 'rules', 'update'],
    ({ communityId, rule }: { communityId: string; rule: Rule }): Promise<Rule> =>
      api.updateRule(communityId, rule.id, { rule: rule.rule, description: rule.description, zIndex: rule.zIndex }),
    'always',
  ),
  deleteRule: define(['communities', 'rules', 'delete'], ({ communityId, ruleId }: { communityId: string; ruleId: string }) =>
    api.deleteRule(communityId, ruleId),
  ),
  addMod: define(
    ['communities', 'mods', 'add'],
    ({ communityId, username }: { communityId: string; username: string }): Promise<User[]> => api.addMod(communityId, username),
    'always',
  ),
  removeMod: define(['communities', 'mods', 'remove'], ({ communityId, username }: { communityId: string; username: string }): Promise<User[]> =>
    api.removeMod(communityId, username),
  ),
  moveMod: define(
    ['communities', 'mods', 'move'],
    ({ communityId, username, position }: { communityId: string; username: string; position: number }): Promise<User[]> =>
      api.moveMod(communityId, username, position),
  ),
  banFromCommunity: define(
    ['communities', 'banned', 'add'],
    ({ communityId, username }: { communityId: string; username: string }): Promise<User> => api.banFromCommunity(communityId, username),
    'always',
  ),
  unbanFromCommunity: define(['communities', 'banned', 'remove'], ({ communityId, username }: { communityId: string; username: string }): Promise<User> =>
    api.unbanFromCommunity(communityId, username),
  ),
  ignoreReport: define([...keyRoots.reports, 'ignore'], ({ communityId, reportId }: { communityId: string; reportId: string }): Promise<Report> =>
    api.ignoreReport(communityId, reportId),
  ),
  login: define(['session', 'login'], (body: LoginBody): Promise<User> => api.login(body), 'always'),
  logout: define(['session', 'logout'], () => api.logout(), 'always'),
  signup: define(['session', 'signup'], (body: SignupBody): Promise<User> => api.signup(body), 'always'),
  changePassword: define([...keyRoots.session, 'change-password'], (body: { password: string; newPassword: string; repeatPassword: string }) =>
    api.changePassword(body),
  ),
  updateProfile: define([...keyRoots.users, 'update-profile'], (body: UpdateProfileBody): Promise<User> => api.updateProfile(body)),
  deleteAccount: define([...keyRoots.users, 'delete'], ({ username, password }: { username: string; password: string }) =>
    api.deleteAccount(username, password),
  ),
  setSupporterBadge: define([...keyRoots.users, 'supporter-badge'], ({ username, supporter }: { username: string; supporter: boolean }): Promise<User> =>
    supporter ? api.addBadge(username, 'supporter') : api.removeBadge(username, 'supporter'),
  ),
  uploadProPic: define([...keyRoots.users, 'upload-pro-pic'], ({ username, file }: { username: string; file: File }): Promise<User> =>
    api.uploadProPic(username, file),
  ),
  removeProPic: define([...keyRoots.users, 'remove-pro-pic'], (username: string): Promise<User> => api.deleteProPic(username)),
  report: define([...keyRoots.reports, 'create'], ({ type, targetId, reason }: { type: 'post' | 'comment'; targetId: string; reason: number }) =>
    api.report({ type, targetId, reason }),
  ),
  createList: define([...keyRoots.lists, 'create'], ({ username, body }: { username: string; body: ListBody }): Promise<List[]> => api.createList(username, body)),
  updateList: define([...keyRoots.lists, 'update'], ({ list, changes }: { list: List; changes: UpdateListBody }): Promise<List> =>
    api.updateList(list.id, changes),
  ),
  deleteList: define([...keyRoots.lists, 'delete'], ({ list }: { list: List }) => api.deleteList(list.id)),
  clearList: define([...keyRoots.lists, 'clear'], ({ list }: { list: List }): Promise<List> => api.clearList(list.username, list.name)),
  resetNotificationsNewCount: define([...keyRoots.notifications, 'reset-new-count'], () => api.notificationsAction({ action: 'resetNewCount' })),
  markNotificationSeen: define([...keyRoots.notifications, 'mark-seen'], ({ id, seen }: { id: string; seen: boolean }): Promise<Notification> =>
    api.markNotificationSeen(id, seen),
  ),
  deleteNotification: define([...keyRoots.notifications, 'delete'], ({ id }: { id: string }) => api.deleteNotification(id)),
  markAllNotificationsSeen: define([...keyRoots.notifications, 'mark-all-seen'], ({ type }: { type?: 'new_votes' }) =>
    api.notificationsAction({ action: 'markAllAsSeen', type }),
  ),
  deleteAllNotifications: define([...keyRoots.notifications, 'delete-all'], () => api.notificationsAction({ action: 'deleteAll' })),
  requestCommunity: define(
    ['communities', 'request'],
    (body: { name: string; note: string | null }): Promise<CommunityRequest> => api.requestCommunity(body),
    'always',
  ),
  /**
   * `deleteContentDays` 0 deletes all of the user's posts and comments; left out, none.
   * `blockLastAddress` also blocks the address they were last seen from.
   */
  banUser: define(
    [...keyRoots.users, 'ban'],
    ({ username, deleteContentDays, blockLastAddress }: { username: string; deleteContentDays?: number; blockLastAddress?: boolean }) =>
      api.adminAction({ action: 'ban_user', username, deleteContentDays, blockLastAddress }),
  ),
  unbanUser: define([...keyRoots.users, 'unban'], ({ username }: { username: string }) => api.adminAction({ action: 'unban_user', username })),
  updateSiteSettings: define([...keyRoots.admin, 'site-settings'], (body: Partial<SiteSettings>): Promise<SiteSettings> => api.updateSiteSettings(body)),
  setDefaultCommunity: define([...keyRoots.admin, 'default-community'], ({ name, isDefault }: { name: string; isDefault: boolean }) =>
    api.adminAction({ action: isDefault ? 'add_default_forum' : 'remove_default_forum', name }),
  ),
  denyCommunityRequest: define([...keyRoots.admin, 'deny-request'], ({ id, note }: { id: string; note: string | null }) =>
    api.adminAction({ action: 'deny_comm', id, body: note }),
  ),
  blockIp: define(
    [...keyRoots.admin, 'block-ip'],
    (body: IpBlockBody): Promise<IpBlock> => api.blockIp(body),
    'always',
  ),
  cancelIpBlock: define([...keyRoots.admin, 'cancel-ip-block'], ({ id }: { id: string }): Promise<IpBlock> => api.cancelIpBlock(id)),
};

export function registerMutationDefaults(client: QueryClient): void {
  for (const definition of Object.values(mutations) as Array<MutationDefinition<never, unknown>>) {
    client.setMutationDefaults(definition.key, { mutationFn: definition.call, ...(definition.networkMode && { networkMode: definition.networkMode }) });
  }
}

/** A mutation from its definition: the call comes from the defaults, the hook adds the rest. */
export function useDefinedMutation<V, R, C = unknown>(
  definition: MutationDefinition<V, R>,
  options: Omit<UseMutationOptions<R, Error, V, C>, 'mutationKey' | 'mutationFn'> = {},
): UseMutationResult<R, Error, V, C> {
  return useMutation<R, Error, V, C>({ ...options, mutationKey: definition.key });
}
