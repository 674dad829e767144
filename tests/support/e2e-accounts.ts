/** Accounts and address of the end-to-end server (tests/support/e2e-server.ts). */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3210),
  /** The fake upstreams (and the test SMTP server's mailbox at /__mails) listen here. */
  fakesPort: Number(process.env.E2E_PORT ?? 3210) + 1,
  admin: { email: 'admin@example.com', password: 'e2e-admin-password', displayName: 'Site Admin' },
  member: {
    email: 'member@example.com',
    password: 'e2e-member-password',
    displayName: 'Nova Stargazer',
  },
  settingsMember: {
    email: 'settings-member@example.com',
    password: 'e2e-settings-password',
    displayName: 'Vega Settings',
  },
} as const
