import type { AnnouncementListResponse } from './announcements.ts'
import type { SessionResponse } from './auth-constants.ts'
import type { BlogListResponse, BlogPostView } from './blog-constants.ts'
import type { ContactResponse } from './contact.ts'
import type { NotConfigured } from './features.ts'
import { contract } from './endpoint.ts'
import type { FaqListResponse } from './faqs.ts'
import type {
  ChannelStats,
  DiscordChannelImagesResponse,
  DiscordWidget,
  ImageListResponse,
  VideoListResponse,
} from './media-constants.ts'
import type { DiscordInvite } from './discord-invite.ts'
import type { NewsletterSubscriptionView } from './newsletter-constants.ts'
import type { DiscordStatus, OAuthAccount } from './oauth.ts'
import type { ContentPage, PageListResponse } from './pages.ts'
import type { MemberDataExport } from './member-data.ts'
import type { ProfileResponse } from './profile.ts'
import type { RadioNowPlaying, RadioStation, SuperJsonResult } from './radio.ts'
import type { ResourceListResponse } from './resource-constants.ts'
import type { ApodResponse, MoonPhaseResponse, NewsResponse, SolarWeatherResponse } from './sky.ts'
import type { SkyEventsResponse } from './sky-events.ts'
import type { HomePlaceResponse, PlaceSearchResponse, TonightResponse } from './sky-tonight.ts'
import type { AuroraAlertsResponse } from './aurora.ts'

/**
 * Every /_api endpoint by name, as a contract (contracts/endpoint.ts): server/api/ mounts each one
 * with its handler, and the browser calls it through app/lib/api.ts with the same object, so
 * neither side spells a path, an access rule or a response shape of its own.
 */

declare const carries: unique symbol
/** superjson's `{json, meta}` wire form of a `T` (type only: the browser revives it into a `T`). */
export interface Superjson<T> extends SuperJsonResult {
  readonly [carries]?: T
}

// Signing in and out; the session is in contracts/api-session.ts (every page reads it).
export * from './api-session.ts'
export const loginWithPassword = contract<SessionResponse>()({
  method: 'POST',
  path: '/auth/login_with_password',
  access: 'public',
  source: 'json',
  input: () => import('./auth.ts').then((m) => m.LoginInput),
})
export const logout = contract()({
  method: 'POST',
  path: '/auth/logout',
  access: 'public',
  source: 'json',
  input: () => import('./common.ts').then((m) => m.NoInput),
})
// Both answer the sign-in popup a page or a redirect, never JSON.
export const oauthAuthorize = contract<never>()({
  method: 'GET',
  path: '/auth/oauth_authorize',
  access: 'public',
  source: 'query',
  input: () => import('./oauth.ts').then((m) => m.OAuthAuthorizeQuery),
  cache: 'no-store',
})
export const oauthCallback = contract<never>()({
  method: 'GET',
  path: '/auth/oauth_callback/discord',
  access: 'public',
  source: 'query',
  input: () => import('./oauth.ts').then((m) => m.OAuthCallbackQuery),
  cache: 'no-store',
})
export const establishSession = contract<SessionResponse>()({
  method: 'POST',
  path: '/auth/establish_session',
  access: 'public',
  source: 'json',
  input: () => import('./auth.ts').then((m) => m.EstablishSessionInput),
})

