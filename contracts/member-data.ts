/**
 * A member's own data: the download (GDPR art. 15 and 20) and the deletion (art. 17). Without
 * schemas (the input's is in profile.ts): the profile page imports these.
 */
export const MEMBER_DATA_MESSAGES = {
  confirmEmailRequired: 'Type your e-mail address to confirm.',
  confirmEmailMismatch: 'The e-mail you typed does not match your account’s e-mail address.',
  lastAdmin:
    'You are the last administrator: make another member an administrator before deleting your account.',
  deleted: 'Your account and its data have been deleted.',
  deleteFailed: 'Failed to delete your account',
  exportRate: (wait: string) => `Too many data downloads. Please try again in ${wait}.`,
} as const

/** Whether a typed confirmation names the account: the same address, whatever its case. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase()
}

/** The file "Download my data" saves: everything the site keeps of the member, no secrets. */
export interface MemberDataExport {
  exportedAt: string
  account: {
    id: number
    email: string
    displayName: string
    role: string
    createdAt: string
    updatedAt: string
    /** Whether the account signs in with a password (the hash itself is never exported). */
    hasPassword: boolean
  }
  /** The avatar's bytes as a data URL when the site stores it, else its address (Discord's). */
  avatar: { url: string; dataUrl: string | null } | null
  /** Without the provider's tokens. */
  linkedAccounts: Array<{
    provider: string
    providerUserId: string
    providerUsername: string | null
    providerEmail: string | null
    linkedAt: string
  }>
  sessions: Array<{
    createdAt: string
    expiresAt: string
    ip: string | null
    userAgent: string | null
  }>
  newsletterSubscriptions: Array<{
    email: string
    preferences: { posts: boolean; digest: boolean; alerts: boolean }
    confirmedAt: string | null
    unsubscribedAt: string | null
    createdAt: string
    updatedAt: string
  }>
  homePlace: { name: string; lat: number; lon: number; updatedAt: string } | null
  auroraAlert: {
    enabled: boolean
    placeName: string
    lat: number
    lon: number
    threshold: number | null
    defaultThreshold: number
    lastAlertAt: string | null
    updatedAt: string
  } | null
  /** Messages sent through the contact form from the account's e-mail address. */
  contactMessages: Array<{
    name: string
    email: string
    subject: string
    message: string
    ip: string | null
    userAgent: string | null
    sentAt: string
  }>
}
