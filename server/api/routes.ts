import * as activity from './activity.ts'
import * as admin from './admin.ts'
import * as announcements from './announcements.ts'
import * as aurora from './aurora.ts'
import * as auth from './auth.ts'
import * as backups from './backups.ts'
import * as blog from './blog.ts'
import * as contact from './contact.ts'
import * as contactInbox from './contact-inbox.ts'
import * as discord from './discord.ts'
import type { Endpoint } from './define.ts'
import * as faqs from './faqs.ts'
import * as images from './images.ts'
import * as invoices from './invoices.ts'
import * as newsletterAdmin from './newsletter-admin.ts'
import * as newsletter from './newsletter.ts'
import * as oauth from './oauth.ts'
import * as pages from './pages.ts'
import * as radio from './radio.ts'
import * as resources from './resources.ts'
import * as imports from './imports.ts'
import * as sky from './sky.ts'
import * as skyTonight from './sky-tonight.ts'
import * as user from './user.ts'
import * as youtube from './youtube.ts'

/**
 * The whole /_api surface on one screen. Each endpoint module declares its method, path, access
 * (public | member | admin, enforced by server/http/api.ts before the handler runs), input schema
 * and handler.
 */
export const API_ROUTES: Endpoint[] = [
  // accounts and sessions
  auth.loginWithPassword,
  auth.getSession,
  auth.logout,
  oauth.oauthAuthorize,
  oauth.oauthCallback,
  oauth.establishSession,

  // members
  user.getProfile,
  user.updateProfile,
  user.updatePassword,
  user.uploadAvatar,
  user.listOauthAccounts,
  user.getDiscordStatus,
  user.exportMyData,
  user.deleteMyAccount,

  // admin: users and dashboard totals
  admin.listUsers,
  admin.createUser,
  admin.updateUser,
  admin.deleteUser,
  admin.updateUserPassword,
  admin.uploadUserAvatar,
  admin.getStats,

  // admin: scheduled backups and the site's export
  backups.exportSite,
  backups.listBackups,

  // admin: the audit log of every admin change
  activity.listActivity,
  activity.listActivityAdmins,

  // admin: invoices (numbered per year, figures computed on the server, PDF and e-mail)
  invoices.listInvoices,
  invoices.getInvoice,
  invoices.createInvoice,
  invoices.updateInvoice,
  invoices.deleteInvoice,
  invoices.sendInvoice,
  invoices.downloadInvoicePdf,
  invoices.getInvoiceIssuer,

  // content: blog, FAQs, pages, contact
  blog.listPosts,
  blog.getPost,
  blog.createPost,
  blog.updatePost,
  blog.deletePost,
  faqs.listFaqs,
  faqs.createFaq,
  faqs.updateFaq,
  faqs.deleteFaq,
  pages.listPages,
  pages.getPage,
  pages.createPage,
  pages.updatePage,
  pages.deletePage,
  contact.submitContact,
  contactInbox.listContactMessages,
  contactInbox.updateContactMessage,
  contactInbox.deleteContactMessage,

  // member resources: files for signed-in members (streamed upload, private download)
  resources.listResources,
  resources.uploadResource,
  resources.updateResource,
  resources.deleteResource,
  resources.downloadResource,

  // admin: imports from other platforms' exports (one endpoint per source)
  imports.importGhost,
  imports.importWordpress,

  // sky data: moon phase, solar weather, picture of the day, news
  sky.getMoonPhase,
  sky.getSolarWeather,
  sky.getApod,
  sky.getCombinedNews,
  sky.getSkyEvents,

  // live radio (AzuraCast), answered in superjson
  radio.getStation,
  radio.getNowPlaying,

  // media: header images, YouTube video cache, Discord community
  images.listImages,
  images.uploadImage,
  images.deleteImage,
  youtube.listVideos,
  youtube.syncVideos,
  youtube.updateVideo,
  youtube.deleteVideo,
  youtube.getChannelStats,
  discord.getWidget,
  discord.getChannelImages,

  // members: announcements and the Discord invitation
  announcements.listAnnouncements,
  announcements.createAnnouncement,
  announcements.updateAnnouncement,
  announcements.deleteAnnouncement,
  discord.getDiscordInvite,

  // admin: the newsletter's subscribers and sends
  newsletterAdmin.getNewsletterStats,
  newsletterAdmin.listNewsletterSends,
  newsletterAdmin.sendNewsletterTest,
  newsletterAdmin.previewNewsletterMail,
  newsletterAdmin.retryNewsletterSend,
  newsletterAdmin.exportNewsletterSubscribers,
  // newsletter: double opt-in, the signed links of every mail, a member's own preferences
  newsletter.subscribeNewsletter,
  newsletter.confirmNewsletter,
  newsletter.getNewsletterPreferences,
  newsletter.updateNewsletterPreferences,
  newsletter.unsubscribeNewsletter,
  newsletter.openNewsletterUnsubscribe,
  newsletter.getMemberNewsletter,
  newsletter.updateMemberNewsletter,
  // tonight's sky for a place, the places search, a member's home place
  skyTonight.getSkyTonight,
  skyTonight.searchSkyPlaces,
  skyTonight.getHomePlace,
  skyTonight.saveHomePlace,
  // a member's aurora alerts
  aurora.getAuroraAlerts,
  aurora.saveAuroraAlerts,
]
