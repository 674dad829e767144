import {
  CONTENT_MAX_DEPTH,
  CONTENT_MAX_LENGTH,
  FAQ_CONTENT_MAX_LENGTH,
  LIST_LIMIT_MAX,
} from './blog-constants.ts'

/** What the API and the forms say about a post, a page or an FAQ. */
export const CONTENT_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  idOrSlug: 'Either id or slug must be provided',
  idRequired: 'Id is required',
  invalidUrl: 'Featured image URL must be a valid URL',
  invalidDate: 'Publish date must be an ISO date-time',
  invalidStatus: 'Status must be one of draft, published, archived',
  invalidVisibility: 'Visibility must be public, members or early-access.',
  publicAtRequired: 'Early access posts need the date they open to everyone.',
  publicAtBeforePublish: 'The date a post opens to everyone must be after its publish date.',
  invalidPublicAt: 'The date a post opens to everyone must be an ISO date-time',
  invalidFilter: 'Filter must be early-access or members.',
  postNotFound: 'Post not found',
  pageNotFound: 'Page not found',
  faqNotFound: 'FAQ not found',
  statusForbidden: 'Only administrators can list posts that are not published.',
  limitTooLarge: `Limit must be at most ${LIST_LIMIT_MAX}`,
  tooDeep: `Content is nested too deeply (at most ${CONTENT_MAX_DEPTH} levels of elements)`,
  contentTooLong: `Content must be at most ${CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  faqContentTooLong: `Content must be at most ${FAQ_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
} as const
