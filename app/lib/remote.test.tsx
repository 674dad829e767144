import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { type Remote, useRemote } from './remote.ts'
import { skyView } from './sky.ts'

function Probe({ initial, load }: { initial?: string | null; load: () => Promise<string> }) {
  const remote = useRemote('probe', load, { initial })
  return (
    <p>
      {remote.isPending ? 'pending' : (remote.data ?? 'none')}|{String(remote.isError)}
    </p>
  )
}

describe('useRemote', () => {
  it('renders the server copy at once, and never fetches on the server', () => {
    const load = vi.fn(() => Promise.resolve('fetched'))
    expect(renderToStaticMarkup(<Probe initial="from the loader" load={load} />)).toBe(
      '<p>from the loader|false</p>',
    )
    expect(load).not.toHaveBeenCalled()
  })

  it('is pending without a server copy: the browser fetches after hydration', () => {
    const load = vi.fn(() => Promise.resolve('fetched'))
    expect(renderToStaticMarkup(<Probe initial={null} load={load} />)).toBe('<p>pending|false</p>')
    expect(load).not.toHaveBeenCalled()
  })
})

describe('skyView', () => {
  const remote = (over: Partial<Remote<string>>): Remote<string> => ({
    data: undefined,
    isPending: true,
    isError: false,
    error: null,
    isFetching: false,
    refetch: () => {},
    ...over,
  })

  it('shows data first, even when a later attempt failed', () => {
    expect(skyView(remote({ data: 'kp', error: new Error('down') }), 'server error')).toEqual({
      status: 'ready',
      data: 'kp',
    })
  })
  it("then the browser's own error, then the server render's, else loading", () => {
    expect(skyView(remote({ error: new Error('browser') }), 'server')).toEqual({
      status: 'error',
      message: 'browser',
    })
    expect(skyView(remote({}), 'server')).toEqual({ status: 'error', message: 'server' })
    expect(skyView(remote({}), null)).toEqual({ status: 'loading' })
  })
})
