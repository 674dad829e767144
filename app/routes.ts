import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/**
 * The spec's full route table, plus the members-area link targets and the Not Found catch-all.
 * Guarded pages sit in an area layout whose loader checks the role once for all of them. The
 * fixed paths are declared in contracts/site-paths.ts too (routes.test.ts compares them).
 */
export default [
  index('routes/home.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('faqs', 'routes/faqs.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('photos', 'routes/photos.tsx'),
  route('videos', 'routes/videos.tsx'),
  route('music', 'routes/music.tsx'),
  route('merch', 'routes/merch.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('kp-index', 'routes/kp-index.tsx'),
  route('moon-phase', 'routes/moon-phase.tsx'),
  route('astronomy-news', 'routes/astronomy-news.tsx'),
  route('telescope-guide', 'routes/telescope-guide.tsx'),
  route('login', 'routes/login.tsx'),
  layout('routes/admin-area.tsx', [
    route('admin', 'routes/admin.tsx'),
    route('editor', 'routes/editor.tsx'),
  ]),
  route('admin/login', 'routes/admin-login.tsx'),
  route('members', 'routes/members.tsx'),
  layout('routes/member-area.tsx', [
    route('members/profile', 'routes/members-profile.tsx'),
    route('profile', 'routes/profile.tsx'),
  ]),
  route('invoice-test', 'routes/invoice-test.tsx'),
  route('discord-invite', 'routes/discord-invite.tsx'),
  route('resources', 'routes/resources.tsx'),
  route('announcements', 'routes/announcements.tsx'),
  // Published content pages live at /{slug}; built-in routes above always win.
  route(':slug', 'routes/content-page.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
