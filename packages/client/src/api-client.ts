// One typed function per endpoint over fetch. It sends the anti-forgery token on every call,
// keeps the token the server hands back in the `Csrf-Token` header, parses JSON and throws
// ApiError for every non-2xx answer. No UI side effects live here.
import type { AnalyticsEventsPage } from '@quorum/shared/entities/analytics';
import type { Comment, CommentsPage } from '@quorum/shared/entities/comments';
import type { CommunitiesPage, Community, CommunitySort, Rule } from '@quorum/shared/entities/communities';
import type { CommunityRequest, CommunityRequestsPage } from '@quorum/shared/entities/community-requests';
import type { Image } from '@quorum/shared/entities/images';
import type { IpBlock, IpBlocksPage } from '@quorum/shared/entities/ip-blocks';
import type { List, ListItemsPage } from '@quorum/shared/entities/lists';
import type { ModLogPage } from '@quorum/shared/entities/modlog';
import type { CommunityAutoMod, HeldPage, SiteAutoMod } from '@quorum/shared/entities/automod';
import type { Draft, Drafts } from '@quorum/shared/entities/drafts';
import type { DataExport, DataExports } from '@quorum/shared/entities/exports';
import type { Sessions, SessionsEnded } from '@quorum/shared/entities/sessions';
import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions, Passkeys } from '@quorum/shared/entities/passkeys';
import type { BackupCodes, TwoStepSetup, TwoStepStatus } from '@quorum/shared/entities/two-step';
import type { Mute } from '@quorum/shared/entities/mutes';
import type { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import type { Feed, FeedSort, ModeratedPostsPage, Post, PostsPage, UserFeedPage } from '@quorum/shared/entities/posts';
import type { ContentType, Report, ReportsPage } from '@quorum/shared/entities/reports';
import type { SearchPage, SearchSort, SearchSuggestions, SearchType } from '@quorum/shared/entities/search';
import type { InitialData, LinkInfo, SiteHealth, SiteSettings } from '@quorum/shared/entities/site';
import type { BadgeType, User, UserGroup, UserOrSecondStep, UsersPage } from '@quorum/shared/entities/users';
import type { ANALYTICS_EVENTS, LIST_FILTERS, LIST_ORDERS, MOD_ACTION_KINDS, MODERATED_POST_FILTERS, REPORT_FILTERS } from '@quorum/shared/constants';
import { ErrorCode } from '@quorum/shared/errors';
import { CSRF_REQUEST_HEADER, CSRF_RESPONSE_HEADER } from '@quorum/shared/http-names';
import type { AdminActionBody, IpBlockBody } from '@quorum/shared/schemas/admin';
import type { ListBody, UpdateListBody } from '@quorum/shared/schemas/lists';
import type {
  ConfirmEmailBody, ForgotPasswordBody, LoginBody, ReauthBody, ResetPasswordBody, SignupBody, UpdateProfileBody,
} from '@quorum/shared/schemas/users';
import type { AddPasskeyBody, PasskeyAssertionBody, RenamePasskeyBody } from '@quorum/shared/schemas/passkeys';
import type { CreatePostBody, ReportBody } from '@quorum/shared/schemas/posts';
import { ApiError, isErrorBody } from './api-error.ts';

type ModActionKind = (typeof MOD_ACTION_KINDS)[number];

// The API's tests import the names from the client; they are defined in packages/shared.
export { CSRF_REQUEST_HEADER as CSRF_HEADER, CSRF_RESPONSE_HEADER };

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
}

export interface ApiClientOptions {
  /** Origin of the API, empty for same-origin calls from the page. */
  baseUrl?: string;
  tokenStore: TokenStore;
  fetch?: typeof fetch;
  /** Extra headers sent with every call (tests use it to carry a cookie). */
  headers?: () => Record<string, string>;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: string;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers of this call alone. */
  headers?: Record<string, string>;
}

/** What a write may add to its call: its `Idempotency-Key`, so that a replay is applied once. */
export interface CallOptions {
  headers?: Record<string, string>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends Omit<RequestOptions, 'body'> {
  onProgress?: (progress: UploadProgress) => void;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A call sent as is: tests use it for bodies and headers the typed functions never send. */
export interface RawRequest {
  method?: string;
  query?: Query;
  /** Sent unchanged: JSON text, bytes or FormData. */
  body?: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
  /** False leaves out the anti-forgery token. */
  csrf?: boolean;
  signal?: AbortSignal;
}

/** The `next` cursor of the address a `Link` header names as rel="next", or null. */
export function nextCursor(link: string | null): string | null {
  const address = link && /<([^>]*)>\s*;\s*rel="next"/.exec(link)?.[1];
  return address ? new URL(address, 'http://localhost').searchParams.get('next') : null;
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const baseUrl = options.baseUrl ?? '';

  /** The headers of a call: JSON accepted, the configured and given extras, and the anti-forgery token. */
  function callHeaders(extra: Record<string, string> = {}, csrf = true): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.(), ...extra };
    const token = options.tokenStore.get();
    if (token && csrf) headers[CSRF_REQUEST_HEADER] = token;
    return headers;
  }

