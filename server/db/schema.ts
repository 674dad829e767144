import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** Every timestamp is an ISO-8601 UTC string set by the application; booleans are 0/1 integers. */
export interface UsersTable {
  id: Generated<number>
  email: string
  display_name: string
  role: string
  avatar_url: string | null
  password_hash: string | null
  created_at: string
  updated_at: string
}

export interface SessionsTable {
  /** HMAC of the cookie token: a leaked table row cannot be replayed as a cookie. */
  id: string
  user_id: number
  created_at: string
  expires_at: string
  ip: string | null
  user_agent: string | null
}

export interface OauthAccountsTable {
  id: Generated<number>
  user_id: number
  provider: string
  provider_user_id: string
  provider_email: string | null
  provider_username: string | null
  created_at: string
}

export interface BlogPostsTable {
  id: string
  title: string
  slug: string
  content: string
  excerpt: string | null
  featured_image_url: string | null
  /** JSON array of strings */
  tags: string
  status: string
  published_at: string | null
  author_id: number | null
  created_at: string
  updated_at: string
}

export interface FaqsTable {
  id: Generated<number>
  title: string
  content: string
  position: number
  last_updated: string | null
  created_at: string
}

export interface PagesTable {
  id: string
  title: string
  slug: string
  content: string
  status: string
  meta_description: string | null
  published_at: string | null
  created_at: string
  updated_at: string
}

export interface RateLimitsTable {
  key: string
  count: number
  reset_at: string
}

export interface DB {
  users: UsersTable
  sessions: SessionsTable
  oauth_accounts: OauthAccountsTable
  blog_posts: BlogPostsTable
  faqs: FaqsTable
  pages: PagesTable
  rate_limits: RateLimitsTable
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type BlogPostRow = Selectable<BlogPostsTable>
export type NewBlogPostRow = Insertable<BlogPostsTable>
export type FaqRow = Selectable<FaqsTable>
export type NewFaqRow = Insertable<FaqsTable>
export type PageRow = Selectable<PagesTable>
export type NewPageRow = Insertable<PagesTable>
