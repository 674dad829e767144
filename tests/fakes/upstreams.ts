import { azuracastFakeEnv, createFakeAzuracast } from './azuracast.ts'
import { createFakeDiscord, fakeDiscordEnv } from './discord.ts'
import { createFakeMedia, mediaFakeEnv } from './media.ts'
import { FAKE_PLAUSIBLE_SCRIPT, type FakeHandler, startFakeUpstreams } from './server.ts'
import { createSkyFake, type SkyFake, type SkyScope, skyFakeEnv } from './sky.ts'

/**
 * Every upstream the site talks to, faked on one loopback server: Discord (sign-in, widget,
 * gallery), YouTube, AzuraCast, the sky data and an analytics script. The end-to-end server and
 * `npm run demo` both start it. A new upstream's fake joins by adding one entry to FAKES.
 */
interface FakeEntry {
  routes: Record<string, FakeHandler>
  /** The app's environment that points it at this fake. */
  env: (baseUrl: string) => Record<string, string>
}

export function createFakeUpstreams(
  options: {
    onSkyReset?: (mode: 'clear' | 'expire', scope: SkyScope | undefined) => void
    onRadioMode?: () => void
  } = {},
) {
  const discord = createFakeDiscord()
  const media = createFakeMedia()
  const sky: SkyFake = createSkyFake({ onReset: options.onSkyReset })
  const radio = createFakeAzuracast({ onMode: options.onRadioMode })
  const FAKES: FakeEntry[] = [
    { routes: discord.routes, env: fakeDiscordEnv },
    { routes: media.routes, env: (url) => mediaFakeEnv(url) },
    { routes: sky.routes, env: skyFakeEnv },
    { routes: radio.routes, env: azuracastFakeEnv },
    {
      routes: {
        '/js/script.manual.js': (_req, res) => {
          res
            .writeHead(200, { 'content-type': 'application/javascript' })
            .end(FAKE_PLAUSIBLE_SCRIPT)
        },
      },
      env: (url) => ({ PLAUSIBLE_SCRIPT_URL: `${url}/js/script.manual.js` }),
    },
  ]
  return {
    discord,
    media,
    sky,
    radio,
    /** Starts the one server; `extraRoutes` adds test-only endpoints. */
    async start(port: number, extraRoutes: Record<string, FakeHandler> = {}) {
      const routes = Object.assign({}, ...FAKES.map((f) => f.routes), extraRoutes) as Record<
        string,
        FakeHandler
      >
      const server = await startFakeUpstreams(routes, port)
      radio.setBaseUrl(server.url)
      const env = Object.assign({}, ...FAKES.map((f) => f.env(server.url))) as Record<
        string,
        string
      >
      return { ...server, env }
    },
  }
}
