import type { AdminStats, AdminUser, AdminUserListResponse } from './admin-users.ts'
import type { Announcement, AnnouncementListResponse } from './announcements.ts'
import type { SessionResponse } from './auth-constants.ts'
import type { BlogListResponse, BlogPost, BlogPostView } from './blog-constants.ts'
import type { ContactResponse } from './contact.ts'
import type { InboxListResponse, InboxMessage } from './contact-messages-constants.ts'
import type { NotConfigured } from './features.ts'
import { contract } from './endpoint.ts'
import type { Faq, FaqListResponse } from './faqs.ts'
import type { Invoice, InvoiceIssuer, InvoiceListResponse } from './invoice-constants.ts'
import type {
  ChannelStats,
  DiscordChannelImagesResponse,
  DiscordWidget,
  HeaderImage,
  ImageListResponse,
  SyncResult,
  Video,
  VideoListResponse,
} from './media-constants.ts'
import type { DiscordInvite } from './discord-invite.ts'
import type {
  NewsletterSendListResponse,
  NewsletterSendSummary,
  NewsletterStats,
  NewsletterSubscriptionView,
} from './newsletter-constants.ts'
import type { DiscordStatus, OAuthAccount } from './oauth.ts'
import type { ContentPage, PageListResponse } from './pages.ts'
import type { ProfileResponse } from './profile.ts'
import type { RadioNowPlaying, RadioStation, SuperJsonResult } from './radio.ts'
import type { Resource, ResourceListResponse } from './resource-constants.ts'
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
export const getDiscordStatus = contract<DiscordStatus>()({
  method: 'GET',
  path: '/user/discord-status',
  access: 'member',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})

