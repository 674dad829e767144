import type { ActivityAdminsResponse, ActivityListResponse } from './activity.ts'
import type { AdminStats, AdminUser, AdminUserListResponse } from './admin-users.ts'
import type { Announcement } from './announcements.ts'
import type { BackupListResponse } from './backups.ts'
import type { BlogPost } from './blog-constants.ts'
import type { InboxListResponse, InboxMessage } from './contact-messages-constants.ts'
import { contract } from './endpoint.ts'
import type { Faq } from './faqs.ts'
import type { ImportResult } from './import-constants.ts'
import type { Invoice, InvoiceIssuer, InvoiceListResponse } from './invoice-constants.ts'
import type { HeaderImage, SyncResult, Video } from './media-constants.ts'
import type {
  NewsletterSendListResponse,
  NewsletterSendSummary,
  NewsletterStats,
} from './newsletter-constants.ts'
import type { ContentPage } from './pages.ts'
import type { Resource } from './resource-constants.ts'

/**
 * The administrators' /_api endpoints (contracts/endpoint.ts), apart from contracts/api-paths.ts:
 * every page's first load carries the endpoint table, and only the admin's pages (the dashboard,
 * the editor) need these. Server code and tests reach both through contracts/endpoints.ts.
 */

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

/** The audit log: what admins changed, newest first, by admin and by kind. */
export const listActivity = contract<ActivityListResponse>()({
  method: 'GET',
  path: '/admin/activity',
  access: 'admin',
  source: 'query',
  input: () => import('./activity.ts').then((m) => m.ActivityListQuery),
  cache: 'no-store',
})
/** The admins the audit log's filter offers, those whose accounts are gone included. */
export const listActivityAdmins = contract<ActivityAdminsResponse>()({
  method: 'GET',
  path: '/admin/activity/admins',
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

// The site's backup archive (.tar.gz, as `npm run backup` writes it), streamed: not JSON.
export const exportSite = contract<never>()({
  method: 'GET',
  path: '/admin/export',
  access: 'admin',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
  cache: 'no-store',
})

/** The scheduled backups, newest first (at most BACKUP_LIST_MAX), and the schedule. */
export const listBackups = contract<BackupListResponse>()({
  method: 'GET',
  path: '/admin/backups',
  access: 'admin',
  source: 'none',
  input: () => import('./common.ts').then((m) => m.NoInput),
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

/**
 * An export from another platform (multipart `file`, `?dryRun=1` to see what it would do): the
 * posts and pages it creates, and what it leaves out and why. One per source (IMPORT_SOURCES).
 */
export const importGhost = contract<ImportResult>()({
  method: 'POST',
  path: '/admin/import/ghost',
  access: 'admin',
  source: 'multipart',
  input: () => import('./imports.ts').then((m) => m.ImportInput),
})
export const importWordpress = contract<ImportResult>()({
  method: 'POST',
  path: '/admin/import/wordpress',
  access: 'admin',
  source: 'multipart',
  input: () => import('./imports.ts').then((m) => m.ImportInput),
})
