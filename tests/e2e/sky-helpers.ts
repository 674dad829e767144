import { type APIRequestContext, expect } from '@playwright/test'
import type { SkyFakeMode, SkyScope, SkyUpstream } from '../fakes/sky.ts'
import { E2E } from '../support/e2e-accounts.ts'

/**
 * Switches the fake sky upstreams of the end-to-end server and resets the app's cached copies of
 * one kind of sky data: `clear` (nothing was ever fetched) or `expire` (due for a refresh, the last
 * good copy kept as a fallback). Each spec file touches only its own upstream and scope, so the
 * files can run side by side.
 */
export async function skyUpstream(
  request: APIRequestContext,
  modes: Partial<Record<SkyUpstream, SkyFakeMode>>,
  reset: { mode: 'clear' | 'expire'; scope: SkyScope },
): Promise<void> {
  const res = await request.post(`http://127.0.0.1:${E2E.fakesPort}/__sky/mode`, {
    data: { modes, reset: reset.mode, scope: reset.scope },
  })
  expect(res.ok(), `fake sky control answered ${res.status()}`).toBe(true)
}