  /** Keeps the token an answer hands back in its `Csrf-Token` header, for the calls after it. */
  function keepToken(token: string | null): void {
    if (token) options.tokenStore.set(token);
  }

  /**
   * Sends a call with the token and keeps the token the answer hands back; answers the response
   * whatever its status. A network failure rejects with fetch's own error.
   */
  async function fetchRaw(path: string, { method = 'GET', query, body, contentType, headers, csrf = true, signal }: RawRequest = {}) {
    const sent = callHeaders(contentType ? { ...headers, 'Content-Type': contentType } : headers, csrf);
    const response = await doFetch(baseUrl + withQuery(path, query), { method, headers: sent, body, credentials: 'same-origin', signal });
    keepToken(response.headers.get(CSRF_RESPONSE_HEADER));
    return response;
  }

  /** Keeps the refreshed token, parses the JSON answer and throws ApiError for a non-2xx status. */
  function readAnswer<T>(status: number, ok: boolean, newToken: string | null, text: string): T {
    keepToken(newToken);
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    if (!ok) throw new ApiError(status, isErrorBody(json) ? json : null);
    return json as T;
  }

  /**
   * Sends a call with the token and parses the JSON answer, handing back its headers too; `body`
   * goes as is (JSON text or FormData).
   */
  async function sendForAnswer<T>(
    path: string,
    { method, query, body, contentType, signal, headers }: { method: string; query?: Query; body?: BodyInit; contentType?: string; signal?: AbortSignal; headers?: Record<string, string> },
  ): Promise<{ data: T; headers: Headers }> {
    let response: Response;
    try {
      response = await fetchRaw(path, { method, query, body, contentType, signal, headers });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, null);
    }
    const data = readAnswer<T>(response.status, response.ok, response.headers.get(CSRF_RESPONSE_HEADER), await response.text());
    return { data, headers: response.headers };
  }

  /** Sends a call with the token and parses the JSON answer. */
  async function send<T>(path: string, options: Parameters<typeof sendForAnswer>[1]): Promise<T> {
    return (await sendForAnswer<T>(path, options)).data;
  }

  /**
   * The same through XMLHttpRequest, which (unlike fetch) reports how much of the body has gone
   * up. A cancelled call rejects with an AbortError, as fetch does.
   */
  function sendWithProgress<T>(
    path: string,
    { method, query, body, signal, onProgress }: { method: string; query?: Query; body: FormData; signal?: AbortSignal; onProgress: (progress: UploadProgress) => void },
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const aborted = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      if (signal?.aborted) {
        aborted();
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(method, baseUrl + withQuery(path, query));
      for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
      xhr.addEventListener('load', () => {
        try {
          const ok = xhr.status >= 200 && xhr.status < 300;
          resolve(readAnswer<T>(xhr.status, ok, xhr.getResponseHeader(CSRF_RESPONSE_HEADER), xhr.responseText));
        } catch (error) {
          reject(error);
        }
      });
      xhr.addEventListener('error', () => reject(new ApiError(0, null)));
      xhr.addEventListener('abort', aborted);
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }

  function request<T>(path: string, { method = 'GET', query, body, signal, headers }: RequestOptions = {}): Promise<T> {
    return body === undefined
      ? send<T>(path, { method, query, signal, headers })
      : send<T>(path, { method, query, body: JSON.stringify(body), contentType: 'application/json', signal, headers });
  }

  /**
   * A multipart call: the file goes in the form field `field`. No Content-Type is set, so that
   * the browser writes the multipart boundary itself. With `onProgress` (where XMLHttpRequest
   * exists) the progress of the body going up is reported.
   */
  function upload<T>(path: string, field: string, file: Blob, { method = 'POST', query, signal, onProgress }: UploadOptions = {}): Promise<T> {
    const form = new FormData();
    form.append(field, file);
    if (onProgress && typeof XMLHttpRequest !== 'undefined') {
      return sendWithProgress<T>(path, { method, query, body: form, signal, onProgress });
    }
    return send<T>(path, { method, query, body: form, signal });
  }

  return {
    fetchRaw,
    request,
    upload,
    getInitial: (signal?: AbortSignal) => request<InitialData>('/api/_initial', { signal }),
    /**
     * Fetches the session's anti-forgery token into the token store and answers it, for a caller
     * with no cookie to read it from (a service worker without the Cookie Store API). Every API
     * answer carries the token, whatever its status, and the health check is the lightest one.
     */
    refreshToken: async (signal?: AbortSignal): Promise<string | null> => {
      const response = await fetchRaw('/api/_health', { csrf: false, signal });
      await response.body?.cancel();
      return response.headers.get(CSRF_RESPONSE_HEADER);
    },
    getCurrentUser: () => request<User>('/api/_user'),
    /** Admins: sends a test message to their own email address. */
    sendTestMail: () => request<{ success: true }>('/api/_admin/test_mail', { method: 'POST' }),
    /** Asks for a link to set a new password; answered alike whether or not an account matched. */
    forgotPassword: (body: ForgotPasswordBody) => request<{ success: true }>('/api/_forgot_password', { method: 'POST', body }),
    logout: () => request<{ success: true }>('/api/_login', { method: 'POST', query: { action: 'logout' } }),
    /**
     * Logs in: answers the account (logged in), or `{ secondStep: 'code' }` for an account with
     * two-step sign-in, after which `loginCode` finishes the login.
     */
    login: (body: LoginBody) => request<UserOrSecondStep>('/api/_login', { method: 'POST', body }),
    /** Sets a new password with an emailed link's token, and logs in as `login` does: the code of an account with two-step sign-in is still asked. */
    resetPassword: (body: ResetPasswordBody) => request<UserOrSecondStep>('/api/_reset_password', { method: 'POST', body }),
    /** The second step of a login: a code from the authenticator app or a backup code; answers the account, logged in. */
    loginCode: (code: string) => request<User>('/api/_login_code', { method: 'POST', body: { code } }),
    /** The password asked again before a sensitive change: the session counts as checked for a few minutes. */
    reauth: (body: ReauthBody) => request<{ success: true }>('/api/_reauth', { method: 'POST', body }),
    /** Sends another link to confirm the member's email address. */
    requestEmailConfirmation: () => request<{ success: true }>('/api/_email_confirmation', { method: 'POST' }),
    /** Confirms an email address with the emailed link's token (logged in or not). */
    confirmEmail: (body: ConfirmEmailBody) => request<{ success: true }>('/api/_confirm_email', { method: 'POST', body }),
    signup: (body: SignupBody) => request<User>('/api/_signup', { method: 'POST', body }),
    /** Reports use of the installed app (counted once a day). */
    recordAnalytics: (event: (typeof ANALYTICS_EVENTS)[number]) => request<{ success: true }>('/api/analytics', { method: 'POST', body: { event } }),
    getUser: (username: string) => request<User>(`/api/users/${encodeURIComponent(username)}`),
    /** True when the username is free (the server answers 404 without naming a deleted or suspended account). */
    isUsernameFree: async (username: string) => {
      try {
        await request<User>(`/api/users/${encodeURIComponent(username)}`);
        return false;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && error.code === ErrorCode.notFound) return true;
        throw error;
      }
    },
    /** A user with every detail, for admins. */
    getUserAdminsView: (username: string) => request<User>(`/api/users/${encodeURIComponent(username)}`, { query: { adminsView: true } }),
    getUserFeed: (username: string, query: { filter?: 'posts' | 'comments'; next?: string | null }, signal?: AbortSignal) =>
      request<UserFeedPage>(`/api/users/${encodeURIComponent(username)}/feed`, { query, signal }),
    /** POST /api/users/{username}/pro_pic with the multipart field `image`. */
    uploadProPic: (username: string, image: Blob) => upload<User>(`/api/users/${encodeURIComponent(username)}/pro_pic`, 'image', image),
    deleteProPic: (username: string) => request<User>(`/api/users/${encodeURIComponent(username)}/pro_pic`, { method: 'DELETE' }),
    deleteAccount: (username: string, password: string) =>
      request<{ success: true }>(`/api/users/${encodeURIComponent(username)}`, { method: 'DELETE', body: { password } }),
    addBadge: (username: string, type: BadgeType) =>
      request<User>(`/api/users/${encodeURIComponent(username)}/badges`, { method: 'POST', body: { type } }),
    removeBadge: (username: string, type: BadgeType) =>
      request<User>(`/api/users/${encodeURIComponent(username)}/badges/${encodeURIComponent(type)}`, {
        method: 'DELETE',
        query: { byType: true },
      }),

    // Search
    search: (
      query: { q: string; type?: SearchType; sort?: SearchSort; community?: string; author?: string; next?: string | null },
      signal?: AbortSignal,
    ) => request<SearchPage>('/api/search', { query, signal }),
    /** Communities and users whose names start with `q`, as one types. */
    searchSuggest: (q: string, signal?: AbortSignal) => request<SearchSuggestions>('/api/search/suggest', { query: { q }, signal }),

    // Settings
    updateProfile: (body: UpdateProfileBody) => request<User>('/api/_settings', { method: 'POST', query: { action: 'updateProfile' }, body }),
    changePassword: (body: { password: string; newPassword: string; repeatPassword: string }) =>
      request<{ success: true }>('/api/_settings', { method: 'POST', query: { action: 'changePassword' }, body }),

    // Posts and feeds
    getPosts: (
      query: { feed?: Feed; communityId?: string; sort?: FeedSort; limit?: number; next?: string | null },
      signal?: AbortSignal,
    ) => request<PostsPage>('/api/posts', { query, signal }),
    /**
     * The post with the first page of its comments (`comments`, `commentsNext`) and, unless
     * `fetchCommunity` is false, its full `community`.
     */
    getPost: (publicId: string, signal?: AbortSignal, query: { fetchCommunity?: boolean } = {}) =>
      request<Post>(`/api/posts/${encodeURIComponent(publicId)}`, { query, signal }),
    createPost: (body: CreatePostBody) => request<Post>('/api/posts', { method: 'POST', body }),
    updatePost: (publicId: string, body: { title?: string; body?: string | null; userGroup?: UserGroup }) =>
      request<Post>(`/api/posts/${encodeURIComponent(publicId)}`, { method: 'PUT', body }),
    postAction: (
      publicId: string,
      query:
        | { action: 'lock' | 'unlock'; lockAs?: UserGroup }
        | { action: 'pin' | 'unpin'; siteWide?: boolean }
        | { action: 'announce' }
        | { action: 'changeAsUser'; userGroup: UserGroup },
      /** Why a post is locked, for the moderation log and the author. */
      reason: string | null = null,
    ) => request<Post>(`/api/posts/${encodeURIComponent(publicId)}`, { method: 'PUT', query, body: reason ? { reason } : undefined }),
    /** `reason` tells the moderation log and the author why mods or admins removed it. */
    deletePost: (publicId: string, query: { deleteAs?: UserGroup; deleteContent?: boolean } = {}, reason: string | null = null) =>
      request<Post>(`/api/posts/${encodeURIComponent(publicId)}`, { method: 'DELETE', query, body: reason ? { reason } : undefined }),
    votePost: (postId: string, up: boolean, call: CallOptions = {}) =>
      request<Post>('/api/_postVote', { method: 'POST', body: { postId, up }, ...call }),
    hidePost: (postId: string) => request<{ success: true }>('/api/hidden_posts', { method: 'POST', body: { postId } }),
    unhidePost: (postId: string) =>
      request<{ success: true }>(`/api/hidden_posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    setImageAltText: (imageId: string, altText: string | null) =>
      request<Image>(`/api/images/${encodeURIComponent(imageId)}`, { method: 'PUT', body: { altText } }),
    /** POST /api/_uploads with the multipart field `image`. */
    uploadImage: (image: File, options: Pick<UploadOptions, 'signal' | 'onProgress'> = {}) =>
      upload<Image>('/api/_uploads', 'image', image, options),
    getLinkInfo: (url: string) => request<LinkInfo>('/api/_link_info', { query: { url } }),

    // Notifications and push
    getNotifications: (next: string | null, signal?: AbortSignal) =>
      request<NotificationsPage>('/api/notifications', { query: { render: true, format: 'html', next }, signal }),
    notificationsAction: (query: { action: 'resetNewCount' | 'deleteAll' } | { action: 'markAllAsSeen'; type?: 'new_votes' }) =>
      request<{ success: true }>('/api/notifications', { method: 'POST', query }),
    markNotificationSeen: (id: string, seen: boolean, seenFrom?: 'webpush') =>
      request<Notification>(`/api/notifications/${encodeURIComponent(id)}`, {
        method: 'PUT',
        query: { render: true, format: 'html', action: 'markAsSeen', seen, seenFrom },
      }),
    deleteNotification: (id: string) =>
      request<Notification>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', query: { render: true, format: 'html' } }),
    /** The browser's PushSubscription (its toJSON()) as is. */
    savePushSubscription: (subscription: unknown) =>
      request<{ success: true }>('/api/push_subscriptions', { method: 'POST', body: subscription }),
    /** Stops pushes to this session's browser. */
    deletePushSubscription: () => request<{ success: true }>('/api/push_subscriptions', { method: 'DELETE' }),

    // Drafts
    /** The member's drafts, and the drafts deleted lately (a copy saved at their `seq` or before is gone). */
    getDrafts: (signal?: AbortSignal) => request<Drafts>('/api/drafts', { signal }),
    /**
     * Keeps a save of a draft unless a later one (higher `seq`) is kept; answers the kept draft. A
     * save no later than the draft's deletion is refused (409 `draft_deleted`).
     */
    saveDraft: (key: string, draft: Pick<Draft, 'value' | 'label' | 'href' | 'seq'>) =>
      request<Draft>(`/api/drafts/${encodeURIComponent(key)}`, { method: 'PUT', body: draft }),
    /** Deletes a draft unless it was saved again after `seq`; the server remembers the deletion. */
    deleteDraft: (key: string, seq: number) => request<void>(`/api/drafts/${encodeURIComponent(key)}`, { method: 'DELETE', query: { seq } }),

    // Sessions
    /** The member's live sessions, the current one first (`current`), then the most recently used. */
    getSessions: (signal?: AbortSignal) => request<Sessions>('/api/sessions', { signal }),
    /** Ends another session of the member (its browser is logged out); the current one is refused (400). */
    endSession: (id: string) => request<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    /** Ends every session of the member but this one; answers how many were ended. */
    endOtherSessions: () => request<SessionsEnded>('/api/sessions', { method: 'DELETE', query: { others: true } }),

    // Passkeys
    /** The member's passkeys, the oldest first. */
    getPasskeys: (signal?: AbortSignal) => request<Passkeys>('/api/passkeys', { signal }),
    /** What the browser needs to create a passkey; needs a recent identity check (403 `reauth_required`). */
    getPasskeyCreationOptions: () => request<PasskeyCreationOptions>('/api/passkeys/_options', { method: 'POST' }),
    /** Stores the passkey the browser created over the last options' challenge. */
    addPasskey: (body: AddPasskeyBody) => request<Passkey>('/api/passkeys', { method: 'POST', body }),
    renamePasskey: (id: string, body: RenamePasskeyBody) => request<Passkey>(`/api/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    /** Removes one of the member's passkeys; needs a recent identity check. */
    removePasskey: (id: string) => request<void>(`/api/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    /** What the browser needs to sign in with any passkey it holds for the site (visitors only). */
    getPasskeyLoginOptions: () => request<PasskeyRequestOptions>('/api/_passkey_login_options', { method: 'POST' }),
    /** Signs in with the browser's signature over the last login options' challenge, as a login does. */
    passkeyLogin: (body: PasskeyAssertionBody) => request<User>('/api/_passkey_login', { method: 'POST', body }),
    /** What the browser needs for the member to sign with one of their passkeys (400 `no_passkeys` when they have none). */
    getPasskeyCheckOptions: () => request<PasskeyRequestOptions>('/api/_passkey_check_options', { method: 'POST' }),
    /** The passkey asked again before a sensitive change: the session counts as checked for a few minutes. */
    passkeyCheck: (body: PasskeyAssertionBody) => request<{ success: true }>('/api/_passkey_check', { method: 'POST', body }),

    // Download my data
    /** Asks for an archive of the member's data (202, built by a job), or answers the one being built; 409 within an hour of the last. */
    requestDataExport: () => request<DataExport>('/api/_export', { method: 'POST' }),
    /** The member's archives that have not expired, the newest first. */
    getDataExports: (signal?: AbortSignal) => request<DataExports>('/api/exports', { signal }),
    /** Where a ready archive downloads from: a plain link for the browser to follow, not a call. */
    dataExportDownloadUrl: (id: string) => `${baseUrl}/api/exports/${encodeURIComponent(id)}/download`,

    // Two-step sign-in
    getTwoStep: (signal?: AbortSignal) => request<TwoStepStatus>('/api/two_step', { signal }),
    /** A new secret for the authenticator app (needs a recent identity check); on with `enableTwoStep`. */
    setUpTwoStep: () => request<TwoStepSetup>('/api/two_step/_setup', { method: 'POST' }),
    /** Turns two-step sign-in on with a code made with the new secret; answers the backup codes, shown once. */
    enableTwoStep: (code: string) => request<BackupCodes>('/api/two_step/_enable', { method: 'POST', body: { code } }),
    disableTwoStep: (password: string) => request<TwoStepStatus>('/api/two_step/_disable', { method: 'POST', body: { password } }),
    /** A new set of backup codes, replacing the old one (needs a recent identity check). */
    newBackupCodes: () => request<BackupCodes>('/api/two_step/_backup_codes', { method: 'POST' }),

    // Comments
    getComments: (publicId: string, query: { next?: string | null; parentId?: string }, signal?: AbortSignal) =>
      request<CommentsPage>(`/api/posts/${encodeURIComponent(publicId)}/comments`, { query, signal }),
    /** A comment in its place: the comments above it, the comment and its replies (flat; `next` is null). */
    getCommentThread: (publicId: string, commentId: string, signal?: AbortSignal) =>
      request<CommentsPage>(`/api/posts/${encodeURIComponent(publicId)}/comments/${encodeURIComponent(commentId)}`, { signal }),
    createComment: (publicId: string, body: { body: string; parentCommentId?: string | null }, userGroup?: UserGroup, call: CallOptions = {}) =>
      request<Comment>(`/api/posts/${encodeURIComponent(publicId)}/comments`, { method: 'POST', body, query: { userGroup }, ...call }),
    updateComment: (publicId: string, commentId: string, body: string) =>
      request<Comment>(`/api/posts/${encodeURIComponent(publicId)}/comments/${encodeURIComponent(commentId)}`, {
        method: 'PUT',
        body: { body },
      }),
    changeCommentAs: (publicId: string, commentId: string, userGroup: UserGroup) =>
      request<Comment>(`/api/posts/${encodeURIComponent(publicId)}/comments/${encodeURIComponent(commentId)}`, {
        method: 'PUT',
        query: { action: 'changeAsUser', userGroup },
      }),
    deleteComment: (publicId: string, commentId: string, deleteAs: UserGroup = 'normal', reason: string | null = null) =>
      request<Comment>(`/api/posts/${encodeURIComponent(publicId)}/comments/${encodeURIComponent(commentId)}`, {
        method: 'DELETE',
        query: { deleteAs },
        body: reason ? { reason } : undefined,
      }),
    voteComment: (commentId: string, up: boolean, call: CallOptions = {}) =>
      request<Comment>('/api/_commentVote', { method: 'POST', body: { commentId, up }, ...call }),

    // Communities
    /** GET /api/communities answers a bare array; the next page's cursor comes from its `Link` header. */
    getCommunities: async (
      query: { sort?: CommunitySort; q?: string; limit?: number; next?: string | null },
      signal?: AbortSignal,
    ): Promise<CommunitiesPage> => {
      const { data, headers } = await sendForAnswer<Community[]>('/api/communities', { method: 'GET', query, signal });
      return { communities: data, next: nextCursor(headers.get('Link')) };
    },
    getCommunityByName: (name: string, signal?: AbortSignal) =>
      request<Community>(`/api/communities/${encodeURIComponent(name)}`, { query: { byName: true }, signal }),
    createCommunity: (body: { name: string; about?: string | null }) =>
      request<Community>('/api/communities', { method: 'POST', body }),
    updateCommunity: (id: string, body: { about?: string | null; postingRestricted?: boolean }) =>
      request<Community>(`/api/communities/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    joinCommunity: (communityId: string, leave = false, call: CallOptions = {}) =>
      request<Community>('/api/_joinCommunity', { method: 'POST', body: { communityId, leave }, ...call }),

    // Mutes
    muteUser: (userId: string, call: CallOptions = {}) => request<Mute>('/api/mutes', { method: 'POST', body: { userId }, ...call }),
    muteCommunity: (communityId: string, call: CallOptions = {}) =>
      request<Mute>('/api/mutes', { method: 'POST', body: { communityId }, ...call }),
    unmuteUser: (userId: string, call: CallOptions = {}) =>
      request<{ success: true }>(`/api/mutes/users/${encodeURIComponent(userId)}`, { method: 'DELETE', ...call }),
    unmuteCommunity: (communityId: string, call: CallOptions = {}) =>
      request<{ success: true }>(`/api/mutes/communities/${encodeURIComponent(communityId)}`, { method: 'DELETE', ...call }),
    getRules: (communityId: string, signal?: AbortSignal) => request<Rule[]>(`/api/communities/${encodeURIComponent(communityId)}/rules`, { signal }),
    /** Answers all the community's rules in their order, the new one last. */
    createRule: (communityId: string, body: { rule: string; description: string | null }) =>
      request<Rule[]>(`/api/communities/${encodeURIComponent(communityId)}/rules`, { method: 'POST', body }),
    /** Changes a rule's text and, with `zIndex`, moves it to that place (0 is the first). */
    updateRule: (communityId: string, ruleId: string, body: { rule: string; description: string | null; zIndex?: number }) =>
      request<Rule>(`/api/communities/${encodeURIComponent(communityId)}/rules/${encodeURIComponent(ruleId)}`, { method: 'PUT', body }),
    deleteRule: (communityId: string, ruleId: string) =>
      request<null>(`/api/communities/${encodeURIComponent(communityId)}/rules/${encodeURIComponent(ruleId)}`, { method: 'DELETE' }),
    /** POST /api/communities/{id}/pro_pic or /banner_image with the multipart field `image`. */
    uploadCommunityImage: (communityId: string, which: 'pro_pic' | 'banner_image', image: Blob) =>
      upload<Community>(`/api/communities/${encodeURIComponent(communityId)}/${which}`, 'image', image),
    deleteCommunityImage: (communityId: string, which: 'pro_pic' | 'banner_image') =>
      request<Community>(`/api/communities/${encodeURIComponent(communityId)}/${which}`, { method: 'DELETE' }),

    // Moderation
    /** The community's mods, most senior first. */
    getMods: (communityId: string, signal?: AbortSignal) =>
      request<User[]>(`/api/communities/${encodeURIComponent(communityId)}/mods`, { signal }),
    addMod: (communityId: string, username: string) =>
      request<User[]>(`/api/communities/${encodeURIComponent(communityId)}/mods`, { method: 'POST', body: { username } }),
    removeMod: (communityId: string, username: string) =>
      request<User[]>(`/api/communities/${encodeURIComponent(communityId)}/mods/${encodeURIComponent(username)}`, { method: 'DELETE' }),
    /** Moves a mod to a 0-based place in the list (0 is the most senior). */
    moveMod: (communityId: string, username: string, position: number) =>
      request<User[]>(`/api/communities/${encodeURIComponent(communityId)}/mods/${encodeURIComponent(username)}`, {
        method: 'PUT',
        body: { position },
      }),
    getBanned: (communityId: string, signal?: AbortSignal) =>
      request<User[]>(`/api/communities/${encodeURIComponent(communityId)}/banned`, { signal }),
    /** Bans for good, or until `expires` (an ISO time); `reason` goes to the moderation log. */
    banFromCommunity: (communityId: string, username: string, expires: string | null = null, reason: string | null = null) =>
      request<User>(`/api/communities/${encodeURIComponent(communityId)}/banned`, { method: 'POST', body: { username, expires, reason } }),
    /** The community's moderation log, newest first; anyone may read it. */
    getCommunityModLog: (communityId: string, query: { next?: string | null; kind?: ModActionKind; mod?: string }, signal?: AbortSignal) =>
      request<ModLogPage>(`/api/communities/${encodeURIComponent(communityId)}/modlog`, { query, signal }),
    /** The site-wide moderation log (what admins did), newest first. */
    getSiteModLog: (query: { next?: string | null; kind?: ModActionKind }, signal?: AbortSignal) =>
      request<ModLogPage>('/api/modlog', { query, signal }),
    /** The community's watched words and new-member limits, for its mods and admins. */
    getCommunityAutoMod: (communityId: string, signal?: AbortSignal) =>
      request<CommunityAutoMod>(`/api/communities/${encodeURIComponent(communityId)}/automod`, { signal }),
    /** Replaces the community's watched words and limits with `settings`. */
    updateCommunityAutoMod: (communityId: string, settings: CommunityAutoMod) =>
      request<CommunityAutoMod>(`/api/communities/${encodeURIComponent(communityId)}/automod`, { method: 'PUT', body: settings }),
    /** The site-wide watched words, for admins. */
    getSiteAutoMod: (signal?: AbortSignal) => request<SiteAutoMod>('/api/automod', { signal }),
    updateSiteAutoMod: (settings: SiteAutoMod) => request<SiteAutoMod>('/api/automod', { method: 'PUT', body: settings }),
    /** What waits for approval in the community, oldest first, with how many wait in all. */
    getHeld: (communityId: string, next: string | null, signal?: AbortSignal) =>
      request<HeldPage>(`/api/communities/${encodeURIComponent(communityId)}/held`, { query: { next }, signal }),
    /** Approves (publishes) or removes a held post or comment, named by its id. */
    actOnHeld: (communityId: string, itemId: string, action: 'approve' | 'remove', reason: string | null = null) =>
      request<void>(`/api/communities/${encodeURIComponent(communityId)}/held/${encodeURIComponent(itemId)}`, {
        method: 'POST',
        body: { action, reason },
      }),
    unbanFromCommunity: (communityId: string, username: string) =>
      request<User>(`/api/communities/${encodeURIComponent(communityId)}/banned`, { method: 'DELETE', body: { username } }),
    getReports: (
      communityId: string,
      query: { filter?: (typeof REPORT_FILTERS)[number]; page?: number; limit?: number } = {},
      signal?: AbortSignal,
    ) => request<ReportsPage>(`/api/communities/${encodeURIComponent(communityId)}/reports`, { query, signal }),
    ignoreReport: (communityId: string, reportId: string) =>
      request<Report>(`/api/communities/${encodeURIComponent(communityId)}/reports/${encodeURIComponent(reportId)}`, { method: 'DELETE' }),
    /** Modtools' numbered pages of a community's deleted or locked posts. */
    getModeratedPosts: (
      communityId: string,
      query: { filter: (typeof MODERATED_POST_FILTERS)[number]; page?: number; limit?: number },
      signal?: AbortSignal,
    ) => request<ModeratedPostsPage>('/api/posts', { query: { communityId, ...query }, signal }),

    // Lists
    getLists: (
      username: string,
      query: { sort?: (typeof LIST_ORDERS)[number]; filter?: (typeof LIST_FILTERS)[number] } = {},
      signal?: AbortSignal,
    ) => request<List[]>(`/api/users/${encodeURIComponent(username)}/lists`, { query, signal }),
    /** Answers all the owner's lists, latest changed first: the new one leads. */
    createList: (username: string, body: Partial<ListBody> & { name: string }) =>
      request<List[]>(`/api/users/${encodeURIComponent(username)}/lists`, { method: 'POST', body }),
    getList: (username: string, listName: string, signal?: AbortSignal) =>
      request<List>(`/api/users/${encodeURIComponent(username)}/lists/${encodeURIComponent(listName)}`, { signal }),
    getListItems: (username: string, listName: string, next?: string | null, signal?: AbortSignal) =>
      request<ListItemsPage>(`/api/users/${encodeURIComponent(username)}/lists/${encodeURIComponent(listName)}/items`, {
        query: { next },
        signal,
      }),
    clearList: (username: string, listName: string) =>
      request<List>(`/api/users/${encodeURIComponent(username)}/lists/${encodeURIComponent(listName)}/items`, { method: 'DELETE' }),
    updateList: (listId: string, body: UpdateListBody) => request<List>(`/api/lists/${encodeURIComponent(listId)}`, { method: 'PUT', body }),
    deleteList: (listId: string) => request<{ success: true }>(`/api/lists/${encodeURIComponent(listId)}`, { method: 'DELETE' }),
    addListItem: (listId: string, body: { targetId: string; targetType: ContentType }, call: CallOptions = {}) =>
      request<List>(`/api/lists/${encodeURIComponent(listId)}/items`, { method: 'POST', body, ...call }),
    removeListItem: (listId: string, body: { targetId: string; targetType: ContentType }, call: CallOptions = {}) =>
      request<List>(`/api/lists/${encodeURIComponent(listId)}/items`, { method: 'DELETE', body, ...call }),
    /** The ids of the viewer's lists holding a post or a comment. */
    getSavedTo: (targetId: string, type: ContentType, signal?: AbortSignal) =>
      request<string[]>('/api/lists/_saved_to', { query: { id: targetId, type }, signal }),

    // Reports and site settings
    report: (body: Omit<ReportBody, 'description'> & { description?: string | null }) =>
      request<Report>('/api/_report', { method: 'POST', body }),
    getSiteSettings: () => request<SiteSettings>('/api/site_settings'),
    getSiteHealth: () => request<SiteHealth>('/api/_admin/health'),
    updateSiteSettings: (body: Partial<SiteSettings>) => request<SiteSettings>('/api/site_settings', { method: 'PUT', body }),

    // Admin
    /** POST /api/_admin: ban_user, unban_user, deny_comm, add_default_forum, remove_default_forum. */
    adminAction: (body: AdminActionBody) => request<{ success: true }>('/api/_admin', { method: 'POST', body }),
    /** Accounts newest first; `search` keeps those whose name or email contains it. */
    getUsers: (next?: string | null, signal?: AbortSignal, search?: string) =>
      request<UsersPage>('/api/users', { query: { next, q: search || undefined }, signal }),
    /** The latest comments of the whole site, newest first (admins). */
    getLatestComments: (next?: string | null, signal?: AbortSignal) => request<CommentsPage>('/api/comments', { query: { next }, signal }),
    requestCommunity: (body: { name: string; note?: string | null }) =>
      request<CommunityRequest>('/api/community_requests', { method: 'POST', body }),
    /** GET /api/community_requests answers a bare array; the next page's cursor comes from its `Link` header. */
    getCommunityRequests: async (next?: string | null, signal?: AbortSignal): Promise<CommunityRequestsPage> => {
      const { data, headers } = await sendForAnswer<CommunityRequest[]>('/api/community_requests', { method: 'GET', query: { next }, signal });
      return { requests: data, next: nextCursor(headers.get('Link')) };
    },
    deleteCommunityRequest: (id: string) =>
      request<{ success: true }>(`/api/community_requests/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    getIpBlocks: (next?: string | null, signal?: AbortSignal) => request<IpBlocksPage>('/api/ipblocks', { query: { next }, signal }),
    blockIp: (body: IpBlockBody) => request<IpBlock>('/api/ipblocks', { method: 'POST', body }),
    cancelIpBlock: (id: string) => request<IpBlock>(`/api/ipblocks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    getBssEvents: (next?: string | null, signal?: AbortSignal) =>
      request<AnalyticsEventsPage>('/api/analytics/bss', { query: { next }, signal }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
