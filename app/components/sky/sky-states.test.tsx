import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SKY_MESSAGES } from '../../../contracts/sky.ts'
import { MoonPhaseState } from './moon-phase-view.tsx'

describe('MoonPhaseState', () => {
  it('shows the spec’s moon error with the message', () => {
    const html = renderToStaticMarkup(
      <MoonPhaseState view={{ status: 'error', message: SKY_MESSAGES.moonFailed }} />,
    )
    expect(html).toContain('Failed to Fetch Moon Data')
    expect(html).toContain('Error: Failed to fetch moon phase data')
    expect(html).toContain('role="alert"')
  })

  it('shows a labelled skeleton while loading', () => {
    const html = renderToStaticMarkup(<MoonPhaseState view={{ status: 'loading' }} />)
    expect(html).toContain('aria-label="Loading moon phase"')
  })
})
