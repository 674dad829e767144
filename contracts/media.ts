import { z } from 'zod'
import {
  optionalNonEmpty,
  PAGE_NUMBER_MAX,
  positiveId,
  requiredString,
  wholeNumber,
} from './common.ts'
import { prose } from './text.ts'
import {
  GALLERY_MAX_LIMIT,
  MEDIA_MESSAGES,
  VIDEOS_MAX_LIMIT,
  VIDEOS_PAGE_SIZE,
} from './media-constants.ts'

export * from './media-constants.ts'

/** A query flag: "true"/"1" or "false"/"0"; anything else is refused. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional()

const videoId = positiveId(MEDIA_MESSAGES.videoIdInvalid)

const channelId = requiredString(MEDIA_MESSAGES.channelIdRequired).pipe(
  z.string().regex(/^UC[\w-]{22}$/, {
    error: 'A YouTube Channel ID looks like UC followed by 22 letters, digits, - or _',
  }),
)

export const VideoListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(VIDEOS_PAGE_SIZE, VIDEOS_MAX_LIMIT),
  isLive: queryFlag,
  liveOrRecentLive: queryFlag,
})
export type VideoListQuery = z.infer<typeof VideoListQuery>

export const VideoSyncInput = z.object({ channelId })
export const VideoUpdateInput = z.object({
  id: videoId,
  title: optionalNonEmpty(MEDIA_MESSAGES.titleRequired, 200),
  description: prose(z.string().max(5000).nullable().optional()),
})
export type VideoUpdateInput = z.infer<typeof VideoUpdateInput>
export const VideoDeleteInput = z.object({ id: videoId })
export const ChannelStatsQuery = z.object({ channelId: channelId.optional() })

/** Discord snowflakes: 17 to 20 digits, at most 2^64 - 1. */
const snowflake = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{17,20}$/, { error: message })
    .refine((v) => v.length < 20 || v <= '18446744073709551615', { error: message })

export const ChannelImagesQuery = z.object({
  channelId: snowflake('Channel ID must be a Discord channel ID').optional(),
  before: snowflake('before must be a Discord message ID').optional(),
  limit: wholeNumber(GALLERY_MAX_LIMIT, GALLERY_MAX_LIMIT),
})
export type ChannelImagesQuery = z.infer<typeof ChannelImagesQuery>

export const ImageDeleteInput = z.object({
  key: requiredString(MEDIA_MESSAGES.imageKeyRequired).pipe(
    z.string().regex(/^[a-z0-9-]{1,80}$/, { error: MEDIA_MESSAGES.imageNotFound }),
  ),
})

/** The upload form: one file, a title (the form fills in the file name), an optional description. */
export const ImageUploadInput = z.object({
  image: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', {
      error: MEDIA_MESSAGES.imageRequired,
      abort: true,
    })
    .refine((v) => !Array.isArray(v), { error: 'Upload one image at a time.', abort: true })
    .pipe(z.instanceof(File, { error: MEDIA_MESSAGES.imageRequired })),
  title: requiredString(MEDIA_MESSAGES.titleRequired).pipe(z.string().max(200)),
  description: prose(z.string().trim().max(1000).optional()),
})
