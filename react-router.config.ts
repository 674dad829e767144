import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets several checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config
