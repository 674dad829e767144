import { RADIO_MESSAGES } from '../../../contracts/radio.ts'
import { cn } from '../../lib/cn.ts'
import { controlsDisabled, displayState } from './player-state.ts'
import { useRadio } from './radio-store.ts'
import { useNowPlaying } from './radio-queries.ts'

const ICON = 'h-5 w-5'

function Icon({ name }: { name: 'play' | 'pause' | 'stop' | 'volume' | 'muted' }) {
  const paths = {
    play: <path d="M8 5v14l11-7z" />,
    pause: <path d="M7 5h4v14H7zM13 5h4v14h-4z" />,
    stop: <path d="M6 6h12v12H6z" />,
    volume: <path d="M4 9v6h4l5 4V5L8 9H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" />,
    muted: (
      <path d="M4 9v6h4l5 4V5L8 9H4zm11.3.3 1.4-1.4L19 10.2l2.3-2.3 1.4 1.4-2.3 2.3 2.3 2.3-1.4 1.4-2.3-2.3-2.3 2.3-1.4-1.4 2.3-2.3z" />
    ),
  }
  return (
    <svg viewBox="0 0 24 24" className={ICON} fill="currentColor" aria-hidden="true">
      {paths[name]}
    </svg>
  )
}

const BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50'

/** Whether the player's controls are usable now (spec §2). */
function useControlsDisabled(): boolean {
  const { state, ready } = useRadio()
  const nowPlaying = useNowPlaying()
  return (
    !ready ||
    controlsDisabled(state, { isLoading: nowPlaying.isPending, isError: nowPlaying.isError })
  )
}

/** Play or pause: the one control the compact player keeps. */
export function PlayPauseButton({ className }: { className?: string }) {
  const { state, toggle } = useRadio()
  const disabled = useControlsDisabled()
  return (
    <button
      type="button"
      className={cn(BUTTON, 'bg-primary text-primary-foreground hover:bg-primary-hover', className)}
      onClick={toggle}
      disabled={disabled}
      aria-label={state.isPlaying ? 'Pause radio' : 'Play radio'}
    >
      <Icon name={state.isPlaying ? 'pause' : 'play'} />
    </button>
  )
}

/** Play (only, when stopped) or play/pause plus stop; volume and mute. Spec §2 and §4. */
export function RadioControls() {
  const { state, send } = useRadio()
  const nowPlaying = useNowPlaying()
  const disabled = useControlsDisabled()
  const display = displayState(state)
  const stateLabel = {
    stopped: 'Stopped',
    playing: 'Playing',
    paused: 'Paused',
    loading: 'Loading',
  }[display]

  return (
    <div className="flex flex-wrap items-center gap-2">
      <PlayPauseButton />
      {!state.isStopped && (
        <button
          type="button"
          className={cn(BUTTON, 'bg-muted text-foreground hover:bg-border')}
          onClick={() => send({ type: 'stop' })}
          disabled={disabled}
          aria-label="Stop radio"
        >
          <Icon name="stop" />
        </button>
      )}
      <button
        type="button"
        className={cn(BUTTON, 'bg-transparent text-foreground hover:bg-muted')}
        onClick={() => send({ type: 'mute' })}
        disabled={disabled}
        aria-label={state.isMuted ? 'Unmute radio' : 'Mute radio'}
        aria-pressed={state.isMuted}
      >
        <Icon name={state.isMuted || state.volume === 0 ? 'muted' : 'volume'} />
      </button>
      <label className="flex items-center">
        <span className="sr-only">Volume</span>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={state.isMuted ? 0 : state.volume}
          onChange={(e) => send({ type: 'volume', value: Number(e.target.value) })}
          disabled={disabled}
          aria-valuetext={`${Math.round((state.isMuted ? 0 : state.volume) * 100)}%`}
          className="h-2 w-24 cursor-pointer accent-primary"
        />
      </label>
      <span className="sr-only" role="status" aria-live="polite">
        {`Radio ${stateLabel.toLowerCase()}`}
      </span>
      {state.error && (
        <p className="w-full text-xs text-error" role="alert">
          {state.error}
        </p>
      )}
      {nowPlaying.isError && (
        <p className="w-full text-xs text-error">{RADIO_MESSAGES.unavailable}</p>
      )}
    </div>
  )
}