// Admin only: users, dashboard totals, invoices.
export const listUsers = contract<AdminUserListResponse>()({
  method: 'GET',
  path: '/admin/users/list',
  access: 'admin',
  source: 'query',
  input: () => import('./admin-users.ts').then((m) => m.AdminUserListQuery),
  cache: 'no-store',
})
export const createUser = contract<{ user: AdminUser }>()({
  method: 'POST',
  path: '/admin/users/create',
  access: 'admin',
  source: 'json',
  input: () => import('./admin-users.ts').then((m) => m.AdminUserCreateInput),
  status: 201,
})
export const updateUser = contract<{ user: AdminUser }>()({
  method: 'POST',
  path: '/admin/users/update',
  access: 'admin',
  source: 'json',
  input: () => import('./admin-users.ts').then((m) => m.AdminUserUpdateInput),
})
export const deleteUser = contract()({
  method: 'POST',
  path: '/admin/users/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./admin-users.ts').then((m) => m.AdminUserIdInput),
})
export const updateUserPassword = contract()({
  method: 'POST',
  path: '/admin/users/update-password',
  access: 'admin',
  source: 'json',
  input: () => import('./admin-users.ts').then((m) => m.AdminPasswordInput),
})
export const uploadUserAvatar = contract<{ user: AdminUser }>()({
  method: 'POST',
  path: '/admin/users/upload-avatar',
  access: 'admin',
  source: 'multipart',
  input: () => import('./admin-users.ts').then((m) => m.AdminAvatarInput),
})
export const getStats = contract<AdminStats>()({
  method: 'GET',
  path: '/admin/stats',
  access: 'admin',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const listInvoices = contract<InvoiceListResponse>()({
  method: 'GET',
  path: '/invoices/list',
  access: 'admin',
  source: 'query',
  input: () => import('./invoices.ts').then((m) => m.InvoiceListQuery),
  cache: 'no-store',
})
export const getInvoice = contract<Invoice>()({
  method: 'POST',
  path: '/invoices/get',
  access: 'admin',
  source: 'json',
  input: () => import('./invoices.ts').then((m) => m.InvoiceIdInput),
})
export const createInvoice = contract<Invoice>()({
  method: 'POST',
  path: '/invoices/create',
  access: 'admin',
  source: 'json',
  input: () => import('./invoices.ts').then((m) => m.InvoiceCreateInput),
  status: 201,
})
export const updateInvoice = contract<Invoice>()({
  method: 'POST',
  path: '/invoices/update',
  access: 'admin',
  source: 'json',
  input: () => import('./invoices.ts').then((m) => m.InvoiceUpdateInput),
})
export const deleteInvoice = contract()({
  method: 'POST',
  path: '/invoices/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./invoices.ts').then((m) => m.InvoiceIdInput),
})
export const sendInvoice = contract<Invoice>()({
  method: 'POST',
  path: '/invoices/send',
  access: 'admin',
  source: 'json',
  input: () => import('./invoices.ts').then((m) => m.InvoiceIdInput),
})
// A PDF download, not JSON.
export const downloadInvoicePdf = contract<never>()({
  method: 'GET',
  path: '/invoices/pdf',
  access: 'admin',
  source: 'query',
  input: () => import('./invoices.ts').then((m) => m.InvoiceIdInput),
  cache: 'no-store',
})
export const getInvoiceIssuer = contract<InvoiceIssuer>()({
  method: 'GET',
  path: '/invoices/issuer',
  access: 'admin',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})

// Blog posts, pages, FAQs (reads for everyone, writes for admins) and the contact form.
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
export const createPost = contract<BlogPost>()({
  method: 'POST',
  path: '/blog/create',
  access: 'admin',
  source: 'json',
  input: () => import('./blog.ts').then((m) => m.BlogCreateInput),
})
export const updatePost = contract<BlogPost>()({
  method: 'POST',
  path: '/blog/update',
  access: 'admin',
  source: 'json',
  input: () => import('./blog.ts').then((m) => m.BlogUpdateInput),
})
export const deletePost = contract()({
  method: 'POST',
  path: '/blog/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./blog.ts').then((m) => m.DeleteByIdInput),
})
export const listFaqs = contract<FaqListResponse>()({
  method: 'GET',
  path: '/faqs/list',
  access: 'public',
  source: 'query',
  input: () => import('./faqs.ts').then((m) => m.FaqListQuery),
})
export const createFaq = contract<Faq>()({
  method: 'POST',
  path: '/faqs/create',
  access: 'admin',
  source: 'json',
  input: () => import('./faqs.ts').then((m) => m.FaqCreateInput),
})
export const updateFaq = contract<Faq>()({
  method: 'POST',
  path: '/faqs/update',
  access: 'admin',
  source: 'json',
  input: () => import('./faqs.ts').then((m) => m.FaqUpdateInput),
})
export const deleteFaq = contract()({
  method: 'POST',
  path: '/faqs/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./faqs.ts').then((m) => m.FaqDeleteInput),
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
export const createPage = contract<ContentPage>()({
  method: 'POST',
  path: '/pages/create',
  access: 'admin',
  source: 'json',
  input: () => import('./pages.ts').then((m) => m.PageCreateInput),
})
export const updatePage = contract<ContentPage>()({
  method: 'POST',
  path: '/pages/update',
  access: 'admin',
  source: 'json',
  input: () => import('./pages.ts').then((m) => m.PageUpdateInput),
})
export const deletePage = contract()({
  method: 'POST',
  path: '/pages/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./blog.ts').then((m) => m.DeleteByIdInput),
})
export const submitContact = contract<ContactResponse>()({
  method: 'POST',
  path: '/contact/submit',
  access: 'public',
  source: 'json',
  input: () => import('./contact.ts').then((m) => m.ContactInput),
})

