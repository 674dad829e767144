/**
 * Constants, messages and response types of header images, videos and the Discord community.
 * No schemas here: plain pages import this module without pulling zod into their bundle.
 */
export const VIDEOS_PAGE_SIZE = 12
export const VIDEOS_MAX_LIMIT = 50
export const HOME_FEATURED_VIDEOS = 15
export const HOME_LATEST_LIVES = 2
export const HOME_GALLERY_IMAGES = 10
export const PHOTOS_GALLERY_PAGE_SIZE = 24
export const GALLERY_MAX_LIMIT = 100
export const WIDGET_MAX_AVATARS = 10
export const HERO_MAX_IMAGES = 5
export const HERO_INTERVAL_MS = 6000
export const HERO_TRANSITION_MS = 500
/** The server syncs the configured channel by itself at most this often. */
export const VIDEO_SYNC_INTERVAL_MS = 60 * 60 * 1000

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp'
/** Widths of the WebP variants written for every header image (srcset). */
export const HEADER_IMAGE_WIDTHS = [480, 960, 1600] as const

export const MEDIA_MESSAGES = {
  imageRequired: 'Image is required.',
  imageEmpty: 'Image cannot be empty.',
  imageTooLarge: 'Max file size is 5MB.',
  imageType: 'Only .jpg, .jpeg, .png and .webp formats are supported.',
  titleRequired: 'Title is required',
  imageKeyRequired: 'Image key is required.',
  imageNotFound: 'Image not found.',
  uploadFailed: 'Upload failed',
  uploadUnknown: 'An unknown error occurred during upload.',
  uploadSuccess: 'Upload successful!',
  fallbackNotice: 'Using fallback images due to loading error.',

  channelIdRequired: 'YouTube Channel ID is required',
  channelIdPrompt: 'Please enter a YouTube Channel ID.',
  videoNotFound: 'Video not found.',
  videoIdInvalid: 'Video id must be a positive whole number',
  channelNotFound: (id: string) => `No YouTube channel found with ID ${id}.`,
  quotaExceeded:
    'The YouTube API quota for today is used up. Try again after midnight Pacific time.',
  apiKeyInvalid: 'YouTube refused the API key. Check YOUTUBE_API_KEY.',
  youtubeUnavailable: 'YouTube could not be reached. Please try again later.',
  statsOtherChannel: 'Statistics are shown for this site’s own YouTube channel only.',
  syncResult: (total: number, added: number, updated: number) =>
    `Synced ${total} ${total === 1 ? 'video' : 'videos'} from YouTube: ${added} added, ${updated} updated.`,

  discordChannelNotShown: 'Images from this Discord channel are not shown on this site.',
  discordUnavailable: 'Could not connect to Discord',
  discordRateLimited: 'Discord is rate limiting the gallery. Please try again shortly.',
  discordMissingAccess: 'The gallery bot cannot see this Discord channel.',
  discordMissingPermissions: 'The gallery bot lacks permissions in this Discord channel.',
  discordLoadFailed: 'Could not load images from Discord.',
  discordEmpty: 'No images found in this channel.',
  discordEnd: "You've reached the end of the gallery.",
  widgetFailed: 'Could not connect to Discord',

  videosFailed: 'Could not load videos. Please try again later.',
  videosEmpty: 'No videos found. Check back soon for new content!',
  livesFailed: 'Could not load latest live streams.',
  livesEmpty: 'No recent live streams found.',
  youtubeFailed: 'Could not load YouTube data.',
} as const

export interface HeaderImage {
  key: string
  url: string
  name: string
  title: string
  description: string | null
  width: number
  height: number
  /** WebP variants, for the `srcset` attribute. */
  srcset: string
  createdAt: string
}
export interface ImageListResponse {
  images: HeaderImage[]
}

/** none: a normal upload; live: on air now; upcoming: scheduled; completed: a finished stream. */
export type LiveState = 'none' | 'live' | 'upcoming' | 'completed'

export interface Video {
  id: number
  youtubeId: string
  channelId: string
  title: string
  description: string | null
  thumbnailUrl: string | null
  viewCount: number | null
  publishedAt: string
  /** ISO-8601 duration such as PT1H2M3S; null when only the channel feed was read. */
  duration: string | null
  isLive: boolean
  liveState: LiveState
  createdAt: string
}
export interface Pagination {
  page: number
  totalPages: number
  total: number
}
export interface VideoListResponse {
  videos: Video[]
  pagination: Pagination
}
export interface ChannelStats {
  subscriberCount: number
  viewCount: number
  videoCount: number
}
export interface SyncResult {
  message: string
  added: number
  updated: number
  total: number
  source: 'api' | 'feed'
}

export interface DiscordWidgetMember {
  id: string
  username: string
  avatar_url: string | null
  status: string
}
export interface DiscordWidget {
  name: string
  presence_count: number
  members: DiscordWidgetMember[]
  instant_invite: string | null
}
export interface DiscordChannelImage {
  id: string
  filename: string
  proxyUrl: string
  width: number | null
  height: number | null
  author: { username: string }
  timestamp: string
}
export interface DiscordChannelImagesResponse {
  images: DiscordChannelImage[]
  nextCursor: string | null
}
/** The gallery's error payload (spec §7): `error` plus what helps the owner fix it. */
export interface DiscordGalleryError {
  error: string
  details?: string
  permissionsNeeded?: string[]
  channelId?: string
  troubleshooting?: string[]
  retryAfter?: number
}
