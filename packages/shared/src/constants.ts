// Limits, timings and display values of the product. Values the specification leaves unshown are
// chosen here and marked "chosen"; everything else comes from the specification's constants.

// ---------- Accounts ----------
/** Minimum username length. */
export const USERNAME_MIN = 4;
/** Maximum username length (chosen). */
export const USERNAME_MAX = 21;
/** Characters a username may contain: letters, digits and underscore. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** Minimum password length. */
export const PASSWORD_MIN = 8;
/** Maximum password length (chosen, keeps hashing cost bounded). */
export const PASSWORD_MAX = 128;
/** Maximum email length (chosen, the longest address SMTP allows). */
export const EMAIL_MAX = 320;
/** A loose email shape: something, @, something, a dot, something. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** Maximum "about me" length (chosen). */
export const ABOUT_ME_MAX = 10_000;
/** Points a new account starts with. */
export const NEW_USER_POINTS = 1;
/** What a user types to confirm deleting their account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'YES';
/** Badges admins give and take away. */
export const BADGE_TYPES = ['supporter'] as const;
/** A profile's feed shows both kinds, or only posts or only comments. */
export const USER_FEED_FILTERS = ['posts', 'comments'] as const;
/** Items in one page of a profile's feed (chosen). */
export const USER_FEED_PAGE_SIZE = 20;

// ---------- Communities ----------
/** Community name length bounds. */
export const COMMUNITY_NAME_MIN = 3;
export const COMMUNITY_NAME_MAX = 21;
/** Characters a community name may contain (chosen: the same as usernames). */
export const COMMUNITY_NAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** Community description limit when creating. */
export const COMMUNITY_ABOUT_CREATE_MAX = 500;
/** Community description limit in settings. */
export const COMMUNITY_ABOUT_MAX = 2000;
/** Points needed to create a community (admins are exempt). */
export const COMMUNITY_CREATE_POINTS = 10;
/** Default maximum number of communities one user may moderate (chosen; configurable on the server). */
export const MAX_COMMUNITIES_MODERATED = 10;
/** Community request note limit. */
export const COMMUNITY_REQUEST_NOTE_MAX = 500;
/** Denial note limit on a community request (chosen). */
export const DENY_NOTE_MAX = 500;
/** Community requests in one page of the admin list (chosen). */
export const COMMUNITY_REQUESTS_PAGE_SIZE = 50;
/** Rule text and rule description limits. */
export const RULE_MAX = 512;
export const RULE_DESCRIPTION_MAX = 512;
/** Community suggestions returned for a search. */
export const COMMUNITY_SUGGESTIONS_LIMIT = 10;

// ---------- Posts and comments ----------
/** Post title bounds; longer titles are cut to the maximum. */
export const POST_TITLE_MIN = 3;
export const POST_TITLE_MAX = 255;
/** Post body limit (chosen). */
export const POST_BODY_MAX = 20_000;
/** Images per image post. */
export const POST_IMAGES_MAX = 10;
/** An upload not put in a post within this many hours is abandoned, and removed by the server. */
export const UNATTACHED_IMAGE_HOURS = 24;
/** Sensitive account changes need the password or a passkey proven within this many minutes in the session. */
export const RECENT_CHECK_MINUTES = 10;
/** The longest name a member can give a passkey. */
export const PASSKEY_NAME_MAX = 50;
/** The most passkeys one account can have. */
export const PASSKEYS_MAX = 20;
/** How long a ready archive of "Download my data" can be downloaded, in hours; it is deleted after. */
export const DATA_EXPORT_KEPT_HOURS = 24;
/** A member may ask for one archive of their data in this many minutes. */
export const DATA_EXPORT_EVERY_MINUTES = 60;
/** Image alt text limit. */
export const ALT_TEXT_MAX = 1024;
/** Image caption limit (chosen). */
export const IMAGE_CAPTION_MAX = 1024;
/** Link post URL limit (chosen). */
export const LINK_URL_MAX = 2048;
/** Comment body limit (chosen). */
export const COMMENT_BODY_MAX = 20_000;
/** Deepest reply depth (top-level comments have depth 0). */
export const COMMENT_DEPTH_MAX = 15;
/** Pinned posts per community, and site-wide. */
export const PINS_MAX = 2;
/** A post counts as edited only when edited later than this after creation. */
export const EDITED_THRESHOLD_MS = 5 * 60 * 1000;
/** Report reason text limit (chosen). */
export const REPORT_DESCRIPTION_MAX = 1024;