// The admin inbox of contact-form messages.
export const listContactMessages = contract<InboxListResponse>()({
  method: 'GET',
  path: '/admin/messages/list',
  access: 'admin',
  source: 'query',
  input: () => import('./contact-messages.ts').then((m) => m.InboxListQuery),
  cache: 'no-store',
})
export const updateContactMessage = contract<{ message: InboxMessage }>()({
  method: 'POST',
  path: '/admin/messages/update',
  access: 'admin',
  source: 'json',
  input: () => import('./contact-messages.ts').then((m) => m.InboxUpdateInput),
})
export const deleteContactMessage = contract()({
  method: 'POST',
  path: '/admin/messages/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./contact-messages.ts').then((m) => m.InboxIdInput),
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
export const uploadImage = contract<HeaderImage>()({
  method: 'POST',
  path: '/images/upload',
  access: 'admin',
  source: 'multipart',
  input: () => import('./media.ts').then((m) => m.ImageUploadInput),
  status: 201,
})
export const deleteImage = contract()({
  method: 'POST',
  path: '/images/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./media.ts').then((m) => m.ImageDeleteInput),
})
export const listVideos = contract<VideoListResponse>()({
  method: 'GET',
  path: '/youtube/list',
  access: 'public',
  source: 'query',
  input: () => import('./media.ts').then((m) => m.VideoListQuery),
})
export const syncVideos = contract<SyncResult>()({
  method: 'POST',
  path: '/youtube/sync',
  access: 'admin',
  source: 'json',
  input: () => import('./media.ts').then((m) => m.VideoSyncInput),
})
export const updateVideo = contract<{ video: Video }>()({
  method: 'POST',
  path: '/youtube/update',
  access: 'admin',
  source: 'json',
  input: () => import('./media.ts').then((m) => m.VideoUpdateInput),
})
export const deleteVideo = contract()({
  method: 'POST',
  path: '/youtube/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./media.ts').then((m) => m.VideoDeleteInput),
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
export const createAnnouncement = contract<Announcement>()({
  method: 'POST',
  path: '/announcements/create',
  access: 'admin',
  source: 'json',
  input: () => import('./announcements.ts').then((m) => m.AnnouncementCreateInput),
})
export const updateAnnouncement = contract<Announcement>()({
  method: 'POST',
  path: '/announcements/update',
  access: 'admin',
  source: 'json',
  input: () => import('./announcements.ts').then((m) => m.AnnouncementUpdateInput),
})
export const deleteAnnouncement = contract()({
  method: 'POST',
  path: '/announcements/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./announcements.ts').then((m) => m.AnnouncementDeleteInput),
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
export const uploadResource = contract<Resource>()({
  method: 'POST',
  path: '/resources/upload',
  access: 'admin',
  source: 'multipart',
  input: () => import('./resources.ts').then((m) => m.ResourceUploadInput),
  status: 201,
})
export const updateResource = contract<Resource>()({
  method: 'POST',
  path: '/resources/update',
  access: 'admin',
  source: 'json',
  input: () => import('./resources.ts').then((m) => m.ResourceUpdateInput),
})
export const deleteResource = contract()({
  method: 'POST',
  path: '/resources/delete',
  access: 'admin',
  source: 'json',
  input: () => import('./resources.ts').then((m) => m.ResourceIdInput),
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
  input: () => import('./newsletter.ts').then((m) => m.NewsletterTokenInput),
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
  input: () => import('./newsletter.ts').then((m) => m.NewsletterTokenInput),
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
export const getNewsletterStats = contract<NewsletterStats>()({
  method: 'GET',
  path: '/admin/newsletter/stats',
  access: 'admin',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})
export const listNewsletterSends = contract<NewsletterSendListResponse>()({
  method: 'GET',
  path: '/admin/newsletter/sends',
  access: 'admin',
  source: 'query',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterSendsQuery),
  cache: 'no-store',
})
/** Sends the post's mail to the signed-in admin only; nothing is queued for subscribers. */
export const sendNewsletterTest = contract<{ success: true; message: string }>()({
  method: 'POST',
  path: '/admin/newsletter/send-test',
  access: 'admin',
  source: 'json',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterSendTestInput),
})
/** The post's mail as subscribers would get it (HTML and plain text), for the editor's preview. */
export const previewNewsletterMail = contract<{ subject: string; html: string; text: string }>()({
  method: 'POST',
  path: '/admin/newsletter/preview',
  access: 'admin',
  source: 'json',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterSendTestInput),
})
/** Queues the send's failed deliveries again (attempts start over). */
export const retryNewsletterSend = contract<NewsletterSendSummary>()({
  method: 'POST',
  path: '/admin/newsletter/retry',
  access: 'admin',
  source: 'json',
  input: () => import('./newsletter.ts').then((m) => m.NewsletterRetryInput),
})
/** CSV (e-mail, kind, preferences, since), streamed; not JSON. */
export const exportNewsletterSubscribers = contract<never>()({
  method: 'GET',
  path: '/admin/newsletter/export.csv',
  access: 'admin',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
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
