import type { AdminStats, AdminUserListResponse } from './admin-users.ts'
import type { SessionResponse } from './auth-constants.ts'
import type { BlogListResponse, BlogPost } from './blog-constants.ts'
import type { ContactResponse } from './contact.ts'
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
  VideoListResponse,
} from './media-constants.ts'
import type { DiscordStatus, OAuthAccount } from './oauth.ts'
import type { ContentPage, PageListResponse } from './pages.ts'
import type { ProfileResponse } from './profile.ts'
import type { ApodResponse, MoonPhaseResponse, NewsResponse, SolarWeatherResponse } from './sky.ts'

/**
 * Every /_api endpoint by name: server/api/ mounts each one under its method and path, and the
 * browser calls it through app/lib/api.ts with the same object, so neither side spells a path.
 * `Res` (type only) is what a successful call answers: the server's handler must return it and
 * the client reads it.
 */
export interface ApiRoute<Res = unknown> {
  readonly method: 'GET' | 'POST'
  /** Below /_api. */
  readonly path: string
  /** Never set: carries the response type. */
  readonly response?: Res
}

// Signing in and out, the session, the member's own profile and Discord link.
export const loginWithPassword: ApiRoute<SessionResponse> = {
  method: 'POST',
  path: '/auth/login_with_password',
}
export const getSession: ApiRoute<SessionResponse> = { method: 'GET', path: '/auth/session' }
export const logout: ApiRoute = { method: 'POST', path: '/auth/logout' }
export const oauthAuthorize: ApiRoute = { method: 'GET', path: '/auth/oauth_authorize' }
export const oauthCallback: ApiRoute = { method: 'GET', path: '/auth/oauth_callback/discord' }
export const establishSession: ApiRoute<SessionResponse> = {
  method: 'POST',
  path: '/auth/establish_session',
}
export const getProfile: ApiRoute<ProfileResponse> = { method: 'GET', path: '/user/profile' }
export const updateProfile: ApiRoute<SessionResponse> = {
  method: 'POST',
  path: '/user/profile/update',
}
export const updatePassword: ApiRoute = { method: 'POST', path: '/user/profile/update-password' }
export const uploadAvatar: ApiRoute<SessionResponse> = {
  method: 'POST',
  path: '/user/profile/upload-avatar',
}
export const listOauthAccounts: ApiRoute<OAuthAccount[]> = {
  method: 'GET',
  path: '/user/oauth-accounts',
}
export const getDiscordStatus: ApiRoute<DiscordStatus> = {
  method: 'GET',
  path: '/user/discord-status',
}

// Admin only: users, dashboard totals, invoices.
export const listUsers: ApiRoute<AdminUserListResponse> = {
  method: 'GET',
  path: '/admin/users/list',
}
export const createUser: ApiRoute = { method: 'POST', path: '/admin/users/create' }
export const updateUser: ApiRoute = { method: 'POST', path: '/admin/users/update' }
export const deleteUser: ApiRoute = { method: 'POST', path: '/admin/users/delete' }
export const updateUserPassword: ApiRoute = { method: 'POST', path: '/admin/users/update-password' }
export const uploadUserAvatar: ApiRoute = { method: 'POST', path: '/admin/users/upload-avatar' }
export const getStats: ApiRoute<AdminStats> = { method: 'GET', path: '/admin/stats' }
export const listInvoices: ApiRoute<InvoiceListResponse> = { method: 'GET', path: '/invoices/list' }
export const getInvoice: ApiRoute<Invoice> = { method: 'POST', path: '/invoices/get' }
export const createInvoice: ApiRoute<Invoice> = { method: 'POST', path: '/invoices/create' }
export const updateInvoice: ApiRoute<Invoice> = { method: 'POST', path: '/invoices/update' }
export const deleteInvoice: ApiRoute = { method: 'POST', path: '/invoices/delete' }
export const sendInvoice: ApiRoute<Invoice> = { method: 'POST', path: '/invoices/send' }
export const downloadInvoicePdf: ApiRoute = { method: 'GET', path: '/invoices/pdf' }
export const getInvoiceIssuer: ApiRoute<InvoiceIssuer> = { method: 'GET', path: '/invoices/issuer' }

// Blog posts, pages, FAQs (reads for everyone, writes for admins) and the contact form.
export const listPosts: ApiRoute<BlogListResponse> = { method: 'GET', path: '/blog/list' }
export const getPost: ApiRoute<BlogPost> = { method: 'POST', path: '/blog/get' }
export const createPost: ApiRoute = { method: 'POST', path: '/blog/create' }
export const updatePost: ApiRoute = { method: 'POST', path: '/blog/update' }
export const deletePost: ApiRoute = { method: 'POST', path: '/blog/delete' }
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
export const listPages: ApiRoute<PageListResponse> = { method: 'GET', path: '/pages/list' }
export const getPage: ApiRoute<ContentPage> = { method: 'POST', path: '/pages/get' }
export const createPage: ApiRoute = { method: 'POST', path: '/pages/create' }
export const updatePage: ApiRoute = { method: 'POST', path: '/pages/update' }
export const deletePage: ApiRoute = { method: 'POST', path: '/pages/delete' }
export const submitContact: ApiRoute<ContactResponse> = { method: 'POST', path: '/contact/submit' }

// Sky data (moon phase, solar weather, picture of the day, news) and the radio.
export const getMoonPhase: ApiRoute<MoonPhaseResponse> = { method: 'GET', path: '/moon-phase' }
export const getSolarWeather: ApiRoute<SolarWeatherResponse> = {
  method: 'GET',
  path: '/solar-weather',
}
export const getApod: ApiRoute<ApodResponse> = { method: 'GET', path: '/apod' }
export const getCombinedNews: ApiRoute<NewsResponse> = { method: 'GET', path: '/news/combined' }
// Superjson's {json, meta} for the radio, or NotConfigured on a site without a station.
export const getStation: ApiRoute = { method: 'GET', path: '/radio/station' }
export const getNowPlaying: ApiRoute = { method: 'GET', path: '/radio/nowplaying' }

// Header images, the YouTube video cache and the Discord community.
export const listImages: ApiRoute<ImageListResponse> = { method: 'GET', path: '/images/list' }
export const uploadImage: ApiRoute<HeaderImage> = { method: 'POST', path: '/images/upload' }
export const deleteImage: ApiRoute = { method: 'POST', path: '/images/delete' }
export const listVideos: ApiRoute<VideoListResponse> = { method: 'GET', path: '/youtube/list' }
export const syncVideos: ApiRoute<SyncResult> = { method: 'POST', path: '/youtube/sync' }
export const updateVideo: ApiRoute = { method: 'POST', path: '/youtube/update' }
export const deleteVideo: ApiRoute = { method: 'POST', path: '/youtube/delete' }
export const getChannelStats: ApiRoute<ChannelStats | NotConfigured> = {
  method: 'GET',
  path: '/youtube/channel-stats',
}
export const getWidget: ApiRoute<DiscordWidget | NotConfigured> = {
  method: 'GET',
  path: '/discord/widget',
}
export const getChannelImages: ApiRoute<DiscordChannelImagesResponse | NotConfigured> = {
  method: 'GET',
  path: '/discord/channel-images',
}