// ---------- Lists ----------
/** List name (URL slug) limit (chosen). */
export const LIST_NAME_MAX = 21;
/** Characters a list name may contain (chosen: URL-safe). */
export const LIST_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** List display name and description limits (chosen). */
export const LIST_DISPLAY_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 2000;
/** Items a page of a list holds (chosen). */
export const LIST_ITEMS_PAGE_SIZE = 20;

// ---------- Uploads ----------
/** Largest accepted upload (chosen). */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Largest accepted image in pixels, against decompression bombs (chosen). */
export const UPLOAD_MAX_PIXELS = 60_000_000;

// ---------- Feeds and paging ----------
export const FEED_LIMIT_DEFAULT = 10;
export const FEED_LIMIT_MAX = 50;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const MODTOOLS_PAGE_SIZE = 10;
/** The largest page of modtools' numbered lists a client may ask for (chosen). */
export const MODTOOLS_PAGE_MAX = 50;
/** Modtools' filters of a community's open reports. */
export const REPORT_FILTERS = ['all', 'posts', 'comments'] as const;
/** The feeds of the home page: the communities a user joined (or the defaults), and everything. */
export const FEEDS = ['home', 'all', 'moderating'] as const;
/** The lists of a community's posts that only its mods and admins see. */
export const MODERATED_POST_FILTERS = ['deleted', 'locked'] as const;
export const FEED_SORTS = ['hot', 'activity', 'latest', 'day', 'week', 'month', 'year', 'all'] as const;
export const DEFAULT_FEED_SORT = 'hot';
export const COMMUNITY_SORTS = ['new', 'old', 'size', 'name_asc', 'name_dsc'] as const;
export const DEFAULT_COMMUNITY_SORT = 'size';
export const LIST_ORDERS = ['lastAdded', 'name'] as const;
export const LIST_FILTERS = ['all', 'public', 'private'] as const;
export const DEFAULT_LIST_ORDER = 'lastAdded';
export const DEFAULT_LIST_FILTER = 'all';
/** Communities shown to visitors when the site has no default communities: the largest (chosen). */
export const SIDEBAR_TOP_COMMUNITIES = 10;

// ---------- Kinds ----------
export const USER_GROUPS = ['normal', 'mods', 'admins'] as const;
export const POST_TYPES = ['text', 'image', 'link'] as const;
export const HOME_FEEDS = ['all', 'subscriptions'] as const;
export const IMAGE_COPY_NAMES = ['tiny', 'small', 'medium', 'desktop', 'mobile'] as const;
/** Formats images are stored and served in. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** What a report or a list item points at. */
export const CONTENT_TYPES = ['post', 'comment'] as const;
/** What a mute silences: a user everywhere, or a community on the All feed. */
export const MUTE_TYPES = ['user', 'community'] as const;
export const NOTIFICATION_TYPES = [
  'new_comment', 'comment_reply', 'new_votes', 'deleted_post', 'mod_add', 'new_badge', 'welcome', 'announcement', 'denied_comm',
  'post_locked', 'deleted_comment', 'approved',
] as const;

