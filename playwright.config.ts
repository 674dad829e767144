import { defineConfig, devices } from '@playwright/test'
import { E2E } from './tests/support/e2e-accounts.ts'

const baseURL = `http://127.0.0.1:${E2E.port}`

// Debian's Chromium, never a downloaded browser; these flags keep it off the (absent) network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The radio tests play a real stream without a click first.
  '--autoplay-policy=no-user-gesture-required',
]

export default defineConfig({
  testDir: 'tests/e2e',
  // The CI machine is shared: at a load average of 10 a sign-in and an admin page take 7 s, and
  // a test that opens four of them ran out of 30 s. A test that passes takes no longer for this.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    // An action that cannot happen (a click on a covered or vanished element) or a page that
    // never finishes loading fails with its reason instead of waiting out the test's timeout.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // A trace is recorded for every test and kept only for a failed one; recording it doubled the
    // browser's CPU time in a route walk (27–28 s against 15–16 s user time, paired runs). CI keeps
    // only the printed report, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --disable-warning=ExperimentalWarning tests/support/e2e-server.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
