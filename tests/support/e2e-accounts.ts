/** Accounts and address of the end-to-end server (tests/support/e2e-server.ts). */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3210),
  admin: { email: 'admin@example.com', password: 'e2e-admin-password', displayName: 'Site Admin' },
  member: {
    email: 'member@example.com',
    password: 'e2e-member-password',
    displayName: 'Nova Stargazer',
  },
} as const