// ---------- Timing (milliseconds) ----------
export const ALERT_LIFETIME_MS = 3000;
export const MUTE_ALERT_LIFETIME_MS = 5000;
export const LOADING_DELAY_MS = 80;
export const DEFAULT_DEBOUNCE_MS = 1000;
export const SUGGESTION_DEBOUNCE_MS = 200;
export const SW_UPDATE_CHECK_MS = 120_000;
export const UPDATE_PROMPT_CHECK_MS = 10_000;
export const UPDATE_PROMPT_MIN_GAP_MS = 1_200_000;
/** Longest push endpoint accepted; push services' addresses are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1024;
/** Drafts: what a key may be, and how much a draft holds. */
export const DRAFT_KEY_PATTERN = /^(post:new|(comment|reply):[0-9a-f-]{36})$/;
export const DRAFT_VALUE_MAX = 100_000;
export const DRAFT_LABEL_MAX = 400;
export const DRAFT_HREF_MAX = 1000;
/** Drafts kept per member on the server; the oldest go first. */
export const DRAFTS_KEPT = 100;
/**
 * How long the server remembers that a draft was deleted (so that a device holding an older copy
 * drops it), and how many such records it keeps per member at most; older ones go on the next save.
 */
export const DRAFT_TOMBSTONE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
export const DRAFT_TOMBSTONES_KEPT = 1000;
/** The query parameter of a comment's page that opens its reply box (a push's Reply action). */
export const REPLY_PARAM = 'reply';
export const PUSH_PROMPT_INTERVAL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long turning push on waits for the browser's push service before giving up (chosen). */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;
export const USER_POLL_MS = 5000;
export const COMMENT_RETRY_MS = 2000;
export const TIMESTAMP_REFRESH_MS = 60_000;
export const HIDE_RESET_HEIGHT_MS = 10;
export const ONLINE_SETTLE_MS = 2000;
export const COMMENT_BATCH_MOBILE = 5;
export const COMMENT_BATCH_DESKTOP = 20;
export const COMMENT_BATCH_GAP_MOBILE_MS = 250;
export const COMMENT_BATCH_GAP_DESKTOP_MS = 100;

// ---------- Display ----------
export const MOBILE_BREAKPOINT_PX = 768;
export const WIDE_LAYOUT_BREAKPOINT_PX = 1170;
export const FEED_INITIAL_RENDER = 6;
export const FEED_RENDER_MARGIN_PX = 200;
export const FEED_SKELETONS = 7;
export const FEED_EAGER_IMAGES = 3;
/** Infinite scroll loads the next page this far before the end: a share of the screen height, at least the pixels. */
export const INFINITE_SCROLL_SCREEN_SHARE = 0.35;
export const INFINITE_SCROLL_MIN_PX = 200;
/** From this width up, feed items scrolled far away keep their rendered content. */
export const FEED_KEEP_RENDERED_MIN_WIDTH_PX = 1280;
export const SIDEBAR_COMMUNITIES_SHOWN = 10;
export const MOBILE_SIDEBAR_WIDTH_PX = 300;
export const NAVBAR_BLUR_AFTER_PX = 50;
export const NAVBAR_AUTOHIDE_THRESHOLD_PX = 20;
export const PULL_TO_REFRESH_PX = 120;
export const NOTIFICATIONS_SKELETONS = 10;
export const IP_BLOCK_USERS_SHOWN = 10;
export const DEFAULT_INPUT_LIMIT = 100;
export const COLLAPSED_HEIGHT_PX = {
  showMore: 300,
  profileBio: 120,
  communityAbout: 250,
  communityAboutCard: 120,
  comment: 500,
  textPostPreview: 200,
} as const;
export const IMAGE_MAX_HEIGHT_MIN_PX = 540;
/** The eight default avatar colours, chosen by the first letter of a name. */
export const AVATAR_COLORS = [
  '#e5484d', '#f76b15', '#ffc53d', '#46a758', '#12a594', '#0090ff', '#6e56cf', '#d6409f',
] as const;

// ---------- Comment pages ----------
/** Top-level comments a page of a thread holds. */
export const COMMENTS_PAGE_SIZE = 30;
/**
 * Replies a page of top-level comments brings: the best COMMENT_REPLIES_PER_COMMENT of each
 * comment, level by level, at most COMMENT_REPLIES_PER_PAGE in all. The rest of a subtree loads
 * on demand ('N more replies'), so a page of a large thread stays small.
 */