// The member's own profile and Discord link.
export const getProfile = contract<ProfileResponse>()({
  method: 'GET',
  path: '/user/profile',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const updateProfile = contract<SessionResponse>()({
  method: 'POST',
  path: '/user/profile/update',
  access: 'member',
  source: 'json',
  input: () => import('./profile.ts').then((m) => m.ProfileUpdateInput),
})
export const updatePassword = contract()({
  method: 'POST',
  path: '/user/profile/update-password',
  access: 'member',
  source: 'json',
  input: () => import('./profile.ts').then((m) => m.PasswordChangeInput),
})
export const uploadAvatar = contract<SessionResponse>()({
  method: 'POST',
  path: '/user/profile/upload-avatar',
  access: 'member',
  source: 'multipart',
  input: () => import('./profile.ts').then((m) => m.AvatarUploadInput),
})
export const listOauthAccounts = contract<OAuthAccount[]>()({
  method: 'GET',
  path: '/user/oauth-accounts',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
/** A download (attachment): the member's own data as one JSON file. */
export const exportMyData = contract<MemberDataExport>()({
  method: 'GET',
  path: '/user/export',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
/** Deletes the signed-in member's account and everything of it, then signs them out. */
export const deleteMyAccount = contract()({
  method: 'POST',
  path: '/user/delete',
  access: 'member',
  source: 'json',
  input: () => import('./profile.ts').then((m) => m.AccountDeleteInput),
})
export const getDiscordStatus = contract<DiscordStatus>()({
  method: 'GET',
  path: '/user/discord-status',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})

// Blog posts, pages and FAQs (the admin's writes are in contracts/admin-api-paths.ts), and the
// contact form.
export const listPosts = contract<BlogListResponse>()({
  method: 'GET',
  path: '/blog/list',
  access: 'public',
  source: 'query',
  input: () => import('./blog.ts').then((m) => m.BlogListQuery),
})
export const getPost = contract<BlogPostView>()({
  method: 'POST',
  path: '/blog/get',
  access: 'public',
  source: 'json',
  input: () => import('./blog.ts').then((m) => m.IdOrSlugInput),
})
export const listFaqs = contract<FaqListResponse>()({
  method: 'GET',
  path: '/faqs/list',
  access: 'public',
  source: 'query',
  input: () => import('./faqs.ts').then((m) => m.FaqListQuery),
})
export const listPages = contract<PageListResponse>()({
  method: 'GET',
  path: '/pages/list',
  access: 'public',
  source: 'query',
  input: () => import('./pages.ts').then((m) => m.PageListQuery),
})
export const getPage = contract<ContentPage>()({
  method: 'POST',
  path: '/pages/get',
  access: 'public',
  source: 'json',
  input: () => import('./blog.ts').then((m) => m.IdOrSlugInput),
})
export const submitContact = contract<ContactResponse>()({
  method: 'POST',
  path: '/contact/submit',
  access: 'public',
  source: 'json',
  input: () => import('./contact.ts').then((m) => m.ContactInput),
})

// Sky data (moon phase, solar weather, picture of the day, news) and the radio.
// The server's cache decides freshness: each answer carries its age (Age and ageSeconds).
export const getMoonPhase = contract<MoonPhaseResponse>()({
  method: 'GET',
  path: '/moon-phase',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-cache',
})
export const getSolarWeather = contract<SolarWeatherResponse>()({
  method: 'GET',
  path: '/solar-weather',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-cache',
})
export const getApod = contract<ApodResponse>()({
  method: 'GET',
  path: '/apod',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-cache',
})
export const getCombinedNews = contract<NewsResponse>()({
  method: 'GET',
  path: '/news/combined',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-cache',
})
// Superjson's {json, meta} for the radio, or NotConfigured on a site without a station.
export const getStation = contract<Superjson<RadioStation> | NotConfigured>()({
  method: 'GET',
  path: '/radio/station',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-cache',
})
export const getNowPlaying = contract<Superjson<RadioNowPlaying> | NotConfigured>()({
  method: 'GET',
  path: '/radio/nowplaying',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-cache',
})

// Header images, the YouTube video cache and the Discord community.
export const listImages = contract<ImageListResponse>()({
  method: 'GET',
  path: '/images/list',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
})
export const listVideos = contract<VideoListResponse>()({
  method: 'GET',
  path: '/youtube/list',
  access: 'public',
  source: 'query',
  input: () => import('./media.ts').then((m) => m.VideoListQuery),
})
export const getChannelStats = contract<ChannelStats | NotConfigured>()({
  method: 'GET',
  path: '/youtube/channel-stats',
  access: 'public',
  source: 'query',
  input: () => import('./media.ts').then((m) => m.ChannelStatsQuery),
})
export const getWidget = contract<DiscordWidget | NotConfigured>()({
  method: 'GET',
  path: '/discord/widget',
  access: 'public',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
})
export const getChannelImages = contract<DiscordChannelImagesResponse | NotConfigured>()({
  method: 'GET',
  path: '/discord/channel-images',
  access: 'public',
  source: 'query',
  input: () => import('./media.ts').then((m) => m.ChannelImagesQuery),
})

// Members: announcements from the creator and the invitation to the Discord server.
export const listAnnouncements = contract<AnnouncementListResponse>()({
  method: 'GET',
  path: '/announcements/list',
  access: 'member',
  source: 'query',
  input: () => import('./announcements.ts').then((m) => m.AnnouncementListQuery),
  cache: 'no-store',
})
export const getDiscordInvite = contract<DiscordInvite>()({
  method: 'GET',
  path: '/discord/invite',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
// Member resources: files for signed-in members, managed by admins.
export const listResources = contract<ResourceListResponse>()({
  method: 'GET',
  path: '/resources/list',
  access: 'member',
  source: 'query',
  input: () => import('./resources.ts').then((m) => m.ResourceListQuery),
  cache: 'no-store',
})
/** The file itself (streamed, or a redirect to a short-lived signed URL on S3), not JSON. */
export const downloadResource = contract<never>()({
  method: 'GET',
  path: '/resources/download',
  access: 'member',
  source: 'query',
  input: () => import('./resources.ts').then((m) => m.ResourceIdInput),
  cache: 'no-store',
})

// The newsletter (contracts/newsletter.ts): subscribing by e-mail with double opt-in, the signed
// preferences and one-click unsubscribe links of every mail, a member's own preferences, and
// the admin's view of the outbox.
export const subscribeNewsletter = contract<{ success: true; message: string }>()({
  method: 'POST',
  path: '/newsletter/subscribe',
  access: 'public',
  source: 'json',
  status: 202,
  input: () => import('./newsletter.ts').then((m) => m.NewsletterSubscribeInput),
})
/** The confirmation link of the double opt-in: a redirect to /email/confirmed (or the expired page). */
export const confirmNewsletter = contract<never>()({
  method: 'GET',
  path: '/newsletter/confirm',
  access: 'public',
  source: 'query',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterLinkInput),
  cache: 'no-store',
})
export const getNewsletterPreferences = contract<NewsletterSubscriptionView>()({
  method: 'GET',
  path: '/newsletter/preferences',
  access: 'public',
  source: 'query',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterTokenInput),
  cache: 'no-store',
})
export const updateNewsletterPreferences = contract<NewsletterSubscriptionView>()({
  method: 'POST',
  path: '/newsletter/preferences',
  access: 'public',
  source: 'json',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterPreferencesInput),
})
/** RFC 8058 one-click unsubscribe: the token in the query, any body; 200 when already done. */
export const unsubscribeNewsletter = contract<{ success: true; message: string }>()({
  method: 'POST',
  path: '/newsletter/unsubscribe',
  access: 'public',
  source: 'query',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterTokenInput),
})
/**
 * The same address followed as a link (a mail's footer): a GET changes nothing (mail scanners
 * open links), it redirects to the preferences page, which asks before unsubscribing.
 */
export const openNewsletterUnsubscribe = contract<never>()({
  method: 'GET',
  path: '/newsletter/unsubscribe',
  access: 'public',
  source: 'query',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterLinkInput),
  cache: 'no-store',
})
export const getMemberNewsletter = contract<NewsletterSubscriptionView>()({
  method: 'GET',
  path: '/user/newsletter',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const updateMemberNewsletter = contract<NewsletterSubscriptionView>()({
  method: 'POST',
  path: '/user/newsletter',
  access: 'member',
  source: 'json',
  input: () => import('./newsletter.ts').then((m) => m.MemberNewsletterInput),
})

// The sky calendar: astronomical events and the creator's scheduled live streams.
export const getSkyEvents = contract<SkyEventsResponse>()({
  method: 'GET',
  path: '/sky/events',
  access: 'public',
  source: 'query',
  input: () => import('./sky-events-input.ts').then((m) => m.SkyEventsQuery),
  cache: 'no-cache',
})
// Tonight's sky for a place (server/sky/), the places search, and a member's home place.
export const getSkyTonight = contract<TonightResponse>()({
  method: 'GET',
  path: '/sky/tonight',
  access: 'public',
  source: 'query',
  input: () => import('./sky-tonight.ts').then((m) => m.TonightQuery),
  cache: 'no-cache',
})
export const searchSkyPlaces = contract<PlaceSearchResponse>()({
  method: 'GET',
  path: '/sky/places',
  access: 'public',
  source: 'query',
  input: () => import('./sky-tonight.ts').then((m) => m.PlaceSearchQuery),
  cache: 'no-cache',
})
export const getHomePlace = contract<HomePlaceResponse>()({
  method: 'GET',
  path: '/user/home-place',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const saveHomePlace = contract<HomePlaceResponse>()({
  method: 'POST',
  path: '/user/home-place',
  access: 'member',
  source: 'json',
  input: () => import('./sky-tonight.ts').then((m) => m.HomePlaceInput),
})
/** The signed-in member's aurora alerts: a place, a Kp threshold (null: the place's default). */
export const getAuroraAlerts = contract<AuroraAlertsResponse>()({
  method: 'GET',
  path: '/user/aurora-alerts',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const saveAuroraAlerts = contract<AuroraAlertsResponse>()({
  method: 'POST',
  path: '/user/aurora-alerts',
  access: 'member',
  source: 'json',
  input: () => import('./aurora.ts').then((m) => m.AuroraAlertsInput),
})