export const COMMENT_REPLIES_PER_COMMENT = 5;
export const COMMENT_REPLIES_PER_PAGE = 150;
/** Replies returned for one comment's subtree (`parentId`). */
export const COMMENT_SUBTREE_LIMIT = 500;
/** Admin list of latest comments, per page. */
export const ADMIN_COMMENTS_PAGE_SIZE = 50;

// ---------- Admin ----------
/** Admin list of users, newest first, per page. */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** Longest text the admins' user search takes: an email address (chosen). */
export const ADMIN_USER_SEARCH_MAX = 320;
/** IP blocks in one page of the admin list (chosen). */
export const IP_BLOCKS_PAGE_SIZE = 20;
/** IP block note limit (chosen). */
export const IP_BLOCK_NOTE_MAX = 500;
/** The longest "expires in" of an IP block, in hours (chosen: about 100 years). */
export const IP_BLOCK_EXPIRES_MAX_HOURS = 876_000;
/** Site statistics events in one page of the analytics list (chosen: two days of hourly events). */
export const BSS_PAGE_SIZE = 48;
/** Events the installed app reports through POST /api/analytics, each counted once a day per user or visitor. */
export const ANALYTICS_EVENTS = ['pwa_use', 'pwa_install', 'notifications_enabled'] as const;
/** Where YouTube videos are embedded from: the only origin the app frames. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

// ---------- Retried writes ----------
/** What an idempotency key may look like (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** Hours the answer to a keyed write is kept for replays (chosen). */
export const IDEMPOTENCY_KEY_HOURS = 24;

// Search
export const SEARCH_TYPES = ['posts', 'comments', 'communities', 'users'] as const;
export const SEARCH_SORTS = ['relevance', 'new', 'top'] as const;
/** Longest query accepted, modifiers included. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;
/** Most words (and "quoted phrases") one search may hold; each is a condition on every match. */
export const SEARCH_WORDS_MAX = 10;
/** Communities and users suggested as one types, of each. */
export const SEARCH_SUGGEST_LIMIT = 5;
/** Pause in typing before suggestions are asked for. */
export const SEARCH_SUGGEST_DEBOUNCE_MS = 200;

// ---------- Moderation log ----------
/** What a moderation log records. */
export const MOD_ACTION_KINDS = [
  'remove_post', 'remove_post_content', 'remove_comment',
  'lock_post', 'unlock_post',
  'pin_post', 'unpin_post', 'pin_post_site', 'unpin_post_site',
  'ban_user', 'unban_user', 'ban_user_site', 'unban_user_site',
  'add_mod', 'remove_mod',
  'add_rule', 'edit_rule', 'remove_rule',
  'edit_community',
  'ignore_report',
  'deny_community_request',
  'block_ip', 'cancel_ip_block',
  'announce_post', 'add_default_community', 'remove_default_community', 'delete_community_request',
  'edit_automod', 'hold_post', 'hold_comment', 'approve_post', 'approve_comment', 'block_content', 'auto_report',
] as const;
/** What a logged action was done to. */
export const MOD_ACTION_TARGETS = ['post', 'comment', 'user', 'rule', 'community', 'report', 'community_request', 'ip_block', 'automod'] as const;
/** Entries of a moderation log per page. */
export const MODLOG_PAGE_SIZE = 25;
/** The longest reason a moderator may give for an action. */
export const MOD_REASON_MAX = 500;

// ---------- Automatic moderation ----------
/** What a watched word does to a post or comment that contains it. */
export const WATCHED_WORD_ACTIONS = ['block', 'hold', 'report', 'replace'] as const;
/** Watched words per list (a community's, the site's). */
export const WATCHED_WORDS_MAX = 500;
export const WATCHED_WORD_PATTERN_MAX = 100;
export const WATCHED_WORD_RULE_MAX = 100;
export const WATCHED_WORD_REPLACEMENT_MAX = 100;
/** The highest account age (days) and points a community's new-member limits may ask for. */
export const NEW_MEMBER_DAYS_MAX = 365;
export const NEW_MEMBER_POINTS_MAX = 100000;
/** Held posts and comments per page of the approval queue. */
export const HELD_PAGE_SIZE = 20;
